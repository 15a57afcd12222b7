// Playing together (loaded after app.js): the lobby, a seat per browser, spectators,
// "play again", the real-time clock and the keyboard.
//
// The address says what the page shows: "/" the lobby and the setup form;
// "/?table=ID&join=P" takes seat P of game ID (once: its token comes back, and is kept in
// this browser's localStorage); "/?table=ID&seat=P" plays that seat, after a reload too;
// "/?table=ID&watch=1" watches the public view.
"use strict";

let typed = "";        // the action number typed so far (keyboard play)
let autoplay = null;   // the replay's timer while it plays by itself
let invited = null;    // the free seats the invite links were last shown for

// --- Seat tokens, kept in this browser ----------------------------------------------

function tokensOf(tableId) {
  try {
    const kept = JSON.parse(localStorage.getItem(`crabweb:${tableId}`) || "{}");
    return kept && typeof kept === "object" ? kept : {};
  } catch (error) {
    return {};  // a damaged entry: as if none
  }
}

function keepTokens(tableId, tokens) {
  const kept = { ...tokensOf(tableId), ...tokens };
  localStorage.setItem(`crabweb:${tableId}`, JSON.stringify(kept));
  return kept;
}

function heldSeats(tokens) {
  return Object.keys(tokens).map(Number).sort((a, b) => a - b);
}

function notice(text, watchId) {
  const box = $("notice");
  box.hidden = !text;
  box.textContent = text || "";
  if (watchId) {
    const link = document.createElement("a");
    link.href = `/?table=${watchId}&watch=1`;
    link.textContent = "Watch this game";
    box.append(" ", link);
  }
}

// --- Where the address leads ----------------------------------------------------------

async function startTogether() {
  await loadGames();
  const params = new URLSearchParams(location.search);
  const id = params.get("table");
  if (id === null) {
    showLobby();
    return;
  }
  $("home").hidden = true;
  if (!/^[\w-]{1,64}$/.test(id)) {  // the server's ids are short and URL-safe
    notice("There is no such game on this server: check the link.");
    return;
  }
  if (params.has("watch")) {
    await watch(id);
  } else if (params.has("join")) {
    await join(id, params.get("join"));
  } else {
    table = { id, tokens: tokensOf(id) };
    table.humans = heldSeats(table.tokens);
    const seat = Number(params.get("seat"));
    if (!table.tokens[seat]) {
      notice("This browser holds no seat at this game: ask its host for a join link.", id);
      return;
    }
    await enterSeat(seat);
  }
}

async function join(id, seat) {
  let tokens = tokensOf(id);
  if (!tokens[seat]) {
    try {
      const taken = await api("POST", `/api/tables/${encodeURIComponent(id)}/seats/${encodeURIComponent(seat)}`);
      tokens = keepTokens(id, { [taken.player]: taken.token });
    } catch (error) {
      notice(`${capital(String(error.message || error.reason))}.`, error.reason === "seat_taken" ? id : null);
      return;
    }
  }
  history.replaceState(null, "", `/?table=${id}&seat=${seat}`);
  table = { id, tokens, humans: heldSeats(tokens) };
  await enterSeat(Number(seat));
}

async function enterSeat(seat) {
  $("home").hidden = true;
  $("seat-switch").hidden = table.humans.length < 2;
  $("seat-switch").innerHTML = "";
  try {
    await show(seat);
  } catch (error) {  // the game is gone (a server without its database), or the token
    notice(`${capital(String(error.message || error.reason))}.`);
    return;
  }
  $("table").hidden = false;
  // One person, one seat: the name this browser last gave goes with it.
  const known = localStorage.getItem("crabweb:name") || "";
  $("name-box").hidden = table.humans.length > 1;
  $("my-name").value = (view.people && view.people[seat]) || known;
  if (table.humans.length === 1 && known && !(view.people && view.people[seat])) {
    await giveName(known);
  }
  for (const p of table.humans) {
    const option = document.createElement("option");
    option.value = p;
    option.textContent = capital(nameOf(p));
    $("seat-switch").appendChild(option);
  }
  $("seat-switch").value = seat;
}

