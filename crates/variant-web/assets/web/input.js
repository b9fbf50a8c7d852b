// Input: clicks, taps, drags and keys on the board, premoves, choices among several moves, and
// the moves and actions sent to the server.
import { pvStep } from "./analysis.js";
import { drawPosition, setFocus } from "./draw.js";
import { refresh } from "./game.js";
import { stepTo } from "./panel.js";
import { analysis, boardOfCell, destinationsOf, game, inCheck, mySeats, myTurn, pieceName, pvShown, shownPosition } from "./state.js";
import { $, api } from "./util.js";

// A refusal or an error, in the error colour (the panel, and the bar above the board on a
// phone); it replaces any note.
export function say(text) {
  $("error").textContent = text;
  $("top-error").textContent = text;
  note("");
}

// A note (a premove queued, a piece picked for one): said in a neutral colour, not as an error.
export function note(text) {
  $("note").textContent = text;
  $("top-note").textContent = text;
  if (text) {
    $("error").textContent = "";
    $("top-error").textContent = "";
  }
}

export function select(cell) {
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
    note("Premove cancelled.");
  } else if (game.preFrom && cell !== game.preFrom && !mine) {
    game.premove = { from: game.preFrom, to: cell };
    game.preFrom = null;
    note("Premove " + game.premove.from + " → " + cell + " queued: played on your turn if it is legal then (click the board to cancel).");
  } else if (mine && cell !== game.preFrom) {
    game.preFrom = cell;
    note("It is " + state.to_move + "'s move: pick where this piece goes next (a premove).");
  } else {
    const was = game.preFrom;
    game.preFrom = null;
    say(was ? "" : "It is " + state.to_move + "'s move, not yours.");
  }
  drawPosition();
}

// On the player's turn: the queued move if it is legal now (a promotion queued as a queen's,
// or the choice when there is no queen), else it is dropped with a word.
export function playPremove(state) {
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
  else note("The premove " + pre.from + " → " + pre.to + " is not legal now; it was dropped.");
}

let drag = null;
let suppressClick = false;

export function onPointerDown(e) {
  const target = e.target.closest("[data-cell]");
  // A finger taps (a click) or pans the board; it never drags a piece.
  if (!target || e.button !== 0 || e.pointerType === "touch") return;
  const name = target.dataset.cell;
  if (!game.state || !myTurn(game.state) || !game.shapes.some((m) => m.from === name)) return;
  drag = { name, x: e.clientX, y: e.clientY, moving: false, el: null };
}

export function onPointerMove(e) {
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

export function onPointerUp(e) {
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

// A finger that pans the zoomed board past its edge: Chromium still took the swipe for its
// Back gesture (overscroll-behavior on the board's box did not stop it), so the move of a
// finger that would push the board further than its edge is not given to the browser.
let swipe = null;

export function onTouchStart(e) {
  swipe = e.touches.length === 1 ? { x: e.touches[0].clientX, y: e.touches[0].clientY } : null;
}

export function onTouchMove(e) {
  const board = $("board");
  if (!swipe || e.touches.length !== 1 || !board.classList.contains("zoomed")) return;
  const dx = e.touches[0].clientX - swipe.x;
  const dy = e.touches[0].clientY - swipe.y;
  if (Math.abs(dx) <= Math.abs(dy)) return;
  const atLeft = board.scrollLeft <= 0;
  const atRight = board.scrollLeft + board.clientWidth >= board.scrollWidth - 1;
  if (e.cancelable && ((dx > 0 && atLeft) || (dx < 0 && atRight))) e.preventDefault();
}

export function onBoardClick(event) {
  if (suppressClick) return;
  const tag = event.target.closest("[data-dest-cell]");
  if (tag) return activate(tag.dataset.destCell);
  const target = event.target.closest("[data-cell]");
  if (!target) return;
  game.cursor = target.dataset.cell;
  activate(target.dataset.cell);
}

export function onMapClick(event) {
  const map = event.target.closest("[data-map-height]");
  if (!map || !game.parsed) return;
  const pos = shownPosition() || game.parsed;
  const index = pos.boards.findIndex((b) => String(b.height) === map.dataset.mapHeight);
  if (index >= 0) setFocus(index);
}

export function onBoardKey(e) {
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

export function onPageKey(e) {
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

export async function sendMove(text) {
  game.selected = null;
  say("");
  try {
    await api("POST", "/api/games/" + game.id + "/moves", { move: text, token: game.token });
  } catch (e) {
    say(e.message);
    refresh();
  }
}

export async function action(name) {
  say("");
  try {
    await api("POST", "/api/games/" + game.id + "/" + name, { token: game.token, seat: game.seat || undefined });
  } catch (e) {
    say(e.message);
  }
}
