// The page of `variants serve`: the lobby and the form that creates a game, and the game
// itself. The server sends each position as SVG (cells are groups carrying data-cell="e2@1");
// the page reads the cells out of it and draws them itself: one large board for the focused
// height, the other heights as small maps, turned so the viewing seat sits at the bottom. What
// a game needs drawn (boards, seats' colours and turns, frames, borrowed glyphs) comes from the
// state's `view`: the page never tests a game's name.
"use strict";

const $ = (id) => document.getElementById(id);
const SVG_NS = "http://www.w3.org/2000/svg";
const CELL = /[a-z]\d{1,2}(?:@\d+)?/g;
const UNIT = 40; // the server's cell size, in SVG units
const ZOOM_CELL = 56; // CSS px a cell of the zoomed large board

function svgEl(tag, attrs = {}, parent = null) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (parent) parent.appendChild(el);
  return el;
}

// A failed fetch (no server) says so plainly instead of the browser's "Failed to fetch".
async function api(method, path, body) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: body ? { "Content-Type": "application/json" } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch (_) {
    const e = new Error("the server cannot be reached (stopped or restarting); nothing was sent");
    e.offline = true;
    throw e;
  }
  let data = null;
  try {
    data = await response.json();
  } catch (_) {
    data = { error: "the server sent no JSON (" + response.status + ")" };
  }
  if (!response.ok) {
    const e = new Error((data && data.error) || "HTTP " + response.status);
    e.status = response.status;
    throw e;
  }
  return data;
}

// ---------------------------------------------------------------- links kept in the browser

const STORE_KEY = "variants.links";

function savedLinks() {
  try {
    return JSON.parse(localStorage.getItem(STORE_KEY) || "[]");
  } catch (_) {
    return [];
  }
}

function saveLinks(entry) {
  const all = savedLinks().filter((e) => !(e.id === entry.id && e.label === entry.label));
  all.unshift(entry);
  localStorage.setItem(STORE_KEY, JSON.stringify(all.slice(0, 50)));
}

async function copyText(text, button) {
  try {
    await navigator.clipboard.writeText(text);
  } catch (_) {
    // No clipboard permission (plain http on another machine): copy through a selection.
    const area = Object.assign(document.createElement("textarea"), { value: text });
    document.body.appendChild(area);
    area.select();
    document.execCommand("copy");
    area.remove();
  }
  button.textContent = "copied";
  setTimeout(() => (button.textContent = "copy"), 1500);
}

function linkItem(label, path, attrs = {}) {
  const url = new URL(path, location.href).href;
  const li = document.createElement("li");
  const a = Object.assign(document.createElement("a"), { href: url, textContent: label });
  Object.assign(a.dataset, attrs);
  const code = Object.assign(document.createElement("code"), { textContent: url });
  const copy = Object.assign(document.createElement("button"), { type: "button", textContent: "copy", className: "copy" });
  copy.addEventListener("click", () => copyText(url, copy));
  li.append(a, " ", copy, " ", code);
  return li;
}

// A time control as players write it: "5 min + 3 s", "10 s + 0 s", "1.5 min + 2 s" (a
// control under a minute in seconds, not "0.2 min").
function clockText(clock) {
  if (!clock) return "no clock";
  const seconds = (ms) => String(Math.round(ms / 100) / 10);
  const initial = clock.initial_ms < 60000
    ? seconds(clock.initial_ms) + " s"
    : String(Math.round(clock.initial_ms / 6000) / 10) + " min";
  return initial + " + " + seconds(clock.increment_ms) + " s";
}

// ---------------------------------------------------------------- the lobby

// The player's name, kept in this browser: given with a game created or a seat taken.
const NAME_KEY = "variants.name";
function myName() {
  const field = $("your-name");
  const name = ((field && field.value) || localStorage.getItem(NAME_KEY) || "").trim();
  return name;
}

async function takeSeat(id, seat, game) {
  const name = myName();
  const taken = await api("POST", "/api/games/" + id + "/seats/" + seat, name ? { name } : {});
  saveLinks({ id, game, label: seat, links: { [seat]: taken.link }, watch: "/play/" + id });
  location.href = new URL(taken.link, location.href).href;
}

// A seat the lobby offered but could not give (someone else was quicker): said at the game it
// belongs to, by name, and kept there across the lobby's refreshes.
const lobbyNotes = new Map(); // game id -> what happened

function lobbyNote(li, id) {
  if (!lobbyNotes.has(id)) return;
  li.append(Object.assign(document.createElement("span"), { className: "error take-error", role: "alert", textContent: " " + lobbyNotes.get(id) }));
}

async function showLobby() {
  const [open, busy] = await Promise.all([api("GET", "/api/games?open=true"), api("GET", "/api/games?open=false")]);
  const openList = $("open-games");
  openList.replaceChildren();
  for (const g of open.games) {
    const li = document.createElement("li");
    li.dataset.game = g.id;
    li.append(g.game + " (" + g.config + ", " + clockText(g.clock) + ", " + g.ply + " moves) ");
    for (const seat of g.free_seats) {
      const b = Object.assign(document.createElement("button"), { type: "button", textContent: "play " + seat });
      b.dataset.take = seat;
      b.addEventListener("click", () =>
        takeSeat(g.id, seat, g.game).catch((e) => {
          lobbyNotes.set(g.id, g.game + " " + g.id.slice(0, 6) + ", " + seat + ": " + e.message + (e.status === 409 ? " (taken meanwhile; the list is read again)" : ""));
          b.disabled = true;
          lobbyNote(li, g.id);
          showLobby().catch(() => {});
        }),
      );
      li.append(b, " ");
    }
    li.append(Object.assign(document.createElement("a"), { href: g.watch, textContent: "watch" }));
    lobbyNote(li, g.id);
    openList.appendChild(li);
  }
  if (!open.games.length) openList.appendChild(Object.assign(document.createElement("li"), { textContent: "none at the moment", className: "muted" }));
  const watchList = $("watch-games");
  watchList.replaceChildren();
  for (const g of busy.games) {
    const li = document.createElement("li");
    li.dataset.game = g.id;
    li.append(g.game + " (" + g.config + ", " + clockText(g.clock) + ", " + g.ply + " moves) ");
    li.append(Object.assign(document.createElement("a"), { href: g.watch, textContent: "watch" }));
    lobbyNote(li, g.id);
    watchList.appendChild(li);
  }
  if (!busy.games.length) watchList.appendChild(Object.assign(document.createElement("li"), { textContent: "none at the moment", className: "muted" }));
  const mine = savedLinks();
  $("my-games-box").hidden = mine.length === 0;
  const list = $("my-games");
  list.replaceChildren();
  for (const e of mine) {
    for (const [seat, path] of Object.entries(e.links || {})) list.appendChild(linkItem(e.game + " " + e.id.slice(0, 6) + ": " + seat, path));
    if (e.watch) list.appendChild(linkItem(e.game + " " + e.id.slice(0, 6) + ": watch", e.watch));
  }
}

// ---------------------------------------------------------------- the form

function showCreated(created, g, oneToken) {
  const list = $("links");
  list.replaceChildren();
  const links = {};
  // The game's own seat order, and one link when one person plays every seat.
  const seats = g.seats.filter((s) => created.links[s]);
  for (const seat of oneToken ? seats.slice(0, 1) : seats) {
    const label = oneToken ? "open as " + seats.join(", ") + " (one link for every human seat)" : "open as " + seat;
    list.appendChild(linkItem(label, created.links[seat], { seatLink: seat }));
    links[oneToken ? seats.join("+") : seat] = created.links[seat];
  }
  for (const seat of created.open || []) {
    const li = document.createElement("li");
    const b = Object.assign(document.createElement("button"), { type: "button", textContent: "take " + seat + " yourself" });
    b.dataset.take = seat;
    b.addEventListener("click", () => takeSeat(created.id, seat, g.name).catch((e) => ($("create-error").textContent = e.message)));
    li.append(seat + " is open in the lobby ", b);
    list.appendChild(li);
  }
  const watch = linkItem("watch (spectator link, no token)", created.watch, { watchLink: "1" });
  list.appendChild(watch);
  saveLinks({ id: created.id, game: g.name, label: "created", links, watch: created.watch });
  $("created").hidden = false;
}

async function showCreate() {
  $("your-name").value = localStorage.getItem(NAME_KEY) || "";
  const info = await api("GET", "/api/info");
  const select = $("game-select");
  for (const g of info.games) {
    select.appendChild(Object.assign(document.createElement("option"), { value: g.name, textContent: g.name }));
  }
  const fill = () => {
    const g = info.games.find((x) => x.name === select.value);
    $("game-description").textContent = g.description;
    const config = $("config-fields");
    config.replaceChildren(Object.assign(document.createElement("legend"), { textContent: "Configuration" }));
    for (const k of g.keys) {
      const label = document.createElement("label");
      label.title = k.description + " (allowed: " + k.allowed + ")";
      const input = Object.assign(document.createElement("input"), { name: k.name, placeholder: k.default, size: 18 });
      input.dataset.key = k.name;
      label.append(k.name + " ", input, " ", Object.assign(document.createElement("span"), { className: "muted", textContent: k.description }));
      config.appendChild(label);
    }
    const seats = $("seat-fields");
    seats.replaceChildren(Object.assign(document.createElement("legend"), { textContent: "Players" }));
    for (const seat of g.seats) {
      const label = document.createElement("label");
      const kind = document.createElement("select");
      kind.dataset.seat = seat;
      kind.name = "player-" + seat;
      for (const value of ["human", "engine"]) kind.appendChild(Object.assign(document.createElement("option"), { value, textContent: value }));
      const ms = Object.assign(document.createElement("input"), { type: "number", min: "1", max: "60000", value: "1000", name: "movetime-" + seat });
      ms.dataset.movetime = seat;
      ms.style.width = "6em";
      const time = document.createElement("span");
      time.append(" engine time (ms) ", ms);
      // Engine time only for engine seats.
      const sync = () => (time.hidden = kind.value !== "engine");
      kind.addEventListener("change", sync);
      sync();
      label.append(seat + " ", kind, time);
      seats.appendChild(label);
    }
  };
  // Listed in the lobby: the creator keeps a seat (their link comes with the answer) and the
  // other human seats are open; "none" opens every human seat.
  const listedSeats = () => {
    const choice = $("listed-seat");
    const was = choice.value;
    const humans = [...$("seat-fields").querySelectorAll("select[data-seat]")].filter((k) => k.value === "human").map((k) => k.dataset.seat);
    choice.replaceChildren(...humans.map((seat) => Object.assign(document.createElement("option"), { value: seat, textContent: seat })),
      Object.assign(document.createElement("option"), { value: "", textContent: "none (every human seat open)" }));
    if ([...choice.options].some((o) => o.value === was)) choice.value = was;
    $("listed-seat-box").hidden = !$("listed").checked;
  };
  select.addEventListener("change", fill);
  fill();
  $("listed").addEventListener("change", listedSeats);
  select.addEventListener("change", listedSeats);
  $("seat-fields").addEventListener("change", listedSeats);
  listedSeats();
  $("create-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    $("create-error").textContent = "";
    const g = info.games.find((x) => x.name === select.value);
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
    const body = { game: select.value, config: config.join(";"), players, one_token: $("one-token").checked };
    if ($("clock-on").checked) {
      body.clock = {
        initial_ms: Math.round(Number($("clock-minutes").value) * 60000),
        increment_ms: Math.round(Number($("clock-increment").value) * 1000),
      };
    }
    if ($("listed").checked) body.listed = Object.keys(players).filter((s) => players[s] === "human" && s !== $("listed-seat").value);
    // "Your name" goes with the seat the creator keeps: the listed game's kept seat, else the
    // first human seat (with one link for every seat, all of them).
    const name = $("your-name").value.trim();
    localStorage.setItem(NAME_KEY, name);
    if (name) {
      const humans = Object.keys(players).filter((s) => players[s] === "human");
      const kept = $("listed").checked ? ($("listed-seat").value ? [$("listed-seat").value] : []) : body.one_token ? humans : humans.slice(0, 1);
      if (kept.length) body.names = Object.fromEntries(kept.map((s) => [s, name]));
    }
    try {
      const created = await api("POST", "/api/games", body);
      showCreated(created, g, body.one_token);
      showLobby().catch(() => {});
    } catch (e) {
      $("create-error").textContent = e.message;
    }
  });
}

