// The crabweb page: plain JavaScript, no build step. It knows no game's rules: the server
// sends each player's picture (an SVG whose clickable parts carry data-* attributes) and
// legal actions, each with the clicks that select it; the page posts the action chosen.
"use strict";

const $ = (id) => document.getElementById(id);
// The seats the server offers (GET /api/games): "human" or "agent:NAME".
let seatKinds = [];

let games = [];      // GET /api/games
let table = null;    // {id, game, seats, humans, tokens}
let viewer = null;   // the human seat whose view is shown
let view = null;     // that seat's last view
let selection = [];  // the click keys chosen so far
let pending = 0;     // requests under way (a test waits for none)
let stream = null;   // the live view's EventSource (real-time games)
let replayAt = 0;    // the replay's move

// Clicks that spell an action even when it is illegal, so that the server can say why.
// (Crab Stack: a crab's space, then where it goes.)
const SPELL = {
  "crab-stack": (player, keys) => keys.length === 2 && keys.every((k) => k.startsWith("cell:"))
    ? { type: "move", player, src: Number(keys[0].slice(5)), dst: Number(keys[1].slice(5)) }
    : null,
};
const SPELL_LENGTH = { "crab-stack": 2 };

async function api(method, path, body) {
  const headers = { "Content-Type": "application/json" };
  if (viewer !== null && table) headers["X-Seat-Token"] = table.tokens[viewer];
  pending++;
  try {
    const response = await fetch(path, {
      method, headers, body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = await response.json();
    if (!response.ok) throw data;
    return data;
  } finally {
    pending--;
  }
}

// A refusal reads as the library's sentence ("A small crab ends only on ..."); its reason
// code stays in the element's data-reason for scripts and tests. A game refused on the
// setup form is said under the form ("setup-error"): the table below is still hidden.
function showError(error, where = "error") {
  const box = $(where);
  box.hidden = !error;
  const message = error ? String(error.message || error.reason) : "";
  box.textContent = message ? message[0].toUpperCase() + message.slice(1) + "." : "";
  box.dataset.reason = error ? error.reason : "";
}

// --- Setting up a game -------------------------------------------------------------

async function loadGames() {
  const listed = await api("GET", "/api/games");
  games = listed.games;
  seatKinds = listed.seats;
  $("game").innerHTML = games.map((g) => `<option value="${g.id}">${g.name}</option>`).join("");
  $("game").addEventListener("change", fillPlayers);
  $("players").addEventListener("change", fillSeats);
  $("setup").addEventListener("submit", (event) => { event.preventDefault(); createTable(); });
  fillPlayers();
}

function currentGame() {
  return games.find((g) => g.id === $("game").value);
}

function fillPlayers() {
  const counts = Object.keys(currentGame().configs);
  $("players").innerHTML = counts.map((n) => `<option>${n}</option>`).join("");
  fillSeats();
}

function seatLabel(kind) {
  return kind === "human" ? "human" : `${kind.slice(6)} agent`;
}

// A player by the name the board shows (red, Boater, P2), capitalised to start a sentence.
function capital(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

function fillSeats() {
  const n = Number($("players").value);
  const names = currentGame().names[n] || [];
  const options = seatKinds.map((kind) => `<option value="${kind}">${seatLabel(kind)}</option>`);
  $("seats").innerHTML = Array.from({ length: n }, (_, p) =>
    `<label><span></span> <select id="seat-${p}">${options.join("")}</select></label>`).join("");
  $("seats").querySelectorAll("label > span").forEach((span, p) => {
    span.textContent = capital(names[p] || `player ${p}`);
  });
  for (let p = 1; p < n; p++) $(`seat-${p}`).value = "agent:plausible";
  fillOptions();
}

// --- The game's options, a form built from its Config's JSON Schema ---------------------
// Fields that change with the player count follow the "Players" choice; the others are
// inputs: a box per boolean, a number, a text (a list: comma-separated), a box per name
// of a set of names (Oh Crab!'s modules and variants), a choice among the values the
// schema lists as a field's examples (Oh Crab!'s scenarios; "none" where null is allowed;
// La Marche's beaches, objects, by their names). Each option reads as the schema's title,
// its description as the tooltip: words, never a field's name or a document.

function optionFields() {
  const game = currentGame();
  const defaults = Object.values(game.configs);
  const props = game.config_schema.properties;
  return Object.keys(props).filter((name) => name !== "format_version" && editable(props[name]) &&
    defaults.every((c) => JSON.stringify(c[name]) === JSON.stringify(defaults[0][name])));
}

// The array a field holds (its non-null choice), or null.
function arrayOf(prop) {
  const found = prop.anyOf ? prop.anyOf.find((p) => p.type === "array") : prop;
  return found && found.type === "array" ? found : null;
}

// What the form offers in words: a box, a number, a text, a list of words or numbers, a
// choice. Others (a board's layout as coordinates) keep the game's default.
function editable(prop) {
  if (prop.examples) return true;
  if (["boolean", "integer", "string"].includes(kindOf(prop).type)) return true;
  const array = arrayOf(prop);
  return Boolean(array && array.items &&
    (array.items.enum || ["string", "integer"].includes(array.items.type)));
}

// A field's JSON type, and whether it may be null (an empty input then).
function kindOf(prop) {
  const kinds = prop.anyOf ? prop.anyOf.map((p) => p.type) : [prop.type];
  return { type: kinds.find((k) => k !== "null"), nullable: kinds.includes("null") };
}

// A name as words: "crystal-ball" reads "crystal ball" (the value sent stays the name).
function spaced(text) {
  return String(text).replaceAll("-", " ").replaceAll("_", " ");
}

function fillOptions() {
  const game = currentGame();
  const config = game.configs[$("players").value];
  const props = game.config_schema.properties;
  const box = $("options");
  box.innerHTML = "";
  for (const name of optionFields()) {
    const prop = props[name];
    const kind = kindOf(prop);
    const value = config[name];
    const label = document.createElement("label");
    label.className = "option";
    label.title = prop.description || "";
    label.dataset.field = name;
    const title = document.createElement("span");
    title.textContent = prop.title || name.replaceAll("_", " ");
    label.appendChild(title);
    const names = prop.items && prop.items.enum;
    const objects = (prop.examples || []).filter((e) => typeof e === "object" && e !== null);
    if (prop.type === "array" && names) {
      for (const item of names) {
        const check = document.createElement("label");
        const box = document.createElement("input");
        box.type = "checkbox";
        box.dataset.option = name;
        box.value = item;
        box.checked = (value || []).includes(item);
        check.append(box, ` ${spaced(item)}`);
        label.appendChild(check);
      }
    } else if (objects.length && objects.length === prop.examples.length) {
      // A choice among whole values (a beach): each by its name, chosen by its place.
      const select = document.createElement("select");
      select.dataset.option = name;
      select.dataset.examples = "objects";
      prop.examples.forEach((example, index) => {
        const option = document.createElement("option");
        option.value = String(index);
        option.textContent = example.name || example.title || `choice ${index + 1}`;
        select.appendChild(option);
      });
      const chosen = prop.examples.findIndex((e) => JSON.stringify(e) === JSON.stringify(value));
      select.value = String(Math.max(chosen, 0));
      label.appendChild(select);
    } else if (prop.examples && prop.examples.includes(value)) {
      const select = document.createElement("select");
      select.dataset.option = name;
      const choices = kind.nullable ? [...prop.examples, null] : prop.examples;
      for (const choice of choices) {
        const option = document.createElement("option");
        option.value = choice === null ? "" : choice;
        option.textContent = choice === null ? "none" : spaced(choice);
        select.appendChild(option);
      }
      select.value = value;
      label.appendChild(select);
    } else {
      const input = document.createElement("input");
      input.dataset.option = name;
      if (kind.type === "boolean") {
        input.type = "checkbox";
        input.checked = Boolean(value);
      } else if (kind.type === "integer") {
        input.type = "number";
        input.value = value === null || value === undefined ? "" : value;
      } else {
        input.type = "text";
        input.value = Array.isArray(value) ? value.join(", ")
          : value === null || value === undefined ? "" : String(value);
      }
      label.appendChild(input);
    }
    box.appendChild(label);
  }
}

function readOptions() {
  const game = currentGame();
  const config = structuredClone(game.configs[$("players").value]);
  const props = game.config_schema.properties;
  for (const name of optionFields()) {
    const prop = props[name];
    const kind = kindOf(prop);
    const inputs = Array.from($("options").querySelectorAll(`[data-option="${name}"]`));
    const text = inputs[0].value;
    if (inputs[0].dataset.examples === "objects") {
      config[name] = structuredClone(prop.examples[Number(text)]);
    } else if (kind.type === "array" && prop.items && prop.items.enum) {
      config[name] = inputs.filter((i) => i.checked).map((i) => i.value);
    } else if (kind.type === "boolean") {
      config[name] = inputs[0].checked;
    } else if (text === "" && kind.nullable) {
      config[name] = null;
    } else if (kind.type === "integer") {
      config[name] = Number(text);
    } else if (kind.type === "array") {
      const words = text.split(",").map((s) => s.trim()).filter((s) => s);
      config[name] = arrayOf(prop).items.type === "integer" ? words.map(Number) : words;
    } else {
      config[name] = text;
    }
  }
  return config;
}

async function createTable() {
  const gameId = $("game").value;
  const n = Number($("players").value);
  const seats = Array.from({ length: n }, (_, p) => $(`seat-${p}`).value);
  let config;
  try {
    config = readOptions();
  } catch (error) {
    showError({ reason: "bad_request", message: `options: ${error.message}` }, "setup-error");
    return;
  }
  showError(null, "setup-error");
  const body = { game: gameId, seats, config };
  if ($("seed").value !== "") body.seed = Number($("seed").value);
  viewer = null;
  closeStream();
  $("replay").hidden = true;
  try {
    table = await api("POST", "/api/tables", body);
  } catch (error) {
    showError(error, "setup-error");
    return;
  }
  $("table").hidden = false;
  $("record-text").hidden = true;
  showError(null);
  if (table.humans.length === 0) {
    $("status").textContent = "Every seat is an agent: nothing for a person to do.";
    return;
  }
  await show(table.humans[0]);
}

// --- Whose view is shown (hot seat) ------------------------------------------------

function closeStream() {
  if (stream) stream.close();
  stream = null;
}

// A real-time game on the server's clock: the server pushes this seat's view as the game
// moves on (Server-Sent Events); the page draws each one as it comes.
function openStream(player) {
  closeStream();
  const url = `/api/tables/${table.id}/players/${player}/stream?token=${table.tokens[player]}`;
  stream = new EventSource(url);
  stream.seat = player;
  stream.addEventListener("view", (message) => {
    if (viewer !== player) return;
    const kept = selection;
    view = JSON.parse(message.data);
    render();
    // A half-made selection stays while it still leads to a legal action.
    selection = candidates(kept).length ? kept : [];
    mark();
    if (view.terminal) closeStream();
  });
}

async function show(player) {
  viewer = player;
  selection = [];
  view = await api("GET", `/api/tables/${table.id}/players/${player}`);
  if (view.live && !view.terminal && (!stream || stream.seat !== player)) openStream(player);
  const next = nextViewer(view);
  if (next !== viewer && table.humans.length > 1) {
    // Another person's turn: hide this view until they say they are at the screen.
    $("play").hidden = true;
    $("legal").innerHTML = "";
    $("log").innerHTML = "";
    $("handoff").hidden = false;
    $("handoff-text").textContent = `${capital(nameOf(next))}'s turn: pass them the screen.`;
    $("reveal").onclick = () => { $("handoff").hidden = true; show(next); };
    return;
  }
  $("handoff").hidden = true;
  $("play").hidden = false;
  render();
}

function nextViewer(v) {
  // The lowest active human seat; the same viewer when no person may act.
  const humans = v.active.filter((p) => table.humans.includes(p));
  if (humans.includes(viewer) || humans.length === 0) return viewer;
  return humans[0];
}

// --- Showing a view ------------------------------------------------------------------

function nameOf(player) {
  return (view && view.names && view.names[player]) || `player ${player}`;
}

function render() {
  $("board").innerHTML = view.svg;
  // Players by the names the board shows; the ending in the game's words.
  if (view.terminal) {
    $("status").textContent = `Game over after ${view.moves} moves. ${capital(view.ending)}.`;
  } else if (view.active.includes(viewer)) {
    $("status").textContent = `${capital(nameOf(viewer))}, your turn.`;
  } else {
    const others = view.active.map(nameOf).join(" and ");
    $("status").textContent = `${capital(nameOf(viewer))}: waiting for ${others}.`;
  }
  $("wait").hidden = !view.real_time || view.live || view.terminal;
  $("replay-open").hidden = !view.terminal;
  $("legal").innerHTML = "";
  view.legal.forEach((item, index) => {
    const li = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "action";
    button.dataset.index = index;
    button.innerHTML = `<code></code><span></span>`;
    button.querySelector("code").textContent = item.notation;
    button.querySelector("span").textContent = item.text;
    button.addEventListener("click", () => post(item.action));
    li.appendChild(button);
    $("legal").appendChild(li);
  });
  $("log").innerHTML = "";
  for (const event of view.events.slice(-40)) {
    const li = document.createElement("li");
    li.textContent = event.text;
    $("log").appendChild(li);
  }
  $("log").scrollTop = $("log").scrollHeight;
  mark();
}

function startsWith(clicks, keys) {
  return keys.length <= clicks.length && keys.every((k, i) => clicks[i] === k);
}

function candidates(keys) {
  return view.legal.filter((item) => startsWith(item.clicks, keys));
}

// Outline what is selected and what may be clicked next; light up the matching actions.
function mark() {
  const board = $("board");
  board.querySelectorAll(".selected, .target").forEach((g) => g.classList.remove("selected", "target"));
  for (const key of selection) for (const g of groupsOf(key)) g.classList.add("selected");
  const open = selection.length ? candidates(selection) : [];
  for (const item of open) {
    const next = item.clicks[selection.length];
    if (next) for (const g of groupsOf(next)) g.classList.add("target");
  }
  const chosen = new Set(open.map((item) => view.legal.indexOf(item)));
  $("legal").querySelectorAll("button").forEach((b) =>
    b.classList.toggle("candidate", chosen.has(Number(b.dataset.index))));
  $("hint").textContent = selection.length
    ? `Selected ${selection.map(labelOf).join(" then ")}: click on, choose in the list, or click it again to cancel.`
    : "";
}

function keyOf(g) {
  const d = g.dataset;
  if (d.crab !== undefined) return `crab:${d.crab}`;
  if (d.ocean !== undefined) return `ocean:${d.ocean}`;
  if (d.slot !== undefined) return `hand:${d.player}:${d.slot}`;
  if (d.cell !== undefined) return `cell:${d.cell}`;
  return null;
}

function labelOf(key) {
  const g = groupsOf(key)[0];
  return (g && g.dataset.label) || key;
}

function groupsOf(key) {
  return Array.from($("board").querySelectorAll("g")).filter((g) => keyOf(g) === key);
}

// Every key under the pointer, the front-most first (a crab, then the space it is on).
function keysAt(event) {
  const keys = [];
  for (const element of document.elementsFromPoint(event.clientX, event.clientY)) {
    const g = element.closest("g");
    const key = g && $("board").contains(g) ? keyOf(g) : null;
    if (key && !keys.includes(key)) keys.push(key);
  }
  return keys;
}

function onBoardClick(event) {
  if (!view || view.terminal) return;
  const keys = keysAt(event);
  if (keys.length === 0) return;
  showError(null);
  if (selection.length && keys.includes(selection[selection.length - 1])) {
    selection = [];  // clicking the last selection again cancels it
    mark();
    return;
  }
  const key = keys.find((k) => candidates([...selection, k]).length > 0);
  if (key === undefined) {
    const tried = [...selection, keys[0]];
    const spelled = SPELL[view.game] ? SPELL[view.game](viewer, tried) : null;
    if (spelled) {
      selection = [];
      post(spelled);  // illegal: the server answers with the rules' reason
    } else if (tried.length < (SPELL_LENGTH[view.game] || 0)) {
      selection = tried;
      mark();
    } else {
      selection = [];
      mark();
      const words = tried.map(labelOf).join(" then ");
      showError({ reason: "no_action", message: `no legal action of yours starts with ${words}` });
    }
    return;
  }
  selection.push(key);
  const open = candidates(selection);
  const complete = open.filter((item) => item.clicks.length === selection.length);
  if (open.length === 1 && complete.length === 1) {
    selection = [];
    post(complete[0].action);
    return;
  }
  mark();
}

async function post(action) {
  try {
    await api("POST", `/api/tables/${table.id}/players/${viewer}/actions`, action);
    showError(null);
  } catch (error) {
    selection = [];
    mark();
    showError(error);
    return;
  }
  await show(viewer);
}

async function waitForAgents() {
  await api("POST", `/api/tables/${table.id}/players/${viewer}/wait`);
  await show(viewer);
}

async function showRecord() {
  // The record as text, a move a line (crabrules.record), not JSON.
  const box = $("record-text");
  box.hidden = false;
  pending++;
  try {
    const response = await fetch(`/api/tables/${table.id}/record?format=text`);
    box.textContent = response.ok ? await response.text() : (await response.json()).message;
  } finally {
    pending--;
  }
}

// --- Replay: step through a finished game ---------------------------------------------

async function replayTo(move) {
  const step = await api("GET", `/api/tables/${table.id}/replay?move=${move}`);
  replayAt = step.move;
  $("replay").hidden = false;
  $("replay-move").textContent = `move ${step.move} of ${step.moves}`;
  $("replay-text").textContent = step.move ? `${step.notation}: ${step.text}` : "The start.";
  $("replay-board").innerHTML = step.svg;
  $("replay-events").innerHTML = "";
  for (const text of step.events) {
    const li = document.createElement("li");
    li.textContent = text;
    $("replay-events").appendChild(li);
  }
  $("replay-first").disabled = $("replay-prev").disabled = step.move === 0;
  $("replay-next").disabled = $("replay-last").disabled = step.move === step.moves;
  $("replay-last").dataset.moves = step.moves;
}

document.addEventListener("DOMContentLoaded", () => {
  $("board").addEventListener("click", onBoardClick);
  $("wait").addEventListener("click", waitForAgents);
  $("record").addEventListener("click", showRecord);
  $("replay-open").addEventListener("click", () => replayTo(0));
  $("replay-first").addEventListener("click", () => replayTo(0));
  $("replay-prev").addEventListener("click", () => replayTo(replayAt - 1));
  $("replay-next").addEventListener("click", () => replayTo(replayAt + 1));
  $("replay-last").addEventListener("click", () => replayTo(Number($("replay-last").dataset.moves)));
  loadGames();
});