async function watch(id) {
  $("home").hidden = true;
  table = { id, tokens: {}, humans: [] };
  viewer = null;
  try {
    view = stamp(await api("GET", `/api/tables/${encodeURIComponent(id)}`));
  } catch (error) {
    notice(`${capital(String(error.message || error.reason))}.`);
    return;
  }
  $("table").hidden = false;
  $("handoff").hidden = true;
  render();
  if (!view.terminal) openStream(null);
  if (view.next) showAgain();
}

// --- The lobby --------------------------------------------------------------------------

async function showLobby() {
  $("home").hidden = false;
  const listed = (await api("GET", "/api/lobby")).games;
  const list = $("lobby-list");
  list.innerHTML = "";
  $("lobby-empty").hidden = listed.length > 0;
  for (const game of listed) {
    const li = document.createElement("li");
    li.dataset.table = game.id;
    const title = document.createElement("strong");
    title.textContent = `${game.name}, ${game.moves} moves`;
    li.appendChild(title);
    for (const seat of game.seats) {
      const part = document.createElement(seat.free ? "a" : "span");
      part.className = seat.free ? "free-seat" : "seat";
      const who = seat.kind !== "human" ? seatLabel(seat.kind) : seat.person || "taken";
      part.textContent = seat.free ? `Sit as ${seat.name}` : `${capital(seat.name)} (${who})`;
      if (seat.free) part.href = `/?table=${game.id}&join=${seat.player}`;
      li.append(" ", part);
    }
    const look = document.createElement("a");
    look.href = `/?table=${game.id}&watch=1`;
    look.className = "watch";
    look.textContent = "Watch";
    li.append(" ", look);
    list.appendChild(li);
  }
}

// The links to give the other people (a join link per free seat), and to spectators.
function showInvites() {
  const free = view.terminal ? [] : view.free || [];
  const entries = free.map((p) => [`Join as ${nameOf(p)}`, `/?table=${table.id}&join=${p}`]);
  entries.push(["Watch", `/?table=${table.id}&watch=1`]);
  const links = $("links");
  links.innerHTML = "";
  for (const [label, path] of entries) {
    const li = document.createElement("li");
    const input = document.createElement("input");
    input.readOnly = true;
    input.value = new URL(path, location.origin).href;
    input.addEventListener("focus", () => input.select());
    li.append(`${label}: `, input);
    links.appendChild(li);
  }
  $("invite-note").textContent = (free.length ? "Send each person their link; anyone may watch."
    : "Anyone may watch with this link.") +
    (viewer === null ? "" : " This browser keeps your seat: reload at will.");
  $("invite").hidden = false;
  // Open while seats are free (the links to send), and whenever that changes.
  if (String(free) !== invited) $("invite-box").open = free.length > 0;
  invited = String(free);
}

async function giveName(name) {
  try {
    const given = await api("POST", `/api/tables/${table.id}/players/${viewer}/name`, { name });
    localStorage.setItem("crabweb:name", given.name);
    $("my-name").value = given.name;
    showError(null);
  } catch (error) {
    showError(error);
  }
}

// --- Play again -------------------------------------------------------------------------

function showAgain() {
  const box = $("again-box");
  box.hidden = !view || !view.terminal;
  if (box.hidden) return;
  $("again").hidden = viewer === null;
  $("again").textContent = view.next ? "Join the next game (same seats)" : "Play again (same seats)";
  $("watch-next").hidden = viewer !== null || !view.next;
  if (view.next) $("watch-next").href = `/?table=${view.next}&watch=1`;
}

async function playAgain() {
  let next = null;
  const tokens = {};
  try {
    for (const p of table.humans) {  // hot seat: every seat this browser holds
      const rematch = await api("POST", `/api/tables/${table.id}/players/${p}/again`, undefined, p);
      next = rematch.id;
      tokens[p] = rematch.token;
    }
  } catch (error) {
    showError(error);
    return;
  }
  keepTokens(next, tokens);
  location.assign(`/?table=${next}&seat=${viewer}`);
}