// ---------------------------------------------------------------- positions read from the SVG

// The cells of the server's SVG: where each stands, its piece (kept as SVG to draw as is), its
// marks. Boards are the view's, in order; a cell without "@h" is on the only board.
function parseBoard(svgText, view) {
  const doc = new DOMParser().parseFromString(svgText || "<svg/>", "image/svg+xml");
  const boards = view.boards.map((b, index) => ({ ...b, index, cells: [] }));
  const byName = new Map();
  for (const g of doc.querySelectorAll("g[data-cell]")) {
    const name = g.getAttribute("data-cell");
    const m = name.match(/^([a-z])(\d{1,2})(?:@(\d+))?$/);
    if (!m) continue;
    const height = m[3] ? Number(m[3]) : null;
    let index = boards.findIndex((b) => b.height === height);
    if (index < 0) index = 0;
    const rect = g.querySelector("rect");
    const piece = g.querySelector(".piece");
    const title = piece ? (piece.querySelector("title") || {}).textContent || "" : "";
    const frame = g.querySelector(":scope > rect > title");
    const note = g.querySelector(".note");
    const cell = {
      name,
      board: index,
      height,
      file: m[1].charCodeAt(0) - 97,
      rank: Number(m[2]) - 1,
      dark: g.classList.contains("dark"),
      last: !!g.querySelector(".last"),
      check: !!g.querySelector(".check"),
      mark: frame ? frame.textContent : null,
      piece,
      pieceSeat: title.split(" ")[0] || null,
      pieceSymbol: title.split(" ")[1] || null,
      note: note ? note.textContent : null,
      ox: Number(rect.getAttribute("x")),
      oy: Number(rect.getAttribute("y")),
    };
    boards[index].cells.push(cell);
    byName.set(name, cell);
  }
  return { boards, byName, pieces: [...byName.values()].filter((c) => c.piece).length };
}

// Display column and row of a cell when the board is turned `turn` degrees clockwise.
function place(file, rank, files, ranks, turn) {
  let col = file;
  let row = ranks - 1 - rank;
  let w = files;
  let h = ranks;
  for (let k = 0; k < ((turn / 90) % 4 + 4) % 4; k++) {
    [col, row] = [h - 1 - row, col];
    [w, h] = [h, w];
  }
  return { col, row, w, h };
}

// ---------------------------------------------------------------- the analysis board

// The engine on the shown position (`GET /api/analysis`, NDJSON): depth, score and line as it
// deepens; a move of the line (or ◀ ▶) shows the position after it, read from
// `GET /api/position`. One analysis a browser: a new one replaces this browser's earlier one.
const BROWSER_KEY = "variants.browser";
const ANALYSIS_MS = 10000;
const analysis = { ctrl: null, ply: 0, line: null, step: 0, boards: new Map(), running: false };

function browserId() {
  let id = localStorage.getItem(BROWSER_KEY) || "";
  if (!/^[0-9a-zA-Z-]{8,64}$/.test(id)) {
    id = [...crypto.getRandomValues(new Uint8Array(12))].map((b) => b.toString(16).padStart(2, "0")).join("");
    localStorage.setItem(BROWSER_KEY, id);
  }
  return id;
}

// The position of the line shown on the board, when a move of it is shown and read.
function pvShown() {
  if (!analysis.line || analysis.step === 0) return null;
  return analysis.boards.get(analysis.line.pv.slice(0, analysis.step).join(",")) || null;
}

function scoreText(score, toMove) {
  if (!score) return "";
  if (score.mate !== undefined && score.mate !== null) {
    if (score.mate > 0) return toMove + " mates in " + score.mate;
    return score.mate === 0 ? toMove + " is mated" : toMove + " is mated in " + -score.mate;
  }
  const pawns = score.cp / 100;
  return (pawns > 0 ? "+" : "") + pawns.toFixed(2) + " for " + toMove + " (to move)";
}

function renderAnalysis() {
  const line = analysis.line;
  const list = $("pv");
  list.replaceChildren();
  if (line) {
    line.pv.forEach((mv, k) => {
      const li = document.createElement("li");
      const b = Object.assign(document.createElement("button"), { type: "button", className: "pv-move", textContent: line.pv_san ? line.pv_san[k] : mv });
      b.dataset.pvStep = String(k + 1);
      b.title = "show the position after " + mv;
      if (analysis.step === k + 1) {
        b.classList.add("current");
        b.setAttribute("aria-current", "step");
      }
      b.addEventListener("click", () => pvStep(k + 1));
      li.appendChild(b);
      list.appendChild(li);
    });
  }
  $("pv-prev").disabled = !line || analysis.step === 0;
  $("pv-next").disabled = !line || analysis.step >= line.pv.length;
  $("pv-back").disabled = analysis.step === 0;
  $("analysis-stop").disabled = !analysis.running;
}

function onAnalysisLine(msg) {
  if (msg.type === "start") {
    analysis.toMove = msg.to_move;
    $("analysis-status").textContent = "The engine is thinking about " + msg.to_move + "'s move…";
  } else if (msg.type === "depth") {
    analysis.line = msg;
    if (analysis.step > msg.pv.length) analysis.step = msg.pv.length;
    $("analysis-status").textContent = "Depth " + msg.depth + ": " + scoreText(msg.score, analysis.toMove) + " · " + msg.nodes + " nodes";
    $("analysis").dataset.depth = String(msg.depth);
    renderAnalysis();
    if (analysis.step > 0) pvStep(analysis.step);
  } else if (msg.type === "done") {
    analysis.running = false;
    $("analysis-status").textContent += msg.stopped ? " (stopped)" : " (done)";
    renderAnalysis();
  } else if (msg.type === "shutdown") {
    $("analysis-status").textContent += " (the server stopped)";
  }
}

function stopAnalysis() {
  if (analysis.running) $("analysis-status").textContent += " (stopped)";
  if (analysis.ctrl) analysis.ctrl.abort();
  analysis.ctrl = null;
  analysis.running = false;
}

async function startAnalysis() {
  if (!game.state) return;
  stopAnalysis();
  const ply = game.viewPly === null ? game.state.ply : game.viewPly;
  Object.assign(analysis, { ply, line: null, step: 0, boards: new Map(), toMove: game.state.to_move });
  const ctrl = new AbortController();
  analysis.ctrl = ctrl;
  $("analysis").hidden = false;
  $("analysis").dataset.depth = "0";
  $("analysis-of").textContent = ply === 0 ? "(the start position)" : "(after move " + ply + ")";
  $("analysis-status").textContent = "Starting the engine…";
  renderAnalysis();
  drawPosition();
  const query = "id=" + encodeURIComponent(game.id) + "&ply=" + ply + "&ms=" + ANALYSIS_MS + "&replace=true&client=" + browserId();
  let response;
  try {
    response = await fetch("/api/analysis?" + query, { signal: ctrl.signal, cache: "no-store" });
  } catch (_) {
    if (!ctrl.signal.aborted) $("analysis-status").textContent = "The server cannot be reached: no analysis.";
    return;
  }
  if (!response.ok) {
    let text = "HTTP " + response.status;
    try {
      text = (await response.json()).error || text;
    } catch (_) { /* no JSON: the status says it */ }
    $("analysis-status").textContent = "No analysis: " + text;
    if (analysis.ctrl === ctrl) analysis.ctrl = null;
    return;
  }
  analysis.running = true;
  renderAnalysis();
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let nl;
      while ((nl = buffer.indexOf("\n")) >= 0) {
        const text = buffer.slice(0, nl).trim();
        buffer = buffer.slice(nl + 1);
        if (text && analysis.ctrl === ctrl) onAnalysisLine(JSON.parse(text));
      }
    }
  } catch (_) {
    if (!ctrl.signal.aborted) $("analysis-status").textContent += " (cut off)";
  }
  if (analysis.ctrl === ctrl) {
    analysis.ctrl = null;
    analysis.running = false;
    renderAnalysis();
  }
}

// Shows the position after the first `k` moves of the line (0: the analysed position).
async function pvStep(k) {
  const line = analysis.line;
  if (!line) return;
  k = Math.max(0, Math.min(line.pv.length, k));
  analysis.step = k;
  renderAnalysis();
  const key = line.pv.slice(0, k).join(",");
  if (k > 0 && !analysis.boards.has(key)) {
    try {
      const at = await api("GET", "/api/position?id=" + encodeURIComponent(game.id) + "&ply=" + analysis.ply + "&moves=" + encodeURIComponent(key));
      const text = line.pv[k - 1];
      analysis.boards.set(key, { parsed: parseBoard(at.board, at.view), last: { text, cells: moveCells(text), seat: at.last_mover } });
    } catch (e) {
      say("The line's position could not be read: " + e.message);
      return;
    }
  }
  if (analysis.line !== line || analysis.step !== k) return;
  const shown = pvShown();
  if (shown && shown.last) {
    const c = shown.parsed.byName.get(shown.last.cells[shown.last.cells.length - 1]);
    if (c) game.focus = c.board;
  }
  document.body.dataset.pvStep = String(k);
  drawPosition();
}

function closeAnalysis() {
  stopAnalysis();
  analysis.line = null;
  analysis.step = 0;
  $("analysis").hidden = true;
  document.body.dataset.pvStep = "0";
  drawPosition();
}

// ---------------------------------------------------------------- the archive

