// The game's state, in one place: the game shown (its server state, the positions seen, what
// the player has picked), the analysis' line, and what is read off them (whose turn, the seats'
// looks, the moves' shapes). Other modules read and change it; none keeps its own copy.
import { CELL } from "./util.js";

export const game = {
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

export function mySeats(state) {
  if (!game.token) return [];
  if (state.one_token) return state.seats.filter((s) => state.players[s] === "human");
  return game.seat ? [game.seat] : [];
}

export function myTurn(state) {
  return !game.fatal && game.viewPly === null && !pvShown() && state.status.result === "ongoing" && !(state.free_seats || []).length && mySeats(state).includes(state.to_move);
}

export function seatInfo(seat) {
  const v = game.state && game.state.view && game.state.view.seats;
  return (v && v.find((s) => s.seat === seat)) || { seat, fill: "#888", stroke: "#000", turn: 0 };
}

export function seatChip(seat) {
  const s = seatInfo(seat);
  const chip = Object.assign(document.createElement("span"), { className: "chip", title: seat });
  chip.style.background = s.fill;
  chip.style.borderColor = s.stroke;
  return chip;
}

export function boardTurn() {
  if (game.turn !== null) return game.turn;
  const mine = game.state ? mySeats(game.state) : [];
  // One person at several seats (or a spectator) keeps the first seat's view: no board that
  // turns after every move.
  return mine.length === 1 ? seatInfo(mine[0]).turn : 0;
}

// Who played history entry i: seen live when the page was open, else counted back from the
// seat to move (a resignation names its seat).
export function moverOf(state, i) {
  if (game.movers.has(i)) return game.movers.get(i);
  const text = state.history[i];
  const r = /^resign:(\d+)$/.exec(text);
  if (r) return state.seats[Number(r[1]) - 1] || state.seats[0];
  const n = state.seats.length;
  const k = state.seats.indexOf(state.to_move);
  return state.seats[(((k - (state.ply - i)) % n) + n) % n];
}

export function moveCells(text) {
  return (text || "").match(CELL) || [];
}

// A move's shape, read from its text: the cells it names in order. Two or more cells go from
// the first to the last (a step, or a draughts path); one cell alone is a placement on that
// cell (a game that puts marks on empty cells), entered by clicking the cell.
export function moveShape(text) {
  const cells = moveCells(text);
  if (cells.length === 0) return { text, from: null, to: null, cells, place: false };
  const last = cells[cells.length - 1];
  const tail = text.slice(text.lastIndexOf(last) + last.length);
  if (cells.length === 1) return { text, from: null, to: last, tail, cells, place: true };
  return { text, from: cells[0], to: last, tail, cells, place: false };
}

export function shownPosition() {
  if (game.viewPly === null) return game.parsed;
  const seen = game.boards.get(game.viewPly);
  return seen ? seen.parsed : null;
}

export function boardOfCell(name) {
  const p = shownPosition() || game.parsed;
  const c = p && p.byName.get(name);
  return c ? c.board : null;
}

export const analysis = { ctrl: null, ply: 0, line: null, step: 0, boards: new Map(), running: false };

// The position of the line shown on the board, when a move of it is shown and read.
export function pvShown() {
  if (!analysis.line || analysis.step === 0) return null;
  return analysis.boards.get(analysis.line.pv.slice(0, analysis.step).join(",")) || null;
}

export function lastMoveInfo(state, ply) {
  if (!ply) return null;
  const text = state.history[ply - 1];
  if (!text) return null;
  return { text, cells: moveCells(text), seat: moverOf(state, ply - 1) };
}

export function destinationsOf(cell) {
  const out = new Map();
  if (!cell) return out;
  for (const m of game.shapes) if (m.from === cell) out.set(m.to, m);
  return out;
}

// The seats in check in a position (the board's `in_check`).
export function inCheck(pos) {
  return pos ? pos.inCheck : [];
}

export function pieceName(c) {
  const v = game.state.view && game.state.view.pieces;
  const p = v && v.find((x) => x.symbol === (c.pieceSymbol || "").toUpperCase());
  return p ? p.name : "piece";
}
