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
let replayAsked = 0; // how many replay steps were asked for

// Clicks that spell an action even when it is illegal, so that the server can say why.
// (Crab Stack: a crab's space, then where it goes.)
const SPELL = {
  "crab-stack": (player, keys) => keys.length === 2 && keys.every((k) => k.startsWith("cell:"))
    ? { type: "move", player, src: Number(keys[0].slice(5)), dst: Number(keys[1].slice(5)) }
    : null,
};
const SPELL_LENGTH = { "crab-stack": 2 };

// A request as seat `seat` (by default the one shown): its token goes in a header.
async function api(method, path, body, seat = viewer) {
  const headers = { "Content-Type": "application/json" };
  if (seat !== null && table && table.tokens[seat]) headers["X-Seat-Token"] = table.tokens[seat];
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
  // One seat per browser: the creator keeps the first person's seat, the others get a
  // join link each. Hot seat: every person plays on this screen.
  const first = seats.indexOf("human");
  if (!$("hotseat").checked && first >= 0) body.hold = [first];
  if (!$("listed").checked) body.listed = false;  // only its links lead to it
  viewer = null;
  closeStream();
  $("replay").hidden = true;
  try {
    table = await api("POST", "/api/tables", body);
  } catch (error) {
    showError(error, "setup-error");
    return;
  }
  keepTokens(table.id, table.tokens);
  table.humans = heldSeats(table.tokens);
  $("record-text").hidden = true;
  showError(null);
  if (table.humans.length === 0) {
    // Every seat is an agent: the game is watched (live in real time), then replayed.
    history.pushState(null, "", table.watch);
    await watch(table.id);
    // A server that plays such a game at once (no pace): it plays out in the replay.
    if (view && view.terminal && view.moves > 0) {
      await replayTo(0);
      toggleAutoplay();
    }
    return;
  }
  history.pushState(null, "", `/?table=${table.id}&seat=${table.humans[0]}`);
  await enterSeat(table.humans[0]);
}

// --- Whose view is shown (hot seat) ------------------------------------------------

function closeStream() {
  if (stream) stream.close();
  stream = null;
}

// The server pushes the view as the game moves on (Server-Sent Events): the other
// browsers' moves, the agents' on the server's clock. A spectator's stream (player null)
// is the public view. Once the game is over, "again" names the rematch.
function openStream(player) {
  closeStream();
  const url = player === null ? `/api/tables/${table.id}/stream`
    : `/api/tables/${table.id}/players/${player}/stream?token=${table.tokens[player]}`;
  stream = new EventSource(url);
  stream.seat = player;
  stream.addEventListener("view", (message) => {
    if (viewer !== player) return;
    const pushed = JSON.parse(message.data);
    if (player !== null && table.humans.length > 1 && !pushed.real_time) {
      show(viewer);  // hot seat: the hand-off screen when another person is to move
      return;
    }
    const kept = selection;
    view = stamp(pushed);
    render();
    // A half-made selection stays while it still leads to a legal action.
    selection = candidates(kept).length ? kept : [];
    mark();
  });
  stream.addEventListener("again", (message) => {
    if (view) view.next = JSON.parse(message.data).id;
    showAgain();
    closeStream();
  });
}

// When a view came: the page runs the real-time clock on from it.
function stamp(v) {
  v.received = performance.now();
  return v;
}

async function show(player) {
  viewer = player;
  selection = [];
  view = stamp(await api("GET", `/api/tables/${table.id}/players/${player}`));
  if (!view.terminal && (!stream || stream.seat !== player)) openStream(player);
  const next = nextViewer(view);
  if (next !== viewer && table.humans.length > 1 && !view.real_time) {
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
  if (view.terminal && view.next) showAgain();
}

function nextViewer(v) {
  // The lowest active human seat; the same viewer when no person may act.
  const humans = v.active.filter((p) => table.humans.includes(p));
  if (humans.includes(viewer) || humans.length === 0) return viewer;
  return humans[0];
}

// --- Showing a view ------------------------------------------------------------------

// A player by the name the board shows ("red"), and the name its person gave, if any.
function nameOf(player) {
  const shown = (view && view.names && view.names[player]) || `seat ${player + 1}`;
  const person = view && view.people && view.people[player];
  return person ? `${shown} (${person})` : shown;
}

function render() {
  $("board").innerHTML = view.svg;
  // Players by the names the board shows; the ending in the game's words.
  const watching = viewer === null;
  if (view.terminal) {
    $("status").textContent = `Game over after ${view.moves} moves. ${capital(view.ending)}.`;
  } else if (!watching && view.active.includes(viewer)) {
    $("status").textContent = `${capital(nameOf(viewer))}, your turn.`;
  } else {
    const others = view.active.map(nameOf).join(" and ");
    $("status").textContent = watching ? `Watching: ${others} to play.`
      : `${capital(nameOf(viewer))}: waiting for ${others}.`;
  }
  $("wait").hidden = watching || !view.real_time || view.live || view.terminal;
  $("replay-open").hidden = !view.terminal;
  $("actions").hidden = watching;
  showClock();
  $("legal").innerHTML = "";
  view.legal.forEach((item, index) => {
    const li = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "action";
    button.dataset.index = index;
    button.innerHTML = `<code></code><span></span>`;
    // A call's time is the server's clock when it arrives: the list says "now".
    button.querySelector("code").textContent = untimed(item.notation);
    button.querySelector("span").textContent = item.text.replace(/ at [0-9.e+-]+ s$/, " now");
    button.addEventListener("click", () => post(item.action));
    li.appendChild(button);
    $("legal").appendChild(li);
  });
  showMoves();
  mark();
  showAgain();
  showInvites();
}

// A move's notation without its clock reading ("P0 call P1 @0.0" reads "P0 call P1").
function untimed(notation) {
  return notation.replace(/ @[0-9.e+-]+$/, "");
}

// The moves so far, each what it did in words; a click shows the table after it.
function showMoves() {
  const byMove = new Map();
  for (const event of view.events) {
    if (!byMove.has(event.move)) byMove.set(event.move, []);
    byMove.get(event.move).push(event.text);
  }
  $("log").innerHTML = "";
  for (const [move, texts] of byMove) {
    const li = document.createElement("li");
    li.value = move;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "move";
    button.dataset.move = move;
    button.textContent = texts.join("; ");
    button.addEventListener("click", () => replayTo(move));
    li.appendChild(button);
    $("log").appendChild(li);
  }
  $("log").scrollTop = $("log").scrollHeight;
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
    : typedHint();
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
  // Steps asked quickly one after another (arrow keys): each counts from the last asked,
  // and only the last answer is shown.
  const asked = ++replayAsked;
  replayAt = move;
  let step;
  try {
    step = await api("GET", `/api/tables/${table.id}/replay?move=${move}`);
  } catch (error) {
    showError(error);  // a hidden-information game is replayed once it is over
    return;
  }
  if (asked !== replayAsked) return;
  replayAt = step.move;
  $("replay").hidden = false;
  $("replay-move").textContent = `move ${step.move} of ${step.moves}`;
  $("replay-text").textContent = step.move ? `${untimed(step.notation)}: ${step.text}` : "The start.";
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
  $("replay-play").disabled = step.move === step.moves;
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
  startTogether();
});