async function showArchive() {
  $("archive").hidden = false;
  document.title = "The archive · variants";
  const info = await api("GET", "/api/info");
  const games = $("archive-game");
  for (const g of info.games) games.appendChild(Object.assign(document.createElement("option"), { value: g.name, textContent: g.name }));
  const result = $("archive-result");
  for (const seat of [...new Set(info.games.flatMap((g) => g.seats))]) {
    result.appendChild(Object.assign(document.createElement("option"), { value: seat, textContent: seat + " won" }));
  }
  const fields = { game: "archive-game", player: "archive-player", result: "archive-result", from: "archive-from", to: "archive-to" };
  const asked = new URLSearchParams(location.search);
  for (const [k, id] of Object.entries(fields)) if (asked.get(k)) $(id).value = asked.get(k);
  let page = Math.max(1, Number(asked.get("page")) || 1);
  let pages = 1;
  let loads = 0;
  const load = async () => {
    const params = new URLSearchParams();
    for (const [k, id] of Object.entries(fields)) if ($(id).value.trim()) params.set(k, $(id).value.trim());
    if (page > 1) params.set("page", String(page));
    history.replaceState(null, "", "/archive" + (params.toString() ? "?" + params : ""));
    $("archive-error").textContent = "";
    let answer;
    try {
      answer = await api("GET", "/api/games?finished=true&" + params);
    } catch (e) {
      $("archive-error").textContent = e.message;
      return;
    }
    pages = Math.max(1, answer.pages);
    loads += 1;
    const list = $("archive-list");
    list.replaceChildren();
    for (const g of answer.games) {
      const li = document.createElement("li");
      li.dataset.game = g.id;
      const who = g.seats.map((seat) => (g.names[seat] || "?") + " (" + seat + ")").join(" – ");
      const a = Object.assign(document.createElement("a"), { href: g.watch, textContent: g.game + ": " + who });
      li.append(a, " · " + g.status.text + " · " + g.ply + " plies · " + g.finished.replace("T", " ").replace("Z", " UTC"));
      list.appendChild(li);
    }
    $("archive-count").textContent = answer.total === 0 ? "No finished game matches." : answer.total + " finished game" + (answer.total === 1 ? "" : "s") + ", newest first";
    $("archive-page").textContent = "page " + answer.page + " of " + pages;
    $("archive-newer").disabled = page <= 1;
    $("archive-older").disabled = page >= pages;
    list.dataset.loads = String(loads);
  };
  $("archive-form").addEventListener("submit", (e) => {
    e.preventDefault();
    page = 1;
    load();
  });
  $("archive-newer").addEventListener("click", () => {
    page = Math.max(1, page - 1);
    load();
  });
  $("archive-older").addEventListener("click", () => {
    page = Math.min(pages, page + 1);
    load();
  });
  await load();
}

// ---------------------------------------------------------------- the game

const game = {
  id: null,
  token: null,
  seat: null,
  state: null,
  parsed: null,
  selected: null,
  shapes: [],
  focus: 0, // index of the board shown large
  turn: null, // degrees; null: the seat's own
  boards: new Map(), // ply -> {move, parsed}: positions this page has seen, for the move list
  movers: new Map(), // ply index -> seat, as seen live
  viewPly: null,
  fetching: new Set(), // plies asked from the server and not answered yet
  cursor: null,
  layout: new Map(), // cell name -> {x, y} on the focused board (SVG units)
  instance: null,
  fatal: false,
  events: null,
  clockAt: 0,
  zoneStyle: new Map(),
  zoomed: false, // the large board drawn larger than its box, panned by the player
  preFrom: null, // the piece picked for a premove
  premove: null, // {from, to}: the queued move
};

function mySeats(state) {
  if (!game.token) return [];
  if (state.one_token) return state.seats.filter((s) => state.players[s] === "human");
  return game.seat ? [game.seat] : [];
}

function myTurn(state) {
  return !game.fatal && game.viewPly === null && !pvShown() && state.status.result === "ongoing" && !(state.free_seats || []).length && mySeats(state).includes(state.to_move);
}

function seatInfo(seat) {
  const v = game.state && game.state.view && game.state.view.seats;
  return (v && v.find((s) => s.seat === seat)) || { seat, fill: "#888", stroke: "#000", turn: 0 };
}

function seatChip(seat) {
  const s = seatInfo(seat);
  const chip = Object.assign(document.createElement("span"), { className: "chip", title: seat });
  chip.style.background = s.fill;
  chip.style.borderColor = s.stroke;
  return chip;
}

function boardTurn() {
  if (game.turn !== null) return game.turn;
  const mine = game.state ? mySeats(game.state) : [];
  // One person at several seats (or a spectator) keeps the first seat's view: no board that
  // turns after every move.
  return mine.length === 1 ? seatInfo(mine[0]).turn : 0;
}

// Who played history entry i: seen live when the page was open, else counted back from the
// seat to move (a resignation names its seat).
function moverOf(state, i) {
  if (game.movers.has(i)) return game.movers.get(i);
  const text = state.history[i];
  const r = /^resign:(\d+)$/.exec(text);
  if (r) return state.seats[Number(r[1]) - 1] || state.seats[0];
  const n = state.seats.length;
  const k = state.seats.indexOf(state.to_move);
  return state.seats[(((k - (state.ply - i)) % n) + n) % n];
}

function moveCells(text) {
  return (text || "").match(CELL) || [];
}

// A move's shape, read from its text: the cells it names in order. Two or more cells go from
// the first to the last (a step, or a draughts path); one cell alone is a placement on that
// cell (a game that puts marks on empty cells), entered by clicking the cell.
function moveShape(text) {
  const cells = moveCells(text);
  if (cells.length === 0) return { text, from: null, to: null, cells, place: false };
  const last = cells[cells.length - 1];
  const tail = text.slice(text.lastIndexOf(last) + last.length);
  if (cells.length === 1) return { text, from: null, to: last, tail, cells, place: true };
  return { text, from: cells[0], to: last, tail, cells, place: false };
}

function shownPosition() {
  if (game.viewPly === null) return game.parsed;
  const seen = game.boards.get(game.viewPly);
  return seen ? seen.parsed : null;
}

function boardOfCell(name) {
  const p = shownPosition() || game.parsed;
  const c = p && p.byName.get(name);
  return c ? c.board : null;
}

// ---------------------------------------------------------------- drawing

function zoneStyle(mark) {
  if (!game.zoneStyle.has(mark)) {
    const styles = [
      { stroke: "#2a6fdb", dash: "5 3", inset: 3 },
      { stroke: "#d2691e", dash: "", inset: 5 },
      { stroke: "#2e8b57", dash: "2 2", inset: 3 },
      { stroke: "#b0306a", dash: "8 2 2 2", inset: 4 },
    ];
    game.zoneStyle.set(mark, styles[game.zoneStyle.size % styles.length]);
  }
  return game.zoneStyle.get(mark);
}

function drawFrame(parent, x, y, mark) {
  const z = zoneStyle(mark);
  const r = svgEl("rect", {
    x: x + z.inset, y: y + z.inset, width: UNIT - 2 * z.inset, height: UNIT - 2 * z.inset,
    fill: "none", stroke: z.stroke, "stroke-width": 2.5, "stroke-dasharray": z.dash, class: "frame",
  }, parent);
  svgEl("title", {}, r).textContent = mark;
}

// One board in SVG units (UNIT a cell), turned; returns the cells' top-left corners.
function drawBoard(parent, board, turn, attr, destinations, selected, lastCells) {
  const places = new Map();
  for (const c of board.cells) {
    const p = place(c.file, c.rank, board.files, board.ranks, turn);
    const x = p.col * UNIT;
    const y = p.row * UNIT;
    places.set(c.name, { x, y, col: p.col, row: p.row, w: p.w, h: p.h });
    const g = svgEl("g", { class: "cell " + (c.dark ? "dark" : "light"), transform: `translate(${x},${y})` }, parent);
    g.setAttribute(attr, c.name);
    svgEl("rect", { width: UNIT, height: UNIT, class: "sq", fill: c.dark ? "#b58863" : "#f0d9b5" }, g);
    if (lastCells && lastCells.has(c.name)) {
      const s = lastCells.get(c.name);
      svgEl("rect", { class: "last", width: UNIT, height: UNIT, fill: "#e8d84a", "fill-opacity": 0.5 }, g);
      svgEl("rect", { x: 1.5, y: 1.5, width: UNIT - 3, height: UNIT - 3, fill: "none", stroke: s.fill === "#ffffff" ? s.stroke : s.fill, "stroke-width": 3, class: "last-seat" }, g);
    }
    if (c.mark) drawFrame(g, 0, 0, c.mark);
    if (c.check) svgEl("circle", { class: "check", cx: UNIT / 2, cy: UNIT / 2, r: 19, fill: "#e02020", "fill-opacity": 0.6 }, g);
    if (c.piece) {
      const wrap = svgEl("g", { class: "piece-wrap", transform: `translate(${-c.ox},${-c.oy})` }, g);
      wrap.appendChild(document.importNode(c.piece, true));
    }
    if (c.note) {
      const t = svgEl("text", { class: "note", x: 2, y: UNIT - 3, "font-size": 9 }, g);
      t.textContent = c.note;
    }
    if (selected === c.name) g.classList.add("selected");
    if (game.premove && (game.premove.from === c.name || game.premove.to === c.name)) g.classList.add("premove");
    if (attr === "data-cell") {
      // Each cell of the large board is a button named by its cell and what stands on it;
      // one of them (the keyboard's cursor) is in the Tab order, the arrows move between them.
      g.setAttribute("role", "button");
      g.setAttribute("tabindex", "-1");
      g.setAttribute("aria-label", cellLabel(c, selected === c.name, destinations.has(c.name), lastCells && lastCells.has(c.name)));
    }
    if (destinations.has(c.name)) {
      g.classList.add("dest");
      if (c.piece) svgEl("circle", { class: "dest-ring", cx: UNIT / 2, cy: UNIT / 2, r: 18, fill: "none", stroke: "#2f7d2f", "stroke-width": 3, "stroke-opacity": 0.75 }, g);
      else svgEl("circle", { class: "dest-dot", cx: UNIT / 2, cy: UNIT / 2, r: 7, fill: "#2f7d2f", "fill-opacity": 0.6 }, g);
    }
  }
  return places;
}

// "e4, white knight", "c3 at height 2, empty", with what the page marks on it.
function cellLabel(c, selected, destination, last) {
  const [square, height] = c.name.split("@");
  let label = square + (height ? " at height " + height : "") + ", ";
  label += c.piece ? c.pieceSeat + " " + pieceName(c).toLowerCase() : "empty";
  if (selected) label += ", selected";
  if (destination) label += ", a legal destination";
  if (last) label += ", last move";
  if (c.check) label += ", in check";
  return label;
}

function centre(p) {
  return [p.x + UNIT / 2, p.y + UNIT / 2];
}

