// A position as the page holds it: the cells of each board, read from the state's board, and
// where a cell stands when the board is turned.

// The cells of the server's SVG: where each stands, its piece (kept as SVG to draw as is), its
// marks. Boards are the view's, in order; a cell without "@h" is on the only board.
export function parseBoard(svgText, view) {
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
export function place(file, rank, files, ranks, turn) {
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
