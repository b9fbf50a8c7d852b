// The page of `variants serve`: the form that creates a game, and the game itself (a board
// drawn by the server as SVG, whose cells carry data-cell="e2@1"; moves by clicking).
"use strict";

const $ = (id) => document.getElementById(id);

async function api(method, path, body) {
  const response = await fetch(path, {
    method,
    headers: body ? { "Content-Type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  let data = null;
  try {
    data = await response.json();
  } catch (_) {
    data = { error: "the server sent no JSON (" + response.status + ")" };
  }
  if (!response.ok) {
    throw new Error((data && data.error) || "HTTP " + response.status);
  }
  return data;
}

// ---------------------------------------------------------------- the form

async function showCreate() {
  $("create").hidden = false;
  const info = await api("GET", "/api/info");
  const select = $("game-select");
  for (const g of info.games) {
    const option = document.createElement("option");
    option.value = g.name;
    option.textContent = g.name;
    select.appendChild(option);
  }
  const fill = () => {
    const g = info.games.find((x) => x.name === select.value);
    $("game-description").textContent = g.description;
    const config = $("config-fields");
    config.replaceChildren(Object.assign(document.createElement("legend"), { textContent: "Configuration" }));
    for (const k of g.keys) {
      const label = document.createElement("label");
      label.title = k.description + " (allowed: " + k.allowed + ")";
      const input = document.createElement("input");
      input.name = k.name;
      input.dataset.key = k.name;
      input.placeholder = k.default;
      input.size = 18;
      label.append(k.name + " ", input, " ");
      const hint = document.createElement("span");
      hint.className = "muted";
      hint.textContent = k.description;
      label.append(hint);
      config.appendChild(label);
    }
    const seats = $("seat-fields");
    seats.replaceChildren(Object.assign(document.createElement("legend"), { textContent: "Players" }));
    for (const seat of g.seats) {
      const label = document.createElement("label");
      const kind = document.createElement("select");
      kind.dataset.seat = seat;
      kind.name = "player-" + seat;
      for (const [value, text] of [["human", "human"], ["engine", "engine"]]) {
        kind.appendChild(Object.assign(document.createElement("option"), { value, textContent: text }));
      }
      const ms = document.createElement("input");
      ms.type = "number";
      ms.min = "1";
      ms.max = "60000";
      ms.value = "1000";
      ms.dataset.movetime = seat;
      ms.name = "movetime-" + seat;
      ms.style.width = "6em";
      label.append(seat + " ", kind, " engine time (ms) ", ms);
      seats.appendChild(label);
    }
  };
  select.addEventListener("change", fill);
  fill();
  $("create-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    $("create-error").textContent = "";
    const config = [];
    for (const input of $("config-fields").querySelectorAll("input[data-key]")) {
      if (input.value.trim() !== "") config.push(input.dataset.key + "=" + input.value.trim());
    }
    const players = {};
    for (const kind of $("seat-fields").querySelectorAll("select[data-seat]")) {
      const seat = kind.dataset.seat;
      const ms = $("seat-fields").querySelector('input[data-movetime="' + seat + '"]').value;
      players[seat] = kind.value === "engine" ? "engine:movetime=" + ms : "human";
    }
    try {
      const created = await api("POST", "/api/games", {
        game: select.value,
        config: config.join(";"),
        players,
        one_token: $("one-token").checked,
      });
      const list = $("links");
      list.replaceChildren();
      for (const [seat, path] of Object.entries(created.links)) {
        const url = new URL(path, location.href).href;
        const li = document.createElement("li");
        const a = Object.assign(document.createElement("a"), { href: url, textContent: "open as " + seat });
        a.dataset.seatLink = seat;
        const code = Object.assign(document.createElement("code"), { textContent: url });
        li.append(a, " ", code);
        list.appendChild(li);
      }
      $("created").hidden = false;
    } catch (e) {
      $("create-error").textContent = e.message;
    }
  });
}

// ---------------------------------------------------------------- the game

const CELL = /[a-z]\d{1,2}(?:@\d+)?/g;

// A move text as clicks: its first cell, its last cell, and what follows (promotion letter).
function moveShape(text) {
  const cells = text.match(CELL) || [];
  if (cells.length === 0) return { text, from: null, to: null };
  const last = cells[cells.length - 1];
  const tail = text.slice(text.lastIndexOf(last) + last.length);
  return { text, from: cells[0], to: last, tail };
}

const game = {
  id: null,
  token: null,
  seat: null,
  state: null,
  selected: null,
  shapes: [],
};

function mySeats(state) {
  if (!game.token) return [];
  if (state.one_token) {
    return state.seats.filter((s) => state.players[s] === "human");
  }
  return game.seat ? [game.seat] : [];
}

function myTurn(state) {
  return state.status.result === "ongoing" && mySeats(state).includes(state.to_move);
}

function clearMarks() {
  for (const el of $("board").querySelectorAll(".selected, .dest")) {
    el.classList.remove("selected", "dest");
  }
}

function cellElement(name) {
  return $("board").querySelector('[data-cell="' + CSS.escape(name) + '"]');
}

function select(cell) {
  clearMarks();
  game.selected = cell;
  const from = cellElement(cell);
  if (from) from.classList.add("selected");
  for (const m of game.shapes) {
    if (m.from === cell) {
      const el = cellElement(m.to);
      if (el) el.classList.add("dest");
    }
  }
}

function chooseAmong(moves) {
  $("choice").hidden = false;
  const buttons = $("choice-buttons");
  buttons.replaceChildren();
  for (const m of moves) {
    const b = Object.assign(document.createElement("button"), {
      type: "button",
      textContent: m.tail ? m.tail.toUpperCase() + " (" + m.text + ")" : m.text,
    });
    b.dataset.move = m.text;
    b.addEventListener("click", () => {
      $("choice").hidden = true;
      sendMove(m.text);
    });
    buttons.appendChild(b);
  }
}

function onBoardClick(event) {
  const target = event.target.closest("[data-cell]");
  const state = game.state;
  if (!target || !state || !myTurn(state)) return;
  const cell = target.dataset.cell;
  $("choice").hidden = true;
  if (game.selected && game.selected !== cell) {
    const candidates = game.shapes.filter((m) => m.from === game.selected && m.to === cell);
    if (candidates.length === 1) {
      sendMove(candidates[0].text);
      return;
    }
    if (candidates.length > 1) {
      chooseAmong(candidates);
      return;
    }
  }
  if (game.shapes.some((m) => m.from === cell)) {
    select(game.selected === cell ? null : cell);
  } else {
    clearMarks();
    game.selected = null;
  }
}

async function sendMove(text) {
  clearMarks();
  game.selected = null;
  $("error").textContent = "";
  try {
    await api("POST", "/api/games/" + game.id + "/moves", { move: text, token: game.token });
  } catch (e) {
    $("error").textContent = e.message;
  }
}

async function action(name) {
  $("error").textContent = "";
  try {
    await api("POST", "/api/games/" + game.id + "/" + name, { token: game.token, seat: game.seat || undefined });
  } catch (e) {
    $("error").textContent = e.message;
  }
}

function render(state) {
  game.state = state;
  game.selected = null;
  $("choice").hidden = true;
  $("game-title").textContent = state.game;
  $("game-config").textContent = state.config;
  const mine = mySeats(state);
  $("you").textContent = mine.length ? "You play " + mine.join(", ") + "." : "You are watching.";
  $("board").innerHTML = state.board || "";
  game.shapes = state.moves.map(moveShape);
  let status;
  if (state.status.result === "ongoing") {
    status = state.to_move + " to move" + (myTurn(state) ? " — your move" : "");
  } else {
    status = "Game over: " + state.status.text;
  }
  $("status").textContent = status;
  $("status").dataset.result = state.status.result;
  $("engine-reply").textContent = state.engine_reply
    ? "The engine (" + state.engine_reply.seat + ") played " + state.engine_reply.move + "."
    : "";
  const history = $("history");
  history.replaceChildren();
  state.history.forEach((text) => {
    history.appendChild(Object.assign(document.createElement("li"), { textContent: text }));
  });
  history.scrollTop = history.scrollHeight;
  const players = $("players");
  players.replaceChildren();
  for (const seat of state.seats) {
    const li = document.createElement("li");
    li.textContent = seat + ": " + state.players[seat] + (seat === state.to_move ? "  ←" : "");
    players.appendChild(li);
  }
  $("position").textContent = state.position;
  // Moves without cells (a pass in "Bishops") get buttons.
  const extra = $("extra-moves");
  extra.replaceChildren();
  if (myTurn(state)) {
    for (const m of game.shapes.filter((s) => s.from === null)) {
      const b = Object.assign(document.createElement("button"), { type: "button", textContent: m.text });
      b.dataset.move = m.text;
      b.addEventListener("click", () => sendMove(m.text));
      extra.appendChild(b);
    }
  }
  const playing = mine.length > 0 && state.status.result === "ongoing";
  $("resign").disabled = !playing;
  $("draw").disabled = !playing;
  $("undo").disabled = mine.length === 0 || state.ply === 0;
  $("claim").hidden = !(state.claimable && myTurn(state));
  const offers = [];
  if (state.draw_offers.length) offers.push("draw offered by " + state.draw_offers.join(", "));
  if (state.undo_requests.length) offers.push("take-back asked by " + state.undo_requests.join(", "));
  $("offers").textContent = offers.join("; ");
  $("draw").textContent = state.draw_offers.length && !state.draw_offers.some((s) => mine.includes(s)) ? "Accept draw" : "Offer draw";
  $("undo").textContent = state.undo_requests.length && !state.undo_requests.some((s) => mine.includes(s)) ? "Agree to take back" : "Take back";
  // The game says whether its cells carry notes (view.notes), not its name.
  $("strength-toggle").hidden = !(state.view && state.view.notes);
  document.body.dataset.ply = String(state.ply);
}

function showGame(id) {
  $("play").hidden = false;
  game.id = id;
  const params = new URLSearchParams(location.hash.slice(1));
  game.token = params.get("token");
  game.seat = params.get("seat");
  $("board").addEventListener("click", onBoardClick);
  $("choice-cancel").addEventListener("click", () => {
    $("choice").hidden = true;
    clearMarks();
  });
  $("resign").addEventListener("click", () => {
    if (confirm("Resign?")) action("resign");
  });
  $("draw").addEventListener("click", () => action("draw"));
  $("claim").addEventListener("click", () => action("claim"));
  $("undo").addEventListener("click", () => action("undo"));
  $("strength").addEventListener("change", (e) => {
    $("board").classList.toggle("strengths", e.target.checked);
  });
  const events = new EventSource("/api/games/" + id + "/events");
  events.addEventListener("state", (e) => {
    $("error").textContent = "";
    render(JSON.parse(e.data));
  });
  events.addEventListener("error", () => {
    $("error").textContent = "connection lost; reconnecting…";
  });
}

const match = location.pathname.match(/^\/play\/([0-9a-f]{1,64})$/);
if (match) {
  showGame(match[1]);
} else {
  showCreate().catch((e) => {
    $("create-error").textContent = e.message;
  });
}
