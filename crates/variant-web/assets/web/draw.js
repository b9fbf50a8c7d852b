// Drawing: the large board of the focused height (cells, pieces, marks, the last move's path,
// destinations on other heights), the small maps of the other heights and the stack in space.
import { place } from "./position.js";
import { boardTurn, destinationsOf, game, lastMoveInfo, myTurn, pieceName, pvShown, seatInfo, shownPosition } from "./state.js";
import { $, UNIT, ZOOM_CELL, svgEl } from "./util.js";

export function zoneStyle(mark) {
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

export function drawFrame(parent, x, y, mark) {
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
    if (c.piece) drawPiece(svgEl("g", { class: "piece-wrap", transform: "translate(0,0)" }, g), c.piece);
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

const GLYPH_FONT = "DejaVu Sans, Noto Sans Symbols2, Segoe UI Symbol, sans-serif";

// A piece in a cell's frame (0..UNIT): its look from the view's pieces (a glyph, with the letter
// of a borrowed glyph in the corner, or a disc with a crown), in its seat's colours. Named
// "white K" for tests and tools (its <title>); the cell's button says it in words.
function drawPiece(parent, piece) {
  const look = ((game.state && game.state.view && game.state.view.pieces) || []).find((p) => p.symbol === piece.symbol);
  const s = seatInfo(piece.seat);
  const g = svgEl("g", { class: "piece" }, parent);
  svgEl("title", {}, g).textContent = piece.seat + " " + piece.symbol;
  const mid = UNIT / 2;
  if (look && look.disc) {
    svgEl("circle", { cx: mid, cy: mid, r: 15, fill: s.fill, stroke: s.stroke, "stroke-width": 2 }, g);
    svgEl("circle", { cx: mid, cy: mid, r: 10, fill: "none", stroke: s.stroke, "stroke-width": 1 }, g);
    if (look.glyph) svgEl("text", { x: mid, y: mid + 5, "font-size": 14, "text-anchor": "middle", fill: s.stroke }, g).textContent = look.glyph;
    return;
  }
  // A piece the view does not describe is drawn as its symbol.
  const glyph = look && look.glyph ? look.glyph : piece.symbol;
  svgEl("text", {
    x: mid, y: mid + 11, "font-size": 32, "text-anchor": "middle", "font-family": GLYPH_FONT,
    fill: s.fill, stroke: s.stroke, "stroke-width": 1.2, "paint-order": "stroke",
  }, g).textContent = glyph;
  if (look && look.letter) {
    svgEl("text", {
      x: UNIT - 2, y: 11, "font-size": 10, "font-weight": "bold", "text-anchor": "end",
      fill: s.fill, stroke: s.stroke, "stroke-width": 0.6, "paint-order": "stroke",
    }, g).textContent = look.letter;
  }
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

export function drawPosition() {
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
export function drawCursor(svg = $("board").querySelector("svg.focus")) {
  if (!svg) return;
  for (const old of svg.querySelectorAll(".cursor")) old.remove();
  for (const cell of svg.querySelectorAll('[data-cell][tabindex="0"]')) cell.setAttribute("tabindex", "-1");
  const p = game.cursor && game.layout.get(game.cursor);
  if (!p) return;
  const cell = svg.querySelector(`[data-cell="${CSS.escape(game.cursor)}"]`);
  if (cell) cell.setAttribute("tabindex", "0");
  svgEl("rect", { x: p.x + 1, y: p.y + 1, width: UNIT - 2, height: UNIT - 2, fill: "none", stroke: "#1565c0", "stroke-width": 3, class: "cursor", "pointer-events": "none" }, svg);
}

export function setFocus(index) {
  game.focus = index;
  drawPosition();
}