// A move's path (a line through its cells) in the mover's colours; cells on other boards are
// shown where they would stand, dashed, with their height.
// The line stops at the edge of the arrival cell and the arrival is a ring around that cell:
// nothing is drawn over the piece that moved (a draughts king's crown, a glyph's middle).
const END_RING = 17; // radius of the arrival ring, in SVG units (a cell is UNIT = 40)
function drawPath(parent, cells, places, seat, scale = 1, labelOthers = null) {
  const pts = cells.map((n) => places.get(n)).filter(Boolean);
  if (pts.length < 2) return;
  const s = seatInfo(seat);
  const xy = pts.map((p) => centre(p));
  const [ex, ey] = xy[xy.length - 1];
  // Points on the arrival cell itself (a move straight up or down, seen from above) are dropped;
  // the last segment ends on the ring.
  while (xy.length > 1 && Math.hypot(xy[xy.length - 2][0] - ex, xy[xy.length - 2][1] - ey) < END_RING + 1) xy.splice(xy.length - 2, 1);
  const line = xy.slice(0, -1);
  if (line.length) {
    const [px, py] = line[line.length - 1];
    const k = END_RING / Math.hypot(px - ex, py - ey);
    line.push([ex + (px - ex) * k, ey + (py - ey) * k]);
  }
  const g = svgEl("g", { class: "path", "pointer-events": "none" }, parent);
  if (line.length > 1) {
    const d = line.map((p, i) => (i ? "L" : "M") + p.map((v) => v * scale).join(" ")).join(" ");
    svgEl("path", { d, fill: "none", stroke: s.stroke, "stroke-width": 9 * scale, "stroke-opacity": 0.55, "stroke-linecap": "round", "stroke-linejoin": "round", class: "path-line" }, g);
    svgEl("path", { d, fill: "none", stroke: s.fill, "stroke-width": 5 * scale, "stroke-opacity": 0.9, "stroke-linecap": "round", "stroke-linejoin": "round", "stroke-dasharray": labelOthers ? "10 5" : "" }, g);
  }
  svgEl("circle", { cx: ex * scale, cy: ey * scale, r: END_RING * scale, fill: "none", stroke: s.stroke, "stroke-width": 4 * scale, "stroke-opacity": 0.55, class: "path-end" }, g);
  svgEl("circle", { cx: ex * scale, cy: ey * scale, r: END_RING * scale, fill: "none", stroke: s.fill, "stroke-width": 2 * scale }, g);
  if (labelOthers) {
    for (const n of cells) {
      const p = places.get(n);
      if (!p || !labelOthers(n)) continue;
      const t = svgEl("text", { x: p.x + 2, y: p.y + 12, "font-size": 11, class: "height-tag", fill: "#000", stroke: "#fff", "stroke-width": 3, "paint-order": "stroke" }, g);
      t.textContent = "@" + n.split("@")[1];
    }
  }
}

function lastMoveInfo(state, ply) {
  if (!ply) return null;
  const text = state.history[ply - 1];
  if (!text) return null;
  return { text, cells: moveCells(text), seat: moverOf(state, ply - 1) };
}

function destinationsOf(cell) {
  const out = new Map();
  if (!cell) return out;
  for (const m of game.shapes) if (m.from === cell) out.set(m.to, m);
  return out;
}

function drawPosition() {
  const state = game.state;
  const line = pvShown();
  const pos = line ? line.parsed : shownPosition();
  const boardDiv = $("board");
  // A zoomed board keeps where the player panned it across redraws.
  const scrolled = [boardDiv.scrollLeft, boardDiv.scrollTop];
  const hadFocus = boardDiv.contains(document.activeElement);
  boardDiv.replaceChildren();
  if (!pos) {
    boardDiv.appendChild(Object.assign(document.createElement("p"), {
      className: "muted missing",
      textContent: "Loading the position after this move from the server…",
    }));
    $("maps").replaceChildren();
    return;
  }
  const turn = boardTurn();
  const ply = game.viewPly === null ? state.ply : game.viewPly;
  const last = line ? line.last : lastMoveInfo(state, ply);
  const lastCells = new Map();
  if (last) for (const n of [last.cells[0], last.cells[last.cells.length - 1]]) lastCells.set(n, seatInfo(last.seat));
  if (game.focus >= pos.boards.length) game.focus = pos.boards.length - 1;
  const dests = game.viewPly === null && !line ? destinationsOf(game.selected) : new Map();
  const board = pos.boards[game.focus];
  const p0 = place(0, 0, board.files, board.ranks, turn);
  const W = p0.w * UNIT;
  const H = p0.h * UNIT;
  const svg = svgEl("svg", { viewBox: `-24 -6 ${W + 30} ${H + 28}`, class: "board focus", "font-family": "sans-serif" });
  // The whole board fits the box at first; a board whose cells come out under 36 CSS px (a
  // 12-file board on a phone) offers "Zoom in": cells of 56 CSS px in a box the player pans.
  const across = (W + 30) / UNIT;
  if (game.zoomed) svg.style.width = Math.ceil(across * ZOOM_CELL) + "px";
  boardDiv.classList.toggle("zoomed", game.zoomed);
  svg.setAttribute("data-height", board.height === null ? "" : board.height);
  const cells = svgEl("g", { class: "cells" }, svg);
  const places = drawBoard(cells, board, turn, "data-cell", dests, game.selected || game.preFrom, lastCells);
  // Coordinates along the bottom and the left, as the board is turned.
  const colLabel = new Map();
  const rowLabel = new Map();
  for (const c of board.cells) {
    const p = places.get(c.name);
    const letter = String.fromCharCode(97 + c.file);
    const number = String(c.rank + 1);
    colLabel.set(p.col, turn % 180 === 0 ? letter : number);
    rowLabel.set(p.row, turn % 180 === 0 ? number : letter);
  }
  for (const [col, t] of colLabel) svgEl("text", { x: col * UNIT + UNIT / 2, y: H + 15, "font-size": 12, "text-anchor": "middle", fill: "#444", class: "coord" }, svg).textContent = t;
  for (const [row, t] of rowLabel) svgEl("text", { x: -12, y: row * UNIT + UNIT / 2 + 4, "font-size": 12, "text-anchor": "middle", fill: "#444", class: "coord" }, svg).textContent = t;
  // The last move's path, with cells of other heights projected onto this board.
  game.layout = new Map();
  const projected = new Map();
  const cellAt = (n) => pos.byName.get(n);
  if (last) {
    for (const n of last.cells) {
      const c = cellAt(n);
      if (!c) continue;
      const pb = pos.boards[c.board];
      const p = place(c.file, c.rank, pb.files, pb.ranks, turn);
      projected.set(n, { x: p.col * UNIT, y: p.row * UNIT });
    }
    drawPath(svg, last.cells, projected, last.seat, 1, pos.boards.length > 1 ? (n) => cellAt(n) && cellAt(n).board !== game.focus : null);
  }
  // Destinations on other heights: a tag "@h" for each, on the cell they stand above (up to
  // two in a row, from the cell's bottom up, lowest height first); a tag is a button that
  // plays the move to its cell.
  const above = new Map(); // large-board cell -> other-height destinations over it
  for (const [to] of dests) {
    const c = cellAt(to);
    if (!c || c.board === game.focus) continue;
    const key = c.file + "," + c.rank;
    if (!above.has(key)) above.set(key, []);
    above.get(key).push(c);
  }
  for (const list of above.values()) {
    list.sort((a, b) => a.height - b.height);
    const p = place(list[0].file, list[0].rank, board.files, board.ranks, turn);
    list.forEach((c, k) => {
      const x = p.col * UNIT + 1 + (k % 2) * 19.5;
      const y = p.row * UNIT + UNIT - 12.5 * (Math.floor(k / 2) + 1);
      const tag = svgEl("g", { class: "other-dest", "data-dest-cell": c.name, role: "button", "aria-label": "move to " + c.name }, svg);
      svgEl("rect", { x, y, width: 18.5, height: 12, rx: 3, fill: "#fff", "fill-opacity": 0.9, stroke: "#1d5e1d", "stroke-width": 1.2 }, tag);
      svgEl("text", { x: x + 9.25, y: y + 9.5, "font-size": 10, "text-anchor": "middle", fill: "#1d5e1d", "font-weight": "bold" }, tag).textContent = "@" + c.height;
    });
  }
  for (const [n, p] of places) game.layout.set(n, p);
  drawCursor(svg);
  $("board").classList.toggle("my-turn", myTurn(state));
  const tabStop = cells.querySelector('[tabindex="0"]') || cells.querySelector("[data-cell]");
  if (tabStop) tabStop.setAttribute("tabindex", "0");
  svg.setAttribute("role", "group");
  const bottom = ((state.view && state.view.seats) || []).find((x) => x.turn === turn);
  svg.setAttribute("aria-label", (pos.boards.length > 1 ? board.title + " of " + pos.boards.length : "the board") + (bottom ? ", " + bottom.seat + " at the bottom" : ""));
  boardDiv.appendChild(svg);
  // A redraw keeps the keyboard's place: the focus goes to the same cell of the new drawing.
  if (hadFocus && tabStop) tabStop.focus({ preventScroll: true });
  [boardDiv.scrollLeft, boardDiv.scrollTop] = scrolled;
  const fitted = Math.min(boardDiv.clientWidth / across, (0.86 * window.innerHeight) / ((H + 28) / UNIT));
  $("zoom").hidden = !(game.zoomed || fitted < 36);
  $("zoom").textContent = game.zoomed ? "Whole board" : "Zoom in";
  $("focus-title").textContent = pos.boards.length > 1 ? board.title + " of " + pos.boards.length + " (the large board)" : "";
  drawMaps(pos, turn, last, dests);
}

// The other heights as small maps (every height, the focused one outlined), the highest on top;
// the last move's path and the selected piece's lines to its destinations drawn across them.
function drawMaps(pos, turn, last, dests) {
  const wrap = $("maps-wrap");
  const maps = $("maps");
  maps.replaceChildren();
  const keys = $("height-keys"); // (not on a touch screen's help)
  if (keys) keys.hidden = pos.boards.length < 2;
  if (pos.boards.length < 2) {
    wrap.hidden = true;
    return;
  }
  wrap.hidden = false;
  const scale = 0.3;
  const cols = window.innerWidth < 700 ? 4 : 2;
  const b0 = pos.boards[0];
  const p0 = place(0, 0, b0.files, b0.ranks, turn);
  const mw = p0.w * UNIT * scale;
  const mh = p0.h * UNIT * scale;
  const gap = 16;
  const order = [...pos.boards].reverse();
  const rows = Math.ceil(order.length / cols);
  const svg = svgEl("svg", { viewBox: `-4 0 ${cols * (mw + gap) + 4} ${rows * (mh + gap + 4)}`, class: "maps" });
  const where = new Map();
  order.forEach((b, i) => {
    const x = (i % cols) * (mw + gap);
    const y = Math.floor(i / cols) * (mh + gap + 4) + 14;
    const g = svgEl("g", { class: "map" + (b.index === game.focus ? " focused" : ""), "data-map-height": b.height, transform: `translate(${x},${y})` }, svg);
    svgEl("title", {}, g).textContent = "show " + b.title + " large";
    const t = svgEl("text", { x: 0, y: -3, "font-size": 11, fill: "#333", class: "map-title" }, g);
    t.textContent = "h" + b.height + (b.index === game.focus ? " (shown)" : "");
    const inner = svgEl("g", { transform: `scale(${scale})` }, g);
    const lastCells = new Map();
    if (last) for (const n of [last.cells[0], last.cells[last.cells.length - 1]]) lastCells.set(n, seatInfo(last.seat));
    const places = drawBoard(inner, b, turn, "data-map-cell", dests, game.selected, lastCells);
    svgEl("rect", { x: -2, y: -2, width: mw + 4, height: mh + 4, fill: "none", stroke: b.index === game.focus ? "#1565c0" : "#998", "stroke-width": b.index === game.focus ? 3 : 1, "pointer-events": "none" }, g);
    for (const [n, p] of places) where.set(n, { x: x / scale + p.x, y: y / scale + p.y });
  });
  const overlay = svgEl("g", { class: "map-lines", "pointer-events": "none" }, svg);
  if (last) drawPath(overlay, last.cells, where, last.seat, scale);
  // Lines of attack: from the selected piece to each destination, across heights.
  if (game.selected && where.has(game.selected)) {
    const [fx, fy] = centre(where.get(game.selected)).map((v) => v * scale);
    for (const [to] of dests) {
      if (!where.has(to)) continue;
      const [tx, ty] = centre(where.get(to)).map((v) => v * scale);
      svgEl("line", { x1: fx, y1: fy, x2: tx, y2: ty, stroke: "#2f7d2f", "stroke-width": 1.5, "stroke-opacity": 0.7, class: "attack" }, overlay);
    }
  }
  maps.appendChild(svg);
  drawStack(pos, turn, last);
}

