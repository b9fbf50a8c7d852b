// The panel beside the board: status, the move list (stepping back through it), the players
// with their clocks, the legend.
import { renderAnalysis } from "./analysis.js";
import { drawFrame, drawPosition } from "./draw.js";
import { say } from "./input.js";
import { readBoard } from "./position.js";
import { playSound, sound } from "./sound.js";
import { analysis, boardTurn, game, inCheck, lastMoveInfo, moverOf, mySeats, myTurn, seatChip, seatInfo } from "./state.js";
import { $, api, seatName, svgEl } from "./util.js";

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
  return s;
}

// A game with a clock whose first moves are not all made is aborted if the seat to move lets
// its first move's time pass (the server's `first_move_ms`, counted from the state's arrival):
// "White must move within 27 s", counted down each second; null when there is no such wait.
function countdownText(state) {
  if (state.first_move_ms == null || state.status.result !== "ongoing") return null;
  const left = Math.max(0, Math.ceil((state.first_move_ms - (performance.now() - game.clockAt)) / 1000));
  return seatName(state.to_move) + " must move within " + left + " s, or the game is aborted";
}

// The status, in the panel and in the phone's bar. The countdown is a part of its own, out of
// the live region's announcements (a screen reader would hear it every second).
export function renderStatus(state) {
  const text = statusText(state);
  for (const id of ["status", "top-status"]) {
    const count = Object.assign(document.createElement("span"), { className: "countdown" });
    count.setAttribute("aria-live", "off");
    $(id).replaceChildren(text, count);
  }
  tickCountdown(state);
}

function tickCountdown(state) {
  const count = countdownText(state);
  for (const el of document.querySelectorAll("#status .countdown, #top-status .countdown")) {
    const text = count === null ? "" : " (" + count + ")";
    if (el.textContent !== text) el.textContent = text;
  }
}

export function moveMarks(state, i) {
  const after = game.boards.get(i + 1);
  const before = game.boards.get(i);
  let marks = "";
  if (after && before && after.parsed.pieces < before.parsed.pieces) marks += "×";
  if (i + 1 === state.ply && state.status.result === "win" && /mate/.test(state.status.reason || state.status.text)) marks += "#";
  else if (after && inCheck(after.parsed).length) marks += "+";
  return marks;
}

export function renderHistory(state) {
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

export function stepTo(ply) {
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
    const past = await api("GET", "/api/games/" + id + "?ply=" + ply);
    // Kept only if the game still has this past (no take-back meanwhile).
    const now = game.state;
    if (game.id !== id || !now || now.ply < ply || JSON.stringify(now.history.slice(0, ply)) !== JSON.stringify(history)) return;
    if (JSON.stringify(past.history) !== JSON.stringify(history)) return;
    game.boards.set(ply, { move: past.history[ply - 1], parsed: readBoard(past.board, past.view) });
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

export function tickClocks() {
  const state = game.state;
  if (!state || !state.clocks) return;
  const running = state.clock && state.clock.running;
  const elapsed = performance.now() - game.clockAt;
  tickCountdown(state);
  for (const el of document.querySelectorAll("#players [data-clock], #top-clocks [data-clock], #side-clocks [data-clock]")) {
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

export function renderPlayers(state) {
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
  // A desktop's clocks: large, beside the board, the seat at the bottom of the board last.
  const side = $("side-clocks");
  side.replaceChildren();
  side.hidden = !state.clocks;
  if (state.clocks) {
    const bottom = state.seats.filter((s) => seatInfo(s).turn === boardTurn());
    for (const seat of [...state.seats.filter((s) => !bottom.includes(s)), ...bottom]) {
      const c = Object.assign(document.createElement("span"), { className: "clock" });
      c.dataset.clock = seat;
      const item = Object.assign(document.createElement("div"), { className: "side-clock" });
      item.dataset.seat = seat;
      item.append(seatChip(seat), " " + seatName(seat), c);
      side.appendChild(item);
    }
  }
  tickClocks();
}

export function renderLegend(state) {
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