// --- The real-time clock ------------------------------------------------------------------

function clockNow() {
  if (!view.live || view.terminal) return view.clock;
  return view.clock + ((performance.now() - view.received) / 1000) * (view.speed || 1);
}

// You've Got Crabs: the clock, an open call's time left to call back, and whom the table
// waits for (the people who may act; the agents act on their own).
function showClock() {
  const box = $("clock");
  box.hidden = !view || !view.real_time;
  if (box.hidden) return;
  const elapsed = (view.clock === undefined ? 0 : clockNow()) - (view.clock || 0);
  const parts = [`Clock ${clockNow().toFixed(1)} s`];
  for (const call of view.calls || []) {
    const left = Math.max(0, call.left - elapsed);
    parts.push(`${capital(nameOf(call.caller))} called ${nameOf(call.target)}: ` +
      `${left.toFixed(1)} s left to call back`);
  }
  if (!view.terminal) {
    const people = (view.waiting_for || []).map((p) => p === viewer ? `${nameOf(p)} (you)` : nameOf(p));
    parts.push(people.length ? `The table waits for ${people.join(", ")}` : "The agents are playing");
  }
  box.textContent = parts.join(" · ");
}

// --- The keyboard: digits and Enter play an action, arrows step through the replay -------

function onKey(event) {
  if (event.target.closest && event.target.closest("input, select, textarea")) return;
  if (!$("replay").hidden && ["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) {
    const last = Number($("replay-last").dataset.moves);
    const to = { ArrowLeft: replayAt - 1, ArrowRight: replayAt + 1, Home: 0, End: last }[event.key];
    if (to >= 0 && to <= last) replayTo(to);
    event.preventDefault();
    return;
  }
  if (!view || viewer === null || view.terminal) return;
  if (/^[0-9]$/.test(event.key) && typed.length < 4) {
    typed += event.key;
  } else if (event.key === "Backspace") {
    typed = typed.slice(0, -1);
  } else if (event.key === "Escape") {
    typed = "";
    selection = [];
  } else if (event.key === "Enter" && typed) {
    const item = view.legal[Number(typed) - 1];
    typed = "";
    event.preventDefault();
    if (item) post(item.action);
    else showError({ reason: "no_action", message: "no action has that number" });
  } else {
    return;
  }
  mark();
}

// The action typed so far, lit in the list and said under the board (mark() calls it:
// a view pushed meanwhile keeps it).
function typedHint() {
  const item = typed ? view.legal[Number(typed) - 1] : null;
  $("legal").querySelectorAll("button").forEach((b) =>
    b.classList.toggle("typed", Boolean(item) && Number(b.dataset.index) === Number(typed) - 1));
  if (!typed) return "";
  return item ? `Action ${typed}: ${untimed(item.notation)}. Enter plays it, Escape cancels.`
    : `No action ${typed}. Backspace or Escape.`;
}

function toggleAutoplay() {
  if (autoplay !== null) {
    clearInterval(autoplay);
    autoplay = null;
    $("replay-play").textContent = "Play";
    return;
  }
  $("replay-play").textContent = "Pause";
  autoplay = setInterval(() => {
    const last = Number($("replay-last").dataset.moves);
    if (replayAt >= last) toggleAutoplay();
    else replayTo(replayAt + 1);
  }, 700);
}

document.addEventListener("DOMContentLoaded", () => {
  document.addEventListener("keydown", onKey);
  $("again").addEventListener("click", playAgain);
  $("my-name").addEventListener("change", () => giveName($("my-name").value));
  $("seat-switch").addEventListener("change", () => show(Number($("seat-switch").value)));
  $("lobby-refresh").addEventListener("click", showLobby);
  $("replay-play").addEventListener("click", toggleAutoplay);
  // The lobby keeps itself up to date while it is shown.
  setInterval(() => { if (!$("home").hidden && pending === 0) showLobby(); }, 5000);
  setInterval(() => { if (view && view.real_time && !$("table").hidden) showClock(); }, 200);
});