// The stack in an isometric view: every height as a tilted board above the one below, pieces
// as discs in their seat's colours, the last move's path through space; click a layer to show
// it large. A picture for orientation on top of the maps, not a place to play.
function drawStack(pos, turn, last) {
  const div = $("stack");
  div.replaceChildren();
  if (pos.boards.length < 2) return;
  const a = 6;
  const b = 2.2;
  const rise = Math.max(16, Math.min(34, 190 / pos.boards.length));
  const b0 = pos.boards[0];
  const p0 = place(0, 0, b0.files, b0.ranks, turn);
  const top = pos.boards.length - 1;
  const pt = (u, v, level) => [(u - v) * a, (u + v) * b - level * rise];
  const width = (p0.w + p0.h) * a + 8;
  const height = (p0.w + p0.h) * b + top * rise + 8;
  const svg = svgEl("svg", { viewBox: `${-p0.h * a - 4} ${-top * rise - 4} ${width} ${height}`, class: "stack" });
  const where = new Map();
  pos.boards.forEach((board, level) => {
    const g = svgEl("g", { class: "layer" + (board.index === game.focus ? " focused" : ""), "data-map-height": board.height }, svg);
    svgEl("title", {}, g).textContent = "show " + board.title + " large";
    for (const c of board.cells) {
      const p = place(c.file, c.rank, board.files, board.ranks, turn);
      const corners = [pt(p.col, p.row, level), pt(p.col + 1, p.row, level), pt(p.col + 1, p.row + 1, level), pt(p.col, p.row + 1, level)];
      const fill = board.index === game.focus ? (c.dark ? "#8fb0d8" : "#dbe7f5") : c.dark ? "#b58863" : "#f0d9b5";
      svgEl("polygon", { points: corners.map((q) => q.join(",")).join(" "), fill, "fill-opacity": 0.8 }, g);
      const centre = pt(p.col + 0.5, p.row + 0.5, level);
      where.set(c.name, centre);
      if (c.piece) {
        const s = seatInfo(c.pieceSeat);
        svgEl("circle", { cx: centre[0], cy: centre[1] - 1, r: 2.4, fill: s.fill, stroke: s.stroke, "stroke-width": 0.8 }, g);
      }
    }
  });
  if (last) {
    const pts = last.cells.map((n) => where.get(n)).filter(Boolean);
    if (pts.length > 1) {
      const s = seatInfo(last.seat);
      const d = pts.map((q, i) => (i ? "L" : "M") + q.join(" ")).join(" ");
      svgEl("path", { d, fill: "none", stroke: s.stroke, "stroke-width": 3, class: "path", "pointer-events": "none" }, svg);
      svgEl("path", { d, fill: "none", stroke: s.fill, "stroke-width": 1.6, "pointer-events": "none" }, svg);
    }
  }
  div.appendChild(svg);
}

// The keyboard's cursor: a frame on its cell (shown while the board has the keyboard's focus);
// redrawn in place, so that a click in progress keeps its cell.
function drawCursor(svg = $("board").querySelector("svg.focus")) {
  if (!svg) return;
  for (const old of svg.querySelectorAll(".cursor")) old.remove();
  for (const cell of svg.querySelectorAll('[data-cell][tabindex="0"]')) cell.setAttribute("tabindex", "-1");
  const p = game.cursor && game.layout.get(game.cursor);
  if (!p) return;
  const cell = svg.querySelector(`[data-cell="${CSS.escape(game.cursor)}"]`);
  if (cell) cell.setAttribute("tabindex", "0");
  svgEl("rect", { x: p.x + 1, y: p.y + 1, width: UNIT - 2, height: UNIT - 2, fill: "none", stroke: "#1565c0", "stroke-width": 3, class: "cursor", "pointer-events": "none" }, svg);
}

function setFocus(index) {
  game.focus = index;
  drawPosition();
}

// ---------------------------------------------------------------- status, list, clocks

function inCheck(pos) {
  const seats = new Set();
  if (pos) for (const c of pos.byName.values()) if (c.check && c.pieceSeat) seats.add(c.pieceSeat);
  return [...seats];
}

function statusText(state) {
  if (state.status.result !== "ongoing") return "Game over: " + state.status.text;
  // A listed game begins once every seat is taken: nobody moves before, no clock runs.
  if ((state.free_seats || []).length) return "Waiting for an opponent: " + state.free_seats.join(", ") + " still open in the lobby";
  const checked = inCheck(game.parsed);
  let s = state.to_move + " to move";
  if (checked.includes(state.to_move)) s += ", in check";
  const others = checked.filter((x) => x !== state.to_move);
  if (others.length) s += " (in check: " + others.join(", ") + ")";
  if (myTurn(state)) s += " — your move";
  // A game with a clock whose first moves are not all made is aborted if the seat to move
  // lets its first move's time pass (the server's `first_move_ms`, counted from this state).
  if (state.first_move_ms != null) s += " (first move within " + Math.ceil(state.first_move_ms / 1000) + " s, or the game is aborted)";
  return s;
}

function moveMarks(state, i) {
  const after = game.boards.get(i + 1);
  const before = game.boards.get(i);
  let marks = "";
  if (after && before && after.parsed.pieces < before.parsed.pieces) marks += "×";
  if (i + 1 === state.ply && state.status.result === "win" && /mate/.test(state.status.reason || state.status.text)) marks += "#";
  else if (after && inCheck(after.parsed).length) marks += "+";
  return marks;
}

function renderHistory(state) {
  const table = $("history");
  table.replaceChildren();
  const n = state.seats.length;
  let row = null;
  let lastCol = n;
  let round = 0;
  state.history.forEach((text, i) => {
    const seat = moverOf(state, i);
    const col = Math.max(0, state.seats.indexOf(seat));
    if (row === null || col <= lastCol) {
      round += 1;
      row = document.createElement("tr");
      row.appendChild(Object.assign(document.createElement("th"), { textContent: round + "." }));
      for (let k = 0; k < n; k++) row.appendChild(document.createElement("td"));
      table.appendChild(row);
    }
    lastCol = col;
    const b = Object.assign(document.createElement("button"), { type: "button", className: "mv" });
    b.dataset.ply = String(i + 1);
    b.title = seat + ": " + text;
    // FIDE chess in SAN from the server (its own x, + and #); other games in their move text
    // with the marks this page reads off the positions it holds.
    b.append(seatChip(seat), state.san ? state.san[i] : text + moveMarks(state, i));
    if ((game.viewPly === null ? state.ply : game.viewPly) === i + 1) b.classList.add("current");
    b.addEventListener("click", () => stepTo(i + 1));
    row.children[col + 1].appendChild(b);
  });
  const box = $("history-box");
  const current = table.querySelector(".current");
  if (current && game.viewPly !== null) current.scrollIntoView({ block: "nearest" });
  else box.scrollTop = box.scrollHeight;
}

function stepTo(ply) {
  const state = game.state;
  if (!state) return;
  // Stepping through the game leaves the analysis' line (its panel stays).
  if (analysis.step) {
    analysis.step = 0;
    renderAnalysis();
  }
  ply = Math.max(0, Math.min(state.ply, ply));
  game.viewPly = ply === state.ply ? null : ply;
  game.selected = null;
  $("choice").hidden = true;
  const seen = game.viewPly === null ? null : game.boards.get(ply);
  if (seen) {
    const last = lastMoveInfo(state, ply);
    const c = last && seen.parsed.byName.get(last.cells[last.cells.length - 1]);
    if (c) game.focus = c.board;
  }
  document.body.dataset.viewPly = game.viewPly === null ? "" : String(ply);
  $("viewing").hidden = game.viewPly === null;
  // The arrow keys are a keyboard's; a touch screen has the move list and the buttons.
  const keys = window.matchMedia("(hover: none)").matches ? "" : " (←/→ to step)";
  $("viewing-text").textContent = "Showing the position after move " + ply + " of " + state.ply + keys + ".";
  drawPosition();
  renderHistory(state);
  if (game.viewPly !== null && !seen) fetchPast(ply);
}

// A position played before this page opened (or before a reload): asked from the server
// (`?ply=N`), kept with the others, drawn if the user still looks at it.
async function fetchPast(ply) {
  if (game.fetching.has(ply)) return;
  game.fetching.add(ply);
  const id = game.id;
  const history = game.state.history.slice(0, ply);
  try {
    const past = await api("GET", "/api/games/" + id + "?ply=" + ply + "&board=svg");
    // Kept only if the game still has this past (no take-back meanwhile).
    const now = game.state;
    if (game.id !== id || !now || now.ply < ply || JSON.stringify(now.history.slice(0, ply)) !== JSON.stringify(history)) return;
    if (JSON.stringify(past.history) !== JSON.stringify(history)) return;
    game.boards.set(ply, { move: past.history[ply - 1], parsed: parseBoard(past.board, past.view) });
  } catch (e) {
    if (game.viewPly === ply) say("The position after move " + ply + " could not be loaded: " + e.message);
    return;
  } finally {
    game.fetching.delete(ply);
  }
  if (game.viewPly === ply) stepTo(ply);
  else renderHistory(game.state);
}

function formatClock(ms) {
  ms = Math.max(0, ms);
  // Tenths under ten seconds; above, whole seconds left, rounded down as players read a clock
  // (10.002 s is "0:10", not "0:11").
  if (ms < 10000) return (Math.floor(ms / 100) / 10).toFixed(1);
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, "0");
  return h ? h + ":" + String(m).padStart(2, "0") + ":" + sec : m + ":" + sec;
}

