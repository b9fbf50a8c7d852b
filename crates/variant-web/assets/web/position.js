// A position as the page holds it: the cells of each board, read from the state's board, and
// where a cell stands when the board is turned.

// The state's board (`board`: every cell of every board, with its piece and marks) as the page
// holds it: the view's boards in order, each with its cells, and the cells by name. A piece is
// `{seat, symbol, royal}`; it is drawn from the view's pieces and seats.
export function readBoard(board, view) {
  const boards = view.boards.map((b, index) => ({ ...b, index, cells: [] }));
  const byName = new Map();
  for (const c of (board && board.cells) || []) {
    const on = boards[c.board];
    if (!on) continue;
    const cell = {
      name: c.name,
      board: c.board,
      height: on.height,
      file: c.file,
      rank: c.rank,
      dark: c.dark,
      last: c.last,
      check: c.check,
      mark: c.mark,
      note: c.note,
      piece: c.piece,
      pieceSeat: c.piece ? c.piece.seat : null,
      pieceSymbol: c.piece ? c.piece.symbol : null,
    };
    on.cells.push(cell);
    byName.set(cell.name, cell);
  }
  const inCheck = (board && board.in_check) || [];
  return { boards, byName, inCheck, pieces: [...byName.values()].filter((c) => c.piece).length };
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