function tickClocks() {
  const state = game.state;
  if (!state || !state.clocks) return;
  const running = state.clock && state.clock.running;
  const elapsed = performance.now() - game.clockAt;
  for (const el of document.querySelectorAll("#players [data-clock], #top-clocks [data-clock]")) {
    const seat = el.dataset.clock;
    const ms = state.clocks[seat] - (seat === running && state.status.result === "ongoing" ? elapsed : 0);
    el.textContent = formatClock(ms);
    el.classList.toggle("running", seat === running && state.status.result === "ongoing");
    el.classList.toggle("low", ms < 10000);
  }
  // The player's own running clock under 10 s: one warning a turn.
  for (const seat of mySeats(state)) {
    const ms = state.clocks[seat] - (seat === running ? elapsed : 0);
    if (seat === running && state.status.result === "ongoing" && ms < 10000 && ms > 0) {
      if (!sound.low.has(seat)) {
        sound.low.add(seat);
        playSound("low");
      }
    } else if (seat !== running) sound.low.delete(seat);
  }
}

function renderPlayers(state) {
  const players = $("players");
  players.replaceChildren();
  for (const seat of state.seats) {
    const li = document.createElement("li");
    li.dataset.seat = seat;
    if (seat === state.to_move && state.status.result === "ongoing") li.classList.add("to-move");
    const name = state.names && state.names[seat];
    li.append(seatChip(seat), " " + seat + ": " + (name ? name + " (" + state.players[seat] + ")" : state.players[seat]));
    if ((state.free_seats || []).includes(seat)) li.append(" (open seat: waiting for an opponent)");
    if (state.thinking === seat) li.append(Object.assign(document.createElement("span"), { className: "spinner", title: "thinking" }));
    let lastI = -1;
    for (let i = state.history.length - 1; i >= 0; i--) if (moverOf(state, i) === seat) { lastI = i; break; }
    if (lastI >= 0) li.append(Object.assign(document.createElement("span"), { className: "muted small", textContent: "  last: " + (state.san ? state.san[lastI] : state.history[lastI]) }));
    if (state.clocks) {
      const c = Object.assign(document.createElement("span"), { className: "clock" });
      c.dataset.clock = seat;
      li.append(" ", c);
    }
    players.appendChild(li);
  }
  // The phone's bar: each seat's chip and clock.
  const top = $("top-clocks");
  top.replaceChildren();
  if (state.clocks) {
    for (const seat of state.seats) {
      const c = Object.assign(document.createElement("span"), { className: "clock" });
      c.dataset.clock = seat;
      const item = Object.assign(document.createElement("span"), { className: "top-clock" });
      item.dataset.seat = seat;
      item.append(seatChip(seat), c);
      top.appendChild(item);
    }
  }
  tickClocks();
}

function renderLegend(state) {
  const legend = $("legend");
  legend.replaceChildren();
  const view = state.view || {};
  for (const z of view.zones || []) {
    const li = document.createElement("li");
    const sw = svgEl("svg", { width: 22, height: 22, viewBox: "0 0 40 40", class: "swatch" });
    svgEl("rect", { width: 40, height: 40, fill: "#f0d9b5" }, sw);
    drawFrame(sw, 0, 0, z.mark);
    li.append(sw, " " + z.text);
    legend.appendChild(li);
  }
  const borrowed = (view.pieces || []).filter((p) => p.letter);
  if (borrowed.length) {
    const li = document.createElement("li");
    li.className = "glyphs";
    li.append("Glyphs are borrowed from chess: they show roughly how a piece moves; the letter in the corner names it.");
    const ul = document.createElement("ul");
    for (const p of borrowed) ul.appendChild(Object.assign(document.createElement("li"), { textContent: p.glyph + " " + p.letter + " = " + p.name }));
    li.appendChild(ul);
    legend.appendChild(li);
  }
  for (const [cls, text] of [["last", "yellow cells, framed in the mover's colour, and the line: the last move"], ["dest", "green dots and rings: where the selected piece may go"]]) {
    legend.appendChild(Object.assign(document.createElement("li"), { className: "muted " + cls, textContent: text }));
  }
  $("legend-box").hidden = legend.children.length === 0;
}

// ---------------------------------------------------------------- input

function say(text) {
  $("error").textContent = text;
  $("top-error").textContent = text;
}

function select(cell) {
  game.selected = cell;
  // The focus follows the piece: if none of its destinations is on the large board, show the
  // height that holds most of them.
  if (cell && game.parsed.boards.length > 1) {
    const count = new Map();
    for (const [to] of destinationsOf(cell)) {
      const b = boardOfCell(to);
      count.set(b, (count.get(b) || 0) + 1);
    }
    if (count.size && !count.has(game.focus)) game.focus = [...count].sort((a, b) => b[1] - a[1])[0][0];
  }
  drawPosition();
}

function pieceName(c) {
  const v = game.state.view && game.state.view.pieces;
  const p = v && v.find((x) => x.symbol === (c.pieceSymbol || "").toUpperCase());
  return p ? p.name : "piece";
}

function chooseAmong(moves, cellName) {
  const box = $("choice");
  box.hidden = false;
  const buttons = $("choice-buttons");
  buttons.replaceChildren();
  const pieces = (game.state.view && game.state.view.pieces) || [];
  const many = new Set(moves.map((m) => m.to)).size > 1; // destinations on several heights
  for (const m of moves) {
    const p = m.tail && pieces.find((x) => x.symbol === m.tail.replace(/[^a-z]/gi, "").toUpperCase());
    const where = many ? m.to + ": " : "";
    const label = p ? where + p.glyph + " " + p.name : many && m.cells.length === 2 ? "to " + m.to : m.cells.join(" → ");
    const b = Object.assign(document.createElement("button"), { type: "button", textContent: label, title: m.text });
    b.dataset.move = m.text;
    b.addEventListener("click", () => {
      box.hidden = true;
      sendMove(m.text);
    });
    buttons.appendChild(b);
  }
  $("choice-label").textContent = many ? "Which height?" : moves.every((m) => m.tail) ? "Promote to:" : "Which way?";
  // Next to the destination square.
  const el = cellElement(cellName);
  const wrap = $("board-wrap").getBoundingClientRect();
  if (el) {
    const r = el.getBoundingClientRect();
    box.style.left = Math.max(0, Math.min(r.right - wrap.left + 4, wrap.width - 220)) + "px";
    box.style.top = Math.max(0, r.top - wrap.top) + "px";
  }
  const first = buttons.querySelector("button");
  if (first) first.focus();
}

function cellElement(name) {
  return $("board").querySelector('[data-cell="' + CSS.escape(name) + '"]');
}

function activate(cell) {
  const state = game.state;
  if (!state || game.fatal) return;
  $("choice").hidden = true;
  say("");
  if (game.viewPly !== null) {
    say("You are looking at an earlier move; press End or \"back to the game\" to play.");
    return;
  }
  if (pvShown()) {
    say("You are looking at the engine's line; press \"back to the position\" to play.");
    return;
  }
  if ((state.free_seats || []).length && state.status.result === "ongoing") {
    say("Waiting for an opponent: the game begins once " + state.free_seats.join(", ") + " is taken.");
    return;
  }
  if (!myTurn(state) && canPremove(state)) return premoveClick(cell);
  if (!myTurn(state)) {
    if (!mySeats(state).length) say("You are watching this game; only the players' links can move.");
    else if (state.status.result !== "ongoing") say("The game is over.");
    else say("It is " + state.to_move + "'s move, not yours.");
    return;
  }
  if (game.selected && game.selected !== cell) {
    const candidates = game.shapes.filter((m) => m.from === game.selected && m.to === cell);
    if (candidates.length === 1) return sendMove(candidates[0].text);
    if (candidates.length > 1) return chooseAmong(candidates, cell);
  }
  const placements = game.shapes.filter((m) => m.place && m.to === cell);
  if (placements.length === 1) return sendMove(placements[0].text);
  if (placements.length > 1) return chooseAmong(placements, cell);
  if (game.shapes.some((m) => m.from === cell)) {
    select(game.selected === cell ? null : cell);
    return;
  }
  // A cell of the large board under tagged destinations of other heights: the move to the
  // one tagged there, or a choice among them.
  if (game.selected) {
    const square = cell.split("@")[0];
    const over = game.shapes.filter((m) => m.from === game.selected && m.to && m.to !== cell && m.to.split("@")[0] === square && boardOfCell(m.to) !== game.focus);
    if (over.length === 1) return sendMove(over[0].text);
    if (over.length > 1) return chooseAmong(over, cell);
  }
  const c = game.parsed.byName.get(cell);
  const from = game.selected;
  game.selected = null;
  if (from) say(cell + " is not a legal destination of the piece on " + from + ".");
  else if (!c || !c.piece) say("There is no piece on " + cell + ".");
  else if (!mySeats(state).includes(c.pieceSeat)) say("The " + pieceName(c) + " on " + cell + " is " + c.pieceSeat + "'s.");
  else if (c.pieceSeat !== state.to_move) say("It is " + state.to_move + "'s move.");
  else say("The " + pieceName(c) + " on " + cell + " has no legal move" + (inCheck(game.parsed).includes(state.to_move) ? " (your king is in check)." : "."));
  drawPosition();
}

// Premove: while another seat is to move, the player may queue one move of their own (a
// piece, then a cell). It is played as soon as it is their turn if it is legal then, and
// dropped otherwise; any click or tap on the board while it waits cancels it.
function canPremove(state) {
  return !game.fatal && game.viewPly === null && state.status.result === "ongoing" && mySeats(state).length > 0;
}

function premoveClick(cell) {
  const state = game.state;
  const c = game.parsed.byName.get(cell);
  const mine = c && c.piece && mySeats(state).includes(c.pieceSeat);
  if (game.premove) {
    game.premove = null;
    say("Premove cancelled.");
  } else if (game.preFrom && cell !== game.preFrom && !mine) {
    game.premove = { from: game.preFrom, to: cell };
    game.preFrom = null;
    say("Premove " + game.premove.from + " → " + cell + " queued: played on your turn if it is legal then (click the board to cancel).");
  } else if (mine && cell !== game.preFrom) {
    game.preFrom = cell;
    say("It is " + state.to_move + "'s move: pick where this piece goes next (a premove).");
  } else {
    const was = game.preFrom;
    game.preFrom = null;
    say(was ? "" : "It is " + state.to_move + "'s move, not yours.");
  }
  drawPosition();
}

// On the player's turn: the queued move if it is legal now (a promotion queued as a queen's,
// or the choice when there is no queen), else it is dropped with a word.
function playPremove(state) {
  const pre = game.premove;
  if (!pre) {
    // A piece picked for a premove, no cell yet: on the player's turn it is simply picked up.
    if (myTurn(state) || !canPremove(state)) {
      const from = game.preFrom;
      game.preFrom = null;
      if (myTurn(state) && game.shapes.some((m) => m.from === from)) select(from);
      else drawPosition();
    }
    return;
  }
  game.preFrom = null;
  if (!canPremove(state)) {
    game.premove = null;
    return;
  }
  if (!myTurn(state)) return;
  game.premove = null;
  const candidates = game.shapes.filter((m) => m.from === pre.from && m.to === pre.to);
  const queen = candidates.find((m) => /q$/i.test(m.tail || ""));
  if (candidates.length === 1 || queen) sendMove((queen || candidates[0]).text);
  else if (candidates.length > 1) chooseAmong(candidates, pre.to);
  else say("The premove " + pre.from + " → " + pre.to + " is not legal now; it was dropped.");
}

let drag = null;
let suppressClick = false;

function onPointerDown(e) {
  const target = e.target.closest("[data-cell]");
  // A finger taps (a click) or pans the board; it never drags a piece.
  if (!target || e.button !== 0 || e.pointerType === "touch") return;
  const name = target.dataset.cell;
  if (!game.state || !myTurn(game.state) || !game.shapes.some((m) => m.from === name)) return;
  drag = { name, x: e.clientX, y: e.clientY, moving: false, el: null };
}

function onPointerMove(e) {
  if (!drag) return;
  if (!drag.moving) {
    if (Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < 6) return;
    drag.moving = true;
    if (game.selected !== drag.name) {
      game.selected = null;
      select(drag.name);
    }
    const cellEl = cellElement(drag.name);
    drag.el = cellEl && cellEl.querySelector(".piece-wrap");
    if (cellEl) cellEl.parentNode.appendChild(cellEl); // on top of the other cells
    if (drag.el) drag.el.setAttribute("pointer-events", "none");
  }
  const svg = $("board").querySelector("svg");
  if (!drag.el || !svg) return;
  const k = svg.viewBox.baseVal.width / svg.getBoundingClientRect().width;
  const base = drag.el.getAttribute("transform").replace(/ translate\(.*$/, "");
  drag.el.setAttribute("transform", base + ` translate(${(e.clientX - drag.x) * k},${(e.clientY - drag.y) * k})`);
}

function onPointerUp(e) {
  if (!drag) return;
  const d = drag;
  drag = null;
  if (!d.moving) return;
  suppressClick = true;
  setTimeout(() => (suppressClick = false), 0);
  const under = document.elementFromPoint(e.clientX, e.clientY);
  const tag = under && under.closest("[data-dest-cell]");
  const target = under && under.closest("[data-cell]");
  if (tag) activate(tag.dataset.destCell);
  else if (target && target.dataset.cell !== d.name) activate(target.dataset.cell);
  else drawPosition();
}

function onBoardClick(event) {
  if (suppressClick) return;
  const tag = event.target.closest("[data-dest-cell]");
  if (tag) return activate(tag.dataset.destCell);
  const target = event.target.closest("[data-cell]");
  if (!target) return;
  game.cursor = target.dataset.cell;
  activate(target.dataset.cell);
}

function onMapClick(event) {
  const map = event.target.closest("[data-map-height]");
  if (!map || !game.parsed) return;
  const pos = shownPosition() || game.parsed;
  const index = pos.boards.findIndex((b) => String(b.height) === map.dataset.mapHeight);
  if (index >= 0) setFocus(index);
}

function onBoardKey(e) {
  const pos = shownPosition();
  if (!pos) return;
  const board = pos.boards[game.focus];
  if (e.key === "PageUp" || e.key === "PageDown") {
    e.preventDefault();
    setFocus(Math.max(0, Math.min(pos.boards.length - 1, game.focus + (e.key === "PageUp" ? 1 : -1))));
    return;
  }
  const delta = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[e.key];
  if (delta) {
    e.preventDefault();
    e.stopPropagation();
    let p = game.cursor && game.layout.get(game.cursor);
    if (!p) {
      game.cursor = board.cells[0].name;
    } else {
      const want = [p.col + delta[0], p.row + delta[1]];
      for (const [n, q] of game.layout) if (q.col === want[0] && q.row === want[1]) game.cursor = n;
    }
    drawPosition();
    return;
  }
  if (e.key === "Enter" || e.key === " ") {
    e.preventDefault();
    e.stopPropagation();
    if (game.cursor) activate(game.cursor);
  } else if (e.key === "Escape") {
    game.selected = null;
    game.preFrom = null;
    game.premove = null;
    drawPosition();
  }
}

function onPageKey(e) {
  if (!game.state || e.target.closest("input, select, textarea, #board")) return;
  // In the analysis panel the arrows step through the engine's line.
  if (e.target.closest("#analysis") && (e.key === "ArrowLeft" || e.key === "ArrowRight")) {
    e.preventDefault();
    pvStep(analysis.step + (e.key === "ArrowLeft" ? -1 : 1));
    return;
  }
  const now = game.viewPly === null ? game.state.ply : game.viewPly;
  const to = { ArrowLeft: now - 1, ArrowRight: now + 1, Home: 0, End: game.state.ply }[e.key];
  if (to === undefined) return;
  e.preventDefault();
  stepTo(to);
}

async function sendMove(text) {
  game.selected = null;
  say("");
  try {
    await api("POST", "/api/games/" + game.id + "/moves", { move: text, token: game.token });
  } catch (e) {
    say(e.message);
    refresh();
  }
}

async function action(name) {
  say("");
  try {
    await api("POST", "/api/games/" + game.id + "/" + name, { token: game.token, seat: game.seat || undefined });
  } catch (e) {
    say(e.message);
  }
}

// ---------------------------------------------------------------- sound

// Short tones made by WebAudio (no sound files): a move, a capture, a check, and the player's
// own clock falling under 10 s. The switch is kept in this browser. Browsers let a page sound
// only after the player has touched it, so the audio starts with the first click or key.
const SOUND_KEY = "variants.sound";
const sound = { ctx: null, on: localStorage.getItem(SOUND_KEY) !== "off", low: new Set() };
const TONES = {
  move: [[520, 0, 0.07, "triangle"]],
  capture: [[300, 0, 0.06, "square"], [200, 0.06, 0.1, "square"]],
  check: [[880, 0, 0.09, "sine"], [660, 0.1, 0.12, "sine"]],
  low: [[1000, 0, 0.05, "sine"], [1000, 0.12, 0.05, "sine"], [1000, 0.24, 0.05, "sine"]],
};

function startAudio() {
  if (sound.ctx || !window.AudioContext) return;
  sound.ctx = new AudioContext();
}

function playSound(kind) {
  if (!sound.on) return;
  // What was played, for the page's tests.
  document.body.dataset.sounds = ((document.body.dataset.sounds || "") + " " + kind).trim();
  const ctx = sound.ctx;
  if (!ctx || ctx.state !== "running") return;
  const t0 = ctx.currentTime + 0.01;
  for (const [freq, at, length, type] of TONES[kind]) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = type;
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.12, t0 + at);
    gain.gain.exponentialRampToValueAtTime(0.001, t0 + at + length);
    osc.connect(gain).connect(ctx.destination);
    osc.start(t0 + at);
    osc.stop(t0 + at + length + 0.02);
  }
}

// A new move on the board: a capture (fewer pieces), a check, or a plain move.
function moveSound(prev, state) {
  if (!prev || state.ply !== prev.ply + 1 || !game.boards.has(prev.ply)) return;
  if (inCheck(game.parsed).length) playSound("check");
  else if (game.parsed.pieces < game.boards.get(prev.ply).parsed.pieces) playSound("capture");
  else playSound("move");
}

// ---------------------------------------------------------------- state and connection

function render(state) {
  const prev = game.state;
  if (prev && state.ply === prev.ply + 1 && state.history.length === prev.history.length + 1) game.movers.set(prev.ply, prev.to_move);
  for (const k of [...game.movers.keys()]) if (k >= state.ply) game.movers.delete(k);
  for (const k of [...game.boards.keys()]) if (k > state.ply) game.boards.delete(k);
  game.state = state;
  game.instance = state.instance;
  game.clockAt = performance.now();
  game.parsed = parseBoard(state.board, state.view);
  moveSound(prev, state);
  game.boards.set(state.ply, { move: state.history[state.ply - 1], parsed: game.parsed });
  game.shapes = state.moves.map(moveShape);
  // Each new move is announced to screen readers (a live region beside the move list).
  if (prev && state.ply === prev.ply + 1) {
    const i = state.ply - 1;
    $("announce").textContent = moverOf(state, i) + " played " + (state.san ? state.san[i] : state.history[i] + moveMarks(state, i)) +
      (state.status.result !== "ongoing" ? ". Game over: " + state.status.text : "");
  }
  // A state of the same position (the event stream's first state after the page's own read, a
  // clock, an offer, the engine's mark) keeps the piece the player has picked up: clearing it
  // lost clicks made while the page settled.
  const samePosition = prev && prev.ply === state.ply && prev.position === state.position;
  if (!(samePosition && game.shapes.some((m) => m.from === game.selected))) game.selected = null;
  if (game.viewPly !== null && game.viewPly >= state.ply) game.viewPly = null;
  // The focus follows this page's own moves (and, for a spectator, every move); another
  // player's or an engine's reply leaves the large board at the height the player was looking
  // at (the maps show where the reply went).
  if (!prev || prev.ply !== state.ply) {
    const last = lastMoveInfo(state, state.ply);
    const c = last && game.parsed.byName.get(last.cells[last.cells.length - 1]);
    const mine = mySeats(state);
    const follow = !prev || !mine.length || mine.includes(last && last.seat);
    if (c && follow) game.focus = c.board;
    else if (!prev) {
      const mine = mySeats(state);
      const own = [...game.parsed.byName.values()].find((x) => x.piece && mine.includes(x.pieceSeat));
      if (own) game.focus = own.board;
    }
  }
  $("choice").hidden = true;
  $("game-title").textContent = state.game;
  $("game-config").textContent = state.config + (state.clock ? " · clock " + clockText(state.clock) : "");
  const mine = mySeats(state);
  $("you").replaceChildren();
  if (mine.length) $("you").append("You play ", ...mine.flatMap((s) => [seatChip(s), " " + s + " "]));
  else $("you").append(game.fatal ? "" : "You are watching.");
  $("status").textContent = statusText(state);
  $("top-status").textContent = statusText(state);
  // The tab says when it is this player's move, as game sites do.
  document.title = (myTurn(state) ? "Your turn · " : "") + state.game + " · variants";
  $("status").dataset.result = state.status.result;
  $("thinking").hidden = !state.thinking;
  $("top-thinking").hidden = !state.thinking;
  $("thinking-text").textContent = state.thinking ? "The engine (" + state.thinking + ") is thinking…" : "";
  $("engine-reply").textContent = state.engine_reply ? "The engine (" + state.engine_reply.seat + ") played " + state.engine_reply.move + "." : "";
  renderPlayers(state);
  renderHistory(state);
  renderLegend(state);
  $("position").textContent = state.position;
  const extra = $("extra-moves");
  extra.replaceChildren();
  if (myTurn(state)) {
    for (const m of game.shapes.filter((s) => s.from === null && !s.place)) {
      const b = Object.assign(document.createElement("button"), { type: "button", textContent: m.text });
      b.dataset.move = m.text;
      b.addEventListener("click", () => sendMove(m.text));
      extra.appendChild(b);
    }
  }
  const playing = !game.fatal && mine.length > 0 && state.status.result === "ongoing";
  $("resign").disabled = !playing;
  // Before every player has moved the game can be called off (no result) instead.
  $("abort").hidden = !(playing && state.abortable);
  $("draw").disabled = !playing;
  $("undo").disabled = !playing || state.ply === 0; // a finished game's result stands
  $("claim").hidden = !(state.claimable && myTurn(state));
  // Rematch: offered by a player once the game is over (every seat was held); when every
  // human seat has asked, each player's page opens the rematch in the seat the server gives
  // (colours rotated), with the same token; a spectator gets a link to watch it.
  const requests = state.rematch_requests || [];
  const over = state.status.result !== "ongoing";
  $("rematch").hidden = !(over && mine.length && !(state.free_seats || []).length && !state.rematch);
  $("rematch").disabled = mine.every((s) => requests.includes(s));
  $("rematch").textContent = requests.length && !requests.some((s) => mine.includes(s)) ? "Accept rematch" : requests.length ? "Rematch asked" : "Rematch";
  if (state.rematch) followRematch(state.rematch, mine);
  const offers = [];
  if (requests.length && !state.rematch) offers.push("rematch asked by " + requests.join(", "));
  if (state.draw_offers.length) offers.push("draw offered by " + state.draw_offers.join(", "));
  if (state.undo_requests.length) offers.push("take-back asked by " + state.undo_requests.join(", "));
  $("offers").textContent = offers.join("; ");
  $("draw").textContent = state.draw_offers.length && !state.draw_offers.some((s) => mine.includes(s)) ? "Accept draw" : "Offer draw";
  $("undo").textContent = state.undo_requests.length && !state.undo_requests.some((s) => mine.includes(s)) ? "Agree to take back" : "Take back";
  $("strength-toggle").hidden = !(state.view && state.view.notes);
  if (state.view && state.view.notes) {
    $("strength-label").textContent = state.view.notes.label;
    $("strength-toggle").title = state.view.notes.text;
  }
  $("viewing").hidden = game.viewPly === null;
  $("move-text").disabled = !playing;
  drawPosition();
  if (game.premove || game.preFrom) playPremove(state);
  document.body.dataset.ply = String(state.ply);
  document.body.dataset.result = state.status.result;
}

function followRematch(rematch, mine) {
  const watch = "/play/" + rematch.id;
  if (mine.length && game.token && !game.fatal) {
    const seat = rematch.seats[game.seat || mine[0]];
    const link = watch + "#seat=" + seat + "&token=" + game.token;
    saveLinks({ id: rematch.id, game: game.state.game, label: "rematch", links: { [seat]: link }, watch });
    if (game.events) game.events.close();
    game.events = null;
    location.href = new URL(link, location.href).href;
    return;
  }
  const p = $("rematch-link");
  p.hidden = false;
  p.replaceChildren("The players started a rematch: ", Object.assign(document.createElement("a"), { href: watch, textContent: "watch it" }), ".");
}

async function refresh() {
  try {
    render(await api("GET", "/api/games/" + game.id + "?board=svg"));
  } catch (_) {
    // The event stream reconnects and brings the state.
  }
}

function connect() {
  if (game.events) game.events.close();
  // With the seat's token the page holds its seat (the first-move wait starts once all are).
  const events = new EventSource("/api/games/" + game.id + "/events" + (game.token ? "?token=" + encodeURIComponent(game.token) : ""));
  game.events = events;
  events.addEventListener("state", (e) => {
    const state = JSON.parse(e.data);
    const restarted = game.instance && state.instance !== game.instance;
    document.body.dataset.connected = "1";
    $("connection").hidden = true;
    render(state);
    // Another server process: read the game again rather than trust what this page had.
    if (restarted) refresh();
  });
  const lost = (text) => {
    document.body.dataset.connected = "0";
    $("connection").hidden = false;
    $("connection").textContent = text;
    events.close();
    if (game.events === events) setTimeout(connect, 1000);
  };
  events.addEventListener("shutdown", () => lost("The server is stopping; this page reconnects when it is back…"));
  events.addEventListener("error", () => lost("Connection to the server lost; reconnecting…"));
}

function fatal(text) {
  game.fatal = true;
  const p = $("fatal");
  p.hidden = false;
  p.textContent = text;
  for (const b of document.querySelectorAll("#actions button, #extra-moves button")) b.disabled = true;
  document.body.dataset.fatal = "1";
}

async function showGame(id) {
  $("play").hidden = false;
  game.id = id;
  const params = new URLSearchParams(location.hash.slice(1));
  game.token = params.get("token");
  game.seat = params.get("seat");
  const board = $("board");
  // A cell that gets the focus (Tab, a click) becomes the keyboard's cursor.
  board.addEventListener("focusin", (e) => {
    const cell = e.target.closest && e.target.closest("[data-cell]");
    if (cell && game.cursor !== cell.dataset.cell) {
      game.cursor = cell.dataset.cell;
      drawCursor();
    }
  });
  board.addEventListener("click", onBoardClick);
  board.addEventListener("pointerdown", onPointerDown);
  window.addEventListener("pointermove", onPointerMove);
  window.addEventListener("pointerup", onPointerUp);
  board.addEventListener("keydown", onBoardKey);
  document.addEventListener("keydown", onPageKey);
  $("maps").addEventListener("click", onMapClick);
  $("stack").addEventListener("click", onMapClick);
  $("choice-cancel").addEventListener("click", () => {
    $("choice").hidden = true;
    game.selected = null;
    drawPosition();
  });
  $("resign").addEventListener("click", () => {
    if (confirm("Resign?")) action("resign");
  });
  $("abort").addEventListener("click", () => action("abort"));
  $("draw").addEventListener("click", () => action("draw"));
  $("claim").addEventListener("click", () => action("claim"));
  $("undo").addEventListener("click", () => action("undo"));
  $("rematch").addEventListener("click", () => action("rematch"));
  $("flip").addEventListener("click", () => {
    const seats = game.state ? game.state.view.seats.map((s) => s.turn) : [0, 180];
    const turns = [...new Set(seats)];
    const now = boardTurn();
    game.turn = turns[(turns.indexOf(now) + 1) % turns.length] ?? 0;
    drawPosition();
  });
  $("live").addEventListener("click", () => stepTo(game.state.ply));
  $("analyse").addEventListener("click", () => startAnalysis());
  $("analyse-here").addEventListener("click", () => startAnalysis());
  $("pv-prev").addEventListener("click", () => pvStep(analysis.step - 1));
  $("pv-next").addEventListener("click", () => pvStep(analysis.step + 1));
  $("pv-back").addEventListener("click", () => pvStep(0));
  $("analysis-stop").addEventListener("click", () => stopAnalysis());
  $("analysis-close").addEventListener("click", () => closeAnalysis());
  // A move typed in the game's own notation (the text the move list shows, e.g. e2e4,
  // e2@1e4@1, c3@1-d4@2): the server checks it and says what is wrong.
  $("type-move").addEventListener("submit", (e) => {
    e.preventDefault();
    const text = $("move-text").value.trim();
    if (!text || !game.state) return;
    if (!myTurn(game.state)) {
      say("It is " + game.state.to_move + "'s move, not yours.");
      return;
    }
    // The game's text as the move list writes it, or the same cells with other separators
    // ("e2-e4", "E2E4"); anything else is said here, not sent.
    const bare = (t) => t.toLowerCase().replace(/[-x:\s]/g, "");
    const found = game.state.moves.includes(text) ? [text] : game.state.moves.filter((m) => bare(m) === bare(text));
    if (found.length !== 1) {
      say(text + " is not a legal move here" + (game.state.moves.length ? " (a move is written like " + game.state.moves[0] + ")." : "."));
      return;
    }
    $("move-text").value = "";
    sendMove(found[0]);
  });
  $("zoom").addEventListener("click", () => {
    game.zoomed = !game.zoomed;
    drawPosition();
    // Zoomed in: start from the middle of the player's own edge (the bottom).
    if (game.zoomed) {
      board.scrollLeft = (board.scrollWidth - board.clientWidth) / 2;
      board.scrollTop = board.scrollHeight;
    }
  });
  $("strength").addEventListener("change", (e) => board.classList.toggle("strengths", e.target.checked));
  $("sound").checked = sound.on;
  $("sound").addEventListener("change", (e) => {
    sound.on = e.target.checked;
    localStorage.setItem(SOUND_KEY, sound.on ? "on" : "off");
  });
  for (const kind of ["pointerdown", "keydown"]) document.addEventListener(kind, startAudio, { capture: true });
  $("record-json").href = "/api/games/" + id + "/record";
  $("record-pgn").href = "/api/games/" + id + "/record?format=pgn";
  // A touch screen has no drag and no keyboard: the help says what a finger does.
  if (window.matchMedia("(hover: none)").matches) {
    $("board-help").replaceChildren("Tap a piece, then where it goes; swipe to scroll, pinch or \"Zoom in\" to enlarge.");
  }
  setInterval(tickClocks, 100);
  // The maps' columns follow the window's width (a phone turned, a window resized).
  let wide = window.innerWidth >= 700;
  window.addEventListener("resize", () => {
    if ((window.innerWidth >= 700) !== wide && game.state) {
      wide = !wide;
      drawPosition();
    }
  });
  // Said plainly on load: an unknown game, a link whose token holds no seat.
  let first;
  for (;;) {
    try {
      first = await api("GET", "/api/games/" + id + "?board=svg");
      break;
    } catch (e) {
      if (e.status === 404 || e.status === 400) {
        $("panel").hidden = true;
        fatal("There is no game " + id + " on this server (a mistyped or old link, or the game was deleted).");
        return;
      }
      if (!e.offline) throw e;
      $("connection").hidden = false;
      $("connection").textContent = "The server cannot be reached; retrying…";
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  if (game.token) {
    try {
      const held = await api("GET", "/api/games/" + id + "/seat?token=" + encodeURIComponent(game.token));
      // The token decides: a link whose seat the token does not hold (hand-edited) plays the
      // token's seat, or watches when the token holds several and the link names none of them.
      if (!game.seat || !held.seats.includes(game.seat)) {
        game.seat = held.seats.length === 1 ? held.seats[0] : null;
      }
    } catch (e) {
      if (e.status === 403) {
        game.token = null;
        fatal("This link's token holds no seat of this game (a wrong or old link): you can watch, but not play. Ask for your link again.");
      }
    }
  }
  render(first);
  // The state names the record formats the game has: no request for one it has not.
  $("pgn-box").hidden = !(first.records || []).includes("pgn");
  connect();
}

const match = location.pathname.match(/^\/play\/([^/]{1,80})$/);
if (match) {
  showGame(match[1]).catch((e) => say(e.message));
} else if (location.pathname === "/archive") {
  showArchive().catch((e) => ($("archive-error").textContent = e.message));
} else {
  $("landing").hidden = false;
  showCreate().catch((e) => ($("create-error").textContent = e.message));
  showLobby().catch((e) => ($("create-error").textContent = e.message));
  $("lobby-refresh").addEventListener("click", () => showLobby().catch((e) => ($("create-error").textContent = e.message)));
  // The lobby keeps itself fresh while the page is open.
  setInterval(() => showLobby().catch(() => {}), 5000);
}
