// Browser tests of `variants serve` in Debian's Chromium (headless), driven by playwright-core.
//
//   node browser.mjs PATH/TO/variants [SCREENSHOT_DIR]
//
// Starts the server on an ephemeral loopback port with a fresh database, then:
//  1. creates a game with the page's form (chess3d, one height, Black the engine), opens the
//     White link, plays e2-e4 by clicking (legal destinations highlighted) and sees the engine
//     answer;
//  2. in each game the server lists (its registry), plays the first legal move by clicking, sees
//     the engine seats answer and the page's drawing hold the pieces of the state's JSON board
//     (screenshots of each game go to SCREENSHOT_DIR when given);
//  3. plays a full game of each of the four games by clicking, to its end (the status shows the
//     result): chess3d Fool's mate (one person, both seats), chess-T from its start to a King
//     capture (two pages, one per seat), a checkers3d ending across two heights (started from a
//     position, one person);
//  4. four browser contexts (four "machines") play "Bishops" on the four seat links; every
//     page follows every move; then the four play a game from a position to White's mate;
//  5. the focus view on 8 heights (maps, a move across heights and its path), every
//     Bishops seat's page turned to put that seat at the bottom, stepping through the move list
//     and downloading the records (JSON read back by `variants`, PGN by python-chess), a flag
//     fall on two pages, the lobby (a second browser takes the open seat), a server restart
//     (SIGTERM and SIGKILL) with pages open, an unknown id and a wrong token on load; and the
//     screenshots of each game at 1400x900 and 390x844 (focused-board cells at least 36 CSS px);
//     drag and drop, the promotion choice, keyboard play, turning the board, the thinking mark;
//  6. the analysis board, 7. the archive, 8. a listed game waiting, 9. abort, 10. the first
//     moves' wait;
// then the tests of players.mjs (what players tripped over, and axe-core on every page at both
// sizes); and fails if any page logs a console error, throws, or a request fails.
import fs from "node:fs";
import path from "node:path";
import {
  PHONE, accessible, api, firstScreen as inFirstScreen, base, binary, browser, check, clickCell, clickMove, CELL, newPage, playLine, problems, run,
  scratch, selectCell, server, shots, startServer, waitPly,
} from "./harness.mjs";
import { accessibilityTests, playerTests } from "./players.mjs";

try {
  // 1. The form, a link, a move by clicking, the engine's answer.
  run.step = "form";
  const page = await newPage();
  await page.goto(base + "/");
  await page.selectOption("#game-select", "chess3d");
  await page.fill('input[data-key="heights"]', "1");
  await page.selectOption('select[data-seat="black"]', "engine");
  await page.fill('input[data-movetime="black"]', "100");
  await page.click("#create-button");
  await page.waitForSelector("#created:not([hidden])");
  check((await page.$$("#links button.copy")).length === 2, "a copy button for the White link and the spectator link");
  check((await page.$$('#links a[data-watch-link]')).length === 1, "the spectator link is offered");
  check((await page.$$('input[data-movetime="white"]:visible')).length === 0, "no engine time for the human seat");
  // The form again with one person at every seat: one link (and the spectator link).
  await page.selectOption('select[data-seat="black"]', "human");
  await page.check("#one-token");
  await page.click("#create-button");
  await page.waitForFunction(() => document.querySelectorAll("#links a[data-seat-link]").length === 1 && /white, black/.test(document.getElementById("links").textContent));
  await page.uncheck("#one-token");
  // Listed in the lobby, the creator keeps White: White's link, Black open to anyone.
  await page.check("#listed");
  await page.selectOption("#listed-seat", "white");
  await page.click("#create-button");
  await page.waitForFunction(() => /black is open in the lobby/.test(document.getElementById("links").textContent));
  check((await page.$$('#links a[data-seat-link="white"]')).length === 1 && (await page.$$('#links a[data-seat-link="black"]')).length === 0, "the creator's own link is White's, Black is open");
  await page.uncheck("#listed");
  await page.selectOption('select[data-seat="black"]', "engine");
  await page.click("#create-button");
  await page.waitForFunction(() => !/white, black/.test(document.getElementById("links").textContent));
  await page.click('a[data-seat-link="white"]');
  await page.waitForSelector('[data-cell="e2"]');
  await waitPly(page, 0);
  await selectCell(page, "e2");
  const dests = await page.$$eval("#board .dest", (els) => els.map((e) => e.dataset.cell).sort());
  check(JSON.stringify(dests) === '["e3","e4"]', "e2's destinations: " + dests);
  await page.click('[data-cell="e4"]');
  await waitPly(page, 2);
  const reply = await page.textContent("#engine-reply");
  check(/engine \(black\) played/.test(reply), "engine reply shown: " + reply);
  check((await page.$$("#history button.mv")).length === 2, "two moves listed");
  await page.context().close();
  console.log("ok 1 - form, link, click e2-e4, engine answers");

  // 2. Every game the server lists (`/api/info`, the registry), in its default configuration,
  // and 3D chess on three boards side by side: one move by clicking, every other seat an
  // engine that answers.
  const info = await api("GET", "/api/info");
  const games = info.games.map((g) => [g.name, "", g.seats]);
  check(games.length > 0, "the server lists games");
  if (games.some(([game]) => game === "chess3d")) games.push(["chess3d", "heights=3", ["white", "black"]]);
  for (const [game, config, seats] of games) {
    run.step = `${game} ${config}`;
    const players = Object.fromEntries(seats.slice(1).map((seat) => [seat, "engine:movetime=100"]));
    const ply = seats.length;
    const created = await api("POST", "/api/games", { game, config, players });
    const page = await newPage();
    await page.goto(base + created.links[seats[0]]);
    await waitPly(page, 0);
    const state = await api("GET", "/api/games/" + created.id);
    // A move that leaves its start cell for another cell (not a pass); in a game whose moves
    // name one cell each (Qubic's marks), a placement: one click on the empty cell.
    const move =
      state.moves.find((m) => (m.match(CELL) || []).length >= 2) ||
      state.moves.find((m) => (m.match(CELL) || []).length === 1);
    if ((move.match(CELL) || []).length >= 2) await clickMove(page, move);
    else await clickCell(page, move);
    await waitPly(page, ply);
    const after = await api("GET", "/api/games/" + created.id);
    check(after.history[0] === move, `${game}: first move ${after.history[0]} is ${move}`);
    // The page draws the server's JSON board: every cell of every height (the large board and
    // the maps) holds the piece the state's board lists there, and no other.
    await waitPly(page, after.ply);
    const drawn = await page.evaluate(() => {
      const out = {};
      for (const g of document.querySelectorAll("#board [data-cell], #maps [data-map-cell]")) {
        const title = g.querySelector(".piece title");
        out[g.dataset.cell || g.dataset.mapCell] = title ? title.textContent : null;
      }
      return out;
    });
    const listed = Object.fromEntries(after.board.cells.map((c) => [c.name, c.piece ? c.piece.seat + " " + c.piece.symbol : null]));
    const wrong = Object.keys(listed).filter((n) => drawn[n] !== listed[n]);
    check(Object.keys(drawn).length === Object.keys(listed).length && wrong.length === 0, `${game}: the drawn board is the state's: ${wrong.slice(0, 5).map((n) => n + " " + drawn[n] + "/" + listed[n])}`);
    // A game that notes something on its cells (chess-T's strengths) lets the page show it.
    if (await page.isVisible("#strength")) await page.check("#strength");
    // A laptop and a phone: the focused board's cells are at least 36 CSS px on the phone
    // (the board scrolls sideways when a wide board needs it).
    await page.setViewportSize({ width: 1400, height: 900 });
    if (shots) {
      fs.mkdirSync(shots, { recursive: true });
      await page.screenshot({ path: path.join(shots, `${game}${config ? "-" + config : ""}-1400x900.png`) });
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(100);
    // The whole board fits the phone's width; cells under 36 CSS px (a 12-file board) come
    // with "Zoom in", which makes them larger.
    const fits = await page.$eval("#board", (b) => b.scrollWidth <= b.clientWidth && b.getBoundingClientRect().right <= window.innerWidth);
    check(fits, `${game}: the board fits the phone's width`);
    let cellPx = await page.$eval("#board [data-cell] rect.sq", (r) => r.getBoundingClientRect().width);
    if (cellPx < 36) {
      check(cellPx >= 28, `${game}: phone cells are ${cellPx} CSS px`);
      await page.click("#zoom");
      cellPx = await page.$eval("#board [data-cell] rect.sq", (r) => r.getBoundingClientRect().width);
    }
    check(cellPx >= 36, `${game}: phone cells are ${cellPx} CSS px`);
    if (shots) await page.screenshot({ path: path.join(shots, `${game}${config ? "-" + config : ""}-390x844.png`) });
    await page.context().close();
    console.log(`ok 2 - ${game} ${config}: ${move} by clicking, the engine answers`);
  }

  // 3. Fool's mate by clicking (one person plays both seats): check mark and result.
  run.step = "mate";
  {
    const created = await api("POST", "/api/games", { game: "chess3d", config: "heights=1", one_token: true });
    const page = await newPage();
    await page.goto(base + created.links.white);
    const moves = ["f2f3", "e7e5", "g2g4", "d8h4"];
    for (let i = 0; i < moves.length; i++) {
      await waitPly(page, i);
      // One token holds both seats: every move is this page's, and its tab says so.
      const title = await page.title();
      check(title.startsWith("Your turn"), "the tab says it is your turn at ply " + i + ": " + title);
      await clickMove(page, moves[i]);
    }
    await waitPly(page, 4);
    const status = await page.textContent("#status");
    check(/black wins \(checkmate\)/.test(status), "result shown: " + status);
    const over = await page.title();
    check(!over.startsWith("Your turn"), "the tab of a finished game names no turn: " + over);
    check((await page.$$('[data-cell="e1"] .check')).length === 1, "the mated king is marked");
    check((await page.$$("#board .last")).length === 2, "the last move's two cells are marked");
    check(await page.$eval("#undo", (b) => b.disabled), "take back is refused after the mate (the button is off)");
    check(await page.$eval("#abort", (b) => b.hidden), "no abort after the end");
    // The last move's marks leave the moved piece in sight: the line stops at the edge of h4's
    // piece and the arrival is an empty ring around it, nothing filled over the queen.
    const marks = await page.evaluate(() => {
      const cell = document.querySelector('#board [data-cell="h4"]').transform.baseVal[0].matrix;
      const [cx, cy] = [cell.e + 20, cell.f + 20];
      const lines = [...document.querySelectorAll("#board .path path")].map((p) => {
        const end = p.getPointAtLength(p.getTotalLength());
        return Math.hypot(end.x - cx, end.y - cy);
      });
      const filled = [...document.querySelectorAll("#board .path circle")].filter((c) => c.getAttribute("fill") !== "none").length;
      return { lines, filled, rings: document.querySelectorAll("#board .path circle").length };
    });
    check(marks.lines.length > 0 && marks.lines.every((d) => d >= 16), "the path ends outside the queen on h4: " + JSON.stringify(marks));
    check(marks.filled === 0 && marks.rings > 0, "the arrival is a ring, not a filled circle: " + JSON.stringify(marks));
    await accessible(page, "the game page after the mate");
    // Sound: a tone for each move, the mate's a check's.
    const sounds = (await page.$eval("body", (b) => b.dataset.sounds || "")).split(" ");
    check(sounds.length === 4 && sounds[0] === "move" && sounds[3] === "check", "a sound a move, a check at the end: " + sounds);
    await page.context().close();
    console.log("ok 3 - chess3d: Fool's mate by clicking: check mark, last move (the piece left in sight), result");
  }

  // 3b. chess-T from its start, two people on two pages: the White Scout leaps b1-c3-d5, takes
  // the Knecht on c7 (a Scout needs no superiority on an ordinary cell, CT-12) and makes the
  // exchange with the King on e8 (a castle cell one leap away, CT-12): the King is captured and
  // White wins (CT-35). Black's Knecht moves (CT-4) stay out of the way.
  run.step = "chess-t full game";
  {
    const created = await api("POST", "/api/games", { game: "chess-t" });
    const white = await newPage();
    const black = await newPage();
    await white.goto(base + created.links.white);
    await black.goto(base + created.links.black);
    const line = ["b1c3", "a7a6", "c3d5", "a6a5", "d5c7", "h7h6", "c7e8"];
    await playLine({ white, black }, ["white", "black"], line);
    for (const page of [white, black]) {
      const status = await page.textContent("#status");
      check(/white wins \(king captured\)/.test(status), "chess-T result shown: " + status);
    }
    await white.context().close();
    await black.context().close();
    console.log("ok 3 - chess-T: a full game on two pages, King captured by the Scout exchange");
  }

  // 3b'. A hand-edited link whose seat its token does not hold: the token decides (the page
  // plays Black with Black's token, whatever the link's seat says), and Black's tab says
  // nothing of a turn while White is to move.
  run.step = "edited link";
  {
    const created = await api("POST", "/api/games", { game: "chess3d", config: "heights=1" });
    const page = await newPage();
    await page.goto(base + created.links.black.replace("seat=black", "seat=white"));
    await waitPly(page, 0);
    const you = await page.textContent("#you");
    check(/You play\s.*black/.test(you) && !/white/.test(you), "the token's seat is shown: " + you);
    const title = await page.title();
    check(!title.startsWith("Your turn"), "not Black's turn at the start: " + title);
    await page.context().close();
    console.log("ok 3 - an edited link plays the seat its token holds");
  }

  // 3c. checkers3d from a position (D3-51) with two heights, one person: White c3@1 steps up a
  // height to d4@2 (a cube diagonal, D3-6); Black f6@2-e5@2; White's man takes both Black men,
  // d4@2:f6@2:h8@2 (D3-8, D3-10, the only capture under the majority rule D3-12), and Black,
  // without pieces, has no move and loses (D3-20).
  run.step = "checkers3d full game";
  {
    const created = await api("POST", "/api/games", {
      game: "checkers3d", position: "W:Wc3@1:Bf6@2,g7@2:H2:1/2", one_token: true,
    });
    const page = await newPage();
    await page.goto(base + created.links.white);
    await playLine({ white: page, black: page }, ["white", "black"], ["c3@1-d4@2", "f6@2-e5@2", "d4@2:f6@2:h8@2"]);
    const status = await page.textContent("#status");
    check(/white wins \(no legal moves\)/.test(status), "checkers3d result shown: " + status);
    check((await page.$$('[data-cell="e5@2"] .piece, [data-cell="g7@2"] .piece')).length === 0, "both men taken");
    check((await page.$$('[data-cell="h8@2"] .piece')).length === 1, "the capturing man stands on h8@2");
    check(/capture$/.test(await page.$eval("body", (b) => b.dataset.sounds || "")), "the capture has its sound");
    await page.context().close();
    console.log("ok 3 - checkers3d: an ending across two heights to its end");
  }

  // 4. Four machines play "Bishops" on the four seat links.
  run.step = "bishops four browsers";
  {
    const created = await api("POST", "/api/games", { game: "bishops4p" });
    const seats = ["white", "grey", "black", "pink"];
    const pages = {};
    for (const seat of seats) {
      pages[seat] = await newPage();
      await pages[seat].goto(base + created.links[seat]);
      await waitPly(pages[seat], 0);
    }
    let ply = 0;
    for (let round = 0; round < 2; round++) {
      for (const seat of seats) {
        const page = pages[seat];
        const status = await page.textContent("#status");
        check(/your move/.test(status), `${seat} sees its turn: ${status}`);
        const state = await api("GET", "/api/games/" + created.id);
        const move = state.moves.find((m) => (m.match(CELL) || []).length >= 2);
        await clickMove(page, move);
        ply += 1;
        for (const other of seats) await waitPly(pages[other], ply);
      }
    }
    if (shots) {
      for (const seat of seats) {
        await pages[seat].setViewportSize({ width: 1400, height: 900 });
        await pages[seat].screenshot({ path: path.join(shots, `bishops4p-seat-${seat}.png`) });
      }
    }
    console.log("ok 4 - Bishops: four browsers, eight moves, every page follows");

    // The same four browsers play a game to its end from a position (B4-51): one round, then
    // White's queen d1-a4 mates Grey, its left neighbour (B4-3, B4-13): Grey's king on a6 is
    // walled in by its own pawns b5 b6 b7, the queen covers a5 and a7 along the a-file, and no
    // Grey piece can take on a4 or step between. The first mate ends the short game (B4-20).
    run.step = "bishops four browsers, full game";
    const position = "5,bK,6/9,bP,2/12/1,gP,10/12/1,gP,9,pK/gK,gP,10/1,gP,10/10,pP,1/12/" +
      "4,wP,7/3,wQ,2,wK,5 w wgbp w:-,g:-,b:-,p:- - 0 0 short -";
    const mate = await api("POST", "/api/games", { game: "bishops4p", position });
    for (const seat of seats) await pages[seat].goto(base + mate.links[seat]);
    await playLine(pages, ["white", "grey", "black", "pink"], ["e2e3", "b9c9", "j11j10", "k4j4", "d1a4"]);
    for (const seat of seats) {
      const status = await pages[seat].textContent("#status");
      check(/white wins \(checkmate\)/.test(status), `${seat} sees the mate: ${status}`);
    }
    for (const seat of seats) await pages[seat].context().close();
    console.log("ok 4 - Bishops: four browsers play a game to White's mate");
  }

  // 5a. The focus view on 8 heights: eight maps; a click on a map shows that height large; a
  // move from height 1 to height 2 (C3-2: a move may change height) moves the focus to height
  // 2 and its path is drawn on the board and across the maps.
  run.step = "focus view";
  {
    const created = await api("POST", "/api/games", { game: "chess3d", config: "heights=8", one_token: true });
    const page = await newPage({ width: 1400, height: 900 });
    await page.goto(base + created.links.white);
    await waitPly(page, 0);
    check((await page.$$("#maps [data-map-height]")).length === 8, "eight maps");
    await page.click('#maps [data-map-height="5"]');
    await page.waitForSelector('#board svg[data-height="5"]');
    check((await page.$$('#board [data-cell$="@5"]')).length === 64, "height 5 shown large");
    const state = await api("GET", "/api/games/" + created.id);
    const move = state.moves.find((m) => {
      const c = m.match(CELL);
      return c[0].endsWith("@1") && c[c.length - 1].endsWith("@2");
    });
    await clickMove(page, move);
    await waitPly(page, 1);
    await page.waitForSelector('#board svg[data-height="2"]');
    check((await page.$$("#board .path")).length === 1, "the move's path on the large board");
    check((await page.$$("#maps .path")).length === 1, "the move's path across the maps");
    check((await page.$$('#board .height-tag')).length >= 1, "the other height named on the path");
    // Keyboard: Tab to the board, PageDown shows the height below.
    await page.focus('#board [tabindex="0"]');
    await page.keyboard.press("PageDown");
    await page.waitForSelector('#board svg[data-height="1"]');
    if (shots) await page.screenshot({ path: path.join(shots, "chess3d-8-heights.png") });
    console.log("ok 5 - chess3d on 8 heights: maps, focus, a move across heights and its path");

    // The "@h" tags: a rook on d4@1 reaches d4 on every height above (one straight line up),
    // all over the same cell of the large board: one tag a height, side by side, each a button
    // that plays its move.
    const empty = "8/8/8/8/8/8/8/8";
    const rook = await api("POST", "/api/games", {
      game: "chess3d", one_token: true,
      position: ["8/8/8/8/3R4/8/8/K7", ...Array(6).fill(empty), "k7/8/8/8/8/8/8/8"].join("|") + " w - - 0 1 1,8",
    });
    await page.goto(base + rook.links.white);
    await waitPly(page, 0);
    const up = (await api("GET", "/api/games/" + rook.id)).moves.filter((m) => m.startsWith("d4@1d4@")).map((m) => m.slice(4));
    check(up.length >= 5, "the rook goes straight up: " + up);
    await selectCell(page, "d4@1");
    const tags = await page.$$eval("#board [data-dest-cell]", (els) => els.map((e) => {
      const r = e.getBoundingClientRect();
      return { cell: e.dataset.destCell, r: [r.left, r.top, r.right, r.bottom] };
    }));
    const above = tags.filter((t) => t.cell.startsWith("d4@")).map((t) => t.cell).sort();
    check(JSON.stringify(above) === JSON.stringify([...up].sort()), "one tag for each height: " + above + " against " + up);
    const overlap = tags.some((a, i) => tags.some((b, j) => i < j && a.r[0] < b.r[2] - 1 && b.r[0] < a.r[2] - 1 && a.r[1] < b.r[3] - 1 && b.r[1] < a.r[3] - 1));
    check(!overlap, "the tags do not cover each other: " + JSON.stringify(tags));
    const target = up[up.length - 2];
    await page.click(`#board [data-dest-cell="${target}"]`);
    await waitPly(page, 1);
    const played = await api("GET", "/api/games/" + rook.id);
    check(played.history[0] === "d4@1" + target, "the tag played d4@1" + target + ": " + played.history);
    check((await page.textContent("#error")) === "", "no refusal: " + (await page.textContent("#error")));
    await page.context().close();
    console.log("ok 5 - chess3d on 8 heights: one @h tag a height over a cell, a tag plays its move");
  }

  // 5b. Bishops on four pages: each page turns the board so its own seat sits at the bottom
  // (its king in the lower half of the board), and a refused click says why.
  run.step = "bishops seat views";
  {
    const created = await api("POST", "/api/games", { game: "bishops4p" });
    for (const seat of ["white", "grey", "black", "pink"]) {
      const page = await newPage({ width: 1400, height: 900 });
      await page.goto(base + created.links[seat]);
      await waitPly(page, 0);
      const where = await page.evaluate((seat) => {
        const board = document.querySelector("#board svg .cells").getBoundingClientRect();
        for (const t of document.querySelectorAll("#board .piece title")) {
          if (t.textContent === seat + " K") {
            const r = t.closest("[data-cell]").getBoundingClientRect();
            return (r.top + r.height / 2 - board.top) / board.height;
          }
        }
        return null;
      }, seat);
      check(where !== null && where > 0.75, `${seat}'s king is at the bottom of ${seat}'s page: ${where}`);
      if (seat === "grey") {
        await page.click('#board [data-cell="f6"]');
        const said = await page.textContent("#error");
        check(/move/.test(said), "a click out of turn says why: " + said);
      }
      await page.context().close();
    }
    console.log("ok 5 - Bishops: four pages, each with its own seat at the bottom");
  }

  // 5b'. "Bishops" on Pink's phone: the whole 12x12 board fits at first; "Zoom in" makes the
  // cells larger and a finger pans the board (a swipe that starts on a piece moves no piece);
  // then Pink plays from the far edge column of its view (rank 1, the leftmost column once
  // the board is turned for Pink): the rook c1-c5.
  run.step = "bishops on a phone";
  {
    const position = "5,bK,6/12/12/12/12/11,pK/gK,11/12/12/12/6,wK,5/2,pR,9 p wgbp w:-,g:-,b:-,p:- - 0 0 short -";
    const created = await api("POST", "/api/games", { game: "bishops4p", position });
    const page = await newPage(...PHONE);
    await page.goto(base + created.links.pink);
    await waitPly(page, 0);
    const box = (cell) => page.$eval(`#board [data-cell="${cell}"] rect.sq`, (r) => {
      const b = r.getBoundingClientRect();
      return { left: b.left, right: b.right, width: b.width };
    });
    const all = await page.$$eval("#board [data-cell] rect.sq", (rs) => rs.map((r) => r.getBoundingClientRect()).every((b) => b.left >= 0 && b.right <= window.innerWidth));
    check(all, "every cell of the board is on the phone's screen at first");
    await accessible(page, "Bishops on a phone");
    const far = await box("c1");
    check(far.left < 60, "c1 stands in the leftmost column of Pink's view: " + JSON.stringify(far));
    await page.tap("#zoom");
    const zoomed = await box("l7");
    check(zoomed.width >= 36, "zoomed in, a cell is " + zoomed.width + " CSS px");
    check((await box("c1")).right < 0, "zoomed in, the far column is out of the box");
    // A finger swipe from Pink's king to the right pans the board leftwards; no piece moves.
    const before = await page.$eval("#board", (b) => b.scrollLeft);
    const king = await page.$eval('#board [data-cell="l7"]', (e) => {
      const r = e.getBoundingClientRect();
      return [r.left + r.width / 2, r.top + r.height / 2];
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: king[0], y: king[1] }] });
    for (let k = 1; k <= 8; k++) await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: king[0] + k * 25, y: king[1] }] });
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await page.waitForFunction((x) => document.getElementById("board").scrollLeft < x - 50, before, { timeout: 3000 });
    check(!(await page.$("#board .selected")), "the swipe picked up no piece");
    check((await api("GET", "/api/games/" + created.id)).ply === 0, "the swipe played nothing");
    await page.tap('#board [data-cell="c1"]');
    await page.waitForSelector('#board [data-cell="c1"].selected');
    await page.tap('#board [data-cell="c5"]');
    await waitPly(page, 1);
    check((await api("GET", "/api/games/" + created.id)).history[0] === "c1c5", "Pink's rook went c1-c5");
    if (shots) await page.screenshot({ path: path.join(shots, "bishops4p-phone-zoomed.png") });
    await page.context().close();
    console.log("ok 5 - Bishops on Pink's phone: the board fits, zooms and pans by finger; a move from the far edge column");
  }

  // 5c. Fool's mate again: step back through the move list (click, arrow keys), download the
  // JSON record (read back by `variants`) and the PGN (read by python-chess).
  run.step = "move list and records";
  {
    const created = await api("POST", "/api/games", { game: "chess3d", config: "heights=1", one_token: true });
    const page = await newPage();
    await page.goto(base + created.links.white);
    const moves = ["f2f3", "e7e5", "g2g4", "d8h4"];
    for (let i = 0; i < moves.length; i++) {
      await waitPly(page, i);
      await clickMove(page, moves[i]);
    }
    await waitPly(page, 4);
    check(/Qh4#/.test(await page.textContent("#history")), "the mate is marked #");
    check((await page.$$("#history tr")).length === 2, "four moves in two rounds");
    await page.click('#history button[data-ply="2"]');
    await page.waitForSelector('body[data-view-ply="2"]');
    check((await page.$$('#board [data-cell="e5"] .piece')).length === 1, "after move 2 a pawn stands on e5");
    check((await page.$$('#board [data-cell="g4"] .piece')).length === 0, "and none on g4 yet");
    await page.keyboard.press("ArrowLeft");
    await page.waitForSelector('body[data-view-ply="1"]');
    check((await page.$$('#board [data-cell="e5"] .piece')).length === 0, "after move 1 e5 is empty");
    await page.keyboard.press("End");
    await page.waitForSelector('body[data-view-ply=""]');
    const save = async (selector, name) => {
      const [download] = await Promise.all([page.waitForEvent("download"), page.click(selector)]);
      const file = path.join(scratch, name);
      await download.saveAs(file);
      return file;
    };
    const json = await save("#record-json", "record.json");
    const { spawnSync } = await import("node:child_process");
    const replay = spawnSync(binary, ["play", "chess3d", "--load", json, "-q", "--save", path.join(scratch, "again.json")], { input: "", encoding: "utf8" });
    check(/black wins \(checkmate\)/.test(replay.stdout), "variants reads the record back: " + replay.stdout + replay.stderr);
    const again = JSON.parse(fs.readFileSync(path.join(scratch, "again.json"), "utf8"));
    check(JSON.stringify(again.moves) === JSON.stringify(moves), "the record's moves: " + again.moves);
    await page.waitForSelector("#pgn-box:not([hidden])");
    const pgn = await save("#record-pgn", "game.pgn");
    const python = process.env.PYTHON_CHESS || "target/uci-venv/bin/python";
    const read = spawnSync(python, ["-c", "import chess.pgn,sys\ng=chess.pgn.read_game(open(sys.argv[1]))\nb=g.board()\nfor m in g.mainline_moves(): b.push(m)\nprint(b.is_checkmate(), g.headers['Result'], ' '.join(m.uci() for m in g.mainline_moves()))", pgn], { encoding: "utf8" });
    check(read.stdout.trim() === "True 0-1 " + moves.join(" "), "python-chess reads the PGN: " + read.stdout + read.stderr);
    await page.context().close();
    // A page opened after the moves were played holds only the last position: stepping back
    // asks the server for the others (`?ply=N`).
    const late = await newPage();
    await late.goto(base + created.links.white);
    await waitPly(late, 4);
    // FIDE chess is listed in SAN, its check and mate marks included, on a page that saw none
    // of the moves.
    const listed = await late.$$eval("#history button.mv", (bs) => bs.map((b) => b.textContent));
    check(JSON.stringify(listed) === '["f3","e5","g4","Qh4#"]', "the late page lists SAN: " + listed);
    await late.click('#history button[data-ply="1"]');
    await late.waitForSelector('body[data-view-ply="1"]');
    await late.waitForSelector('#board [data-cell="f3"] .piece');
    check((await late.$$('#board [data-cell="f2"] .piece')).length === 0, "late page, after move 1: f2 empty");
    check((await late.$$('#board [data-cell="e5"] .piece')).length === 0, "late page, after move 1: e5 empty");
    check((await late.$$('#board [data-cell="h4"] .piece')).length === 0, "late page, after move 1: no queen on h4");
    await late.keyboard.press("ArrowLeft");
    await late.waitForSelector('body[data-view-ply="0"]');
    await late.waitForSelector('#board [data-cell="f2"] .piece');
    check((await late.$$('#board [data-cell="f3"] .piece')).length === 0, "late page, the start: f3 empty");
    check((await late.$$('#board [data-cell="e7"] .piece')).length === 1, "late page, the start: a pawn on e7");
    check((await late.$$('#board .piece')).length === 32, "late page, the start: 32 pieces");
    await late.context().close();
    console.log("ok 5 - the move list steps back; JSON record read back by variants, PGN by python-chess; a late page loads earlier positions");
  }

  // 5d. The clocks wait for the first moves (a page opened late loses nothing, and the game
  // can be aborted until then); then a clock running out ends the game on both pages (White
  // never moves again; 1.5 s).
  run.step = "clock";
  {
    const created = await api("POST", "/api/games", { game: "chess3d", config: "heights=1", clock: { initial_ms: 1500, increment_ms: 0 } });
    const white = await newPage();
    const black = await newPage();
    await white.goto(base + created.links.white);
    await black.goto(base + created.links.black);
    await white.waitForSelector("#abort:not([hidden])");
    const t0 = Date.now();
    // Black turns the sound off; the switch is kept across a reload.
    await black.click("#sound");
    await black.reload();
    await waitPly(black, 0);
    check(!(await black.isChecked("#sound")), "the sound switch stays off after a reload");
    await new Promise((r) => setTimeout(r, Math.max(0, 1800 - (Date.now() - t0))));
    const waiting = await api("GET", "/api/games/" + created.id);
    check(waiting.status.result === "ongoing" && waiting.clock.running === null, "no clock runs before the first moves: " + JSON.stringify(waiting.clock));
    await api("POST", "/api/games/" + created.id + "/moves", { move: "e2e4", token: created.tokens.white });
    await api("POST", "/api/games/" + created.id + "/moves", { move: "e7e5", token: created.tokens.black });
    for (const page of [white, black]) {
      await page.waitForSelector('#players [data-clock="white"]');
      await page.waitForSelector('body[data-result="win"]', { timeout: 10000, state: "attached" });
      const status = await page.textContent("#status");
      check(/time/.test(status) && /black wins/.test(status), "the flag fall is shown: " + status);
      check((await page.textContent('#players [data-clock="white"]')) === "0.0", "White's clock shows 0.0");
    }
    check(/move low/.test(await white.$eval("body", (b) => b.dataset.sounds || "")), "White hears its moves and its clock under 10 s: " + (await white.$eval("body", (b) => b.dataset.sounds)));
    check(!(await black.$eval("body", (b) => b.dataset.sounds || "")), "Black, muted, hears nothing");
    // A rematch: White asks, Black accepts; both pages open the new game, colours swapped,
    // with the same clock.
    await white.click("#rematch");
    await black.waitForFunction(() => document.getElementById("rematch").textContent === "Accept rematch");
    check(/rematch asked by white/.test(await black.textContent("#offers")), "Black sees the request");
    await black.click("#rematch");
    for (const page of [white, black]) await page.waitForURL((u) => !u.pathname.endsWith(created.id), { timeout: 10000 });
    const rematchId = new URL(white.url()).pathname.split("/").pop();
    check(new URL(black.url()).pathname.endsWith(rematchId), "both pages open the same rematch");
    await waitPly(white, 0);
    await waitPly(black, 0);
    check(/You play\s.*black/.test(await white.textContent("#you")), "White's player now plays Black: " + (await white.textContent("#you")));
    check(/your move/.test(await black.textContent("#status")), "Black's player now moves first: " + (await black.textContent("#status")));
    const again = await api("GET", "/api/games/" + rematchId);
    check(again.clock.initial_ms === 1500 && again.config === (await api("GET", "/api/games/" + created.id)).config, "the rematch keeps the clock and the configuration");
    await white.context().close();
    await black.context().close();
    console.log("ok 5 - a flag fall ends the game on both pages; a rematch, asked and accepted, swaps the colours");
  }

  // 5e. The lobby: a game with Black open; a second browser sees it and takes the seat.
  run.step = "lobby";
  {
    const created = await api("POST", "/api/games", { game: "chess3d", config: "heights=1", listed: ["black"] });
    const white = await newPage();
    await white.goto(base + created.links.white);
    await waitPly(white, 0);
    // (and one more listed game, for a seat taken while the lobby offers it, below)
    const raced = await api("POST", "/api/games", { game: "checkers3d", config: "heights=1", listed: ["black"] });
    const other = await newPage();
    // The second browser's system asks for dark colours: the lobby and the game follow it.
    await other.emulateMedia({ colorScheme: "dark" });
    await other.goto(base + "/");
    const take = `#open-games li[data-game="${created.id}"] button[data-take="black"]`;
    await other.waitForSelector(take);
    // A seat someone else takes while this lobby still offers it: the refusal is said at that
    // game, by its name, and the seat is no longer offered.
    const racedButton = `#open-games li[data-game="${raced.id}"] button[data-take="black"]`;
    await other.waitForSelector(racedButton);
    await api("POST", `/api/games/${raced.id}/seats/black`, {});
    await other.click(racedButton);
    const note = await other.waitForSelector(`li[data-game="${raced.id}"] .take-error`);
    const said = await note.textContent();
    check(said.includes("checkers3d " + raced.id.slice(0, 6)) && /black/.test(said), "the refusal names the game and seat at its entry: " + said);
    await other.waitForSelector(racedButton, { state: "detached" });
    check(await other.$(`#watch-games li[data-game="${raced.id}"] .take-error`), "the note stays with the game, now among those to watch");
    // Relative luminance of a computed CSS colour, 0 (black) to 1 (white).
    const luminance = (page, selector, property) => page.$eval(selector, (e, property) => {
      const [r, g, b] = getComputedStyle(e)[property].match(/\d+/g).map(Number);
      return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
    }, property);
    check((await luminance(other, "body", "backgroundColor")) < 0.2 && (await luminance(other, "body", "color")) > 0.7, "the dark lobby: light text on a dark page");
    await accessible(other, "the lobby, dark");
    await other.click(take);
    await other.waitForURL(/\/play\//);
    await waitPly(other, 0);
    check(/black/.test(await other.textContent("#you")), "the second browser plays Black");
    check((await luminance(other, "#history-box", "backgroundColor")) < 0.2, "the dark game page's move list");
    check((await luminance(white, "body", "backgroundColor")) > 0.8, "the first browser, light, stays light");
    await clickMove(white, "e2e4");
    await waitPly(other, 1);
    check(/your move/.test(await other.textContent("#status")), "Black's turn on the second browser");
    await clickMove(other, "e7e5");
    await waitPly(white, 2);
    // The link survives a reload of the landing page.
    await other.goto(base + "/");
    await other.waitForSelector("#my-games a");
    await white.context().close();
    await other.context().close();
    console.log("ok 5 - the lobby: a seat taken meanwhile is refused at its game; a second browser (dark theme) takes the open seat and plays");
  }

  // 5f. A restart with pages open, graceful then kill -9: the pages reconnect by themselves and
  // show the next move the new server accepts.
  run.step = "restart";
  {
    let { address, child } = await startServer(0, "restart.db");
    const port = address.split(":")[2];
    const created = await api("POST", "/api/games", { game: "chess3d", config: "heights=1" }, address);
    const white = await newPage();
    const watcher = await newPage();
    await white.goto(address + created.links.white);
    await watcher.goto(address + created.watch);
    await waitPly(white, 0);
    await waitPly(watcher, 0);
    const line = [["white", "e2e4"], ["black", "e7e5"]];
    for (const [how, i] of [["SIGTERM", 0], ["SIGKILL", 1]]) {
      const gone = new Promise((r) => child.once("exit", r));
      const t0 = Date.now();
      child.kill(how);
      await gone;
      if (how === "SIGTERM") check(Date.now() - t0 < 2000, "graceful stop within 2 s: " + (Date.now() - t0) + " ms");
      ({ child } = await startServer(port, "restart.db"));
      const [seat, mv] = line[i];
      await api("POST", `/api/games/${created.id}/moves`, { move: mv, token: created.tokens[seat] }, address);
      await waitPly(white, i + 1, 20000);
      await waitPly(watcher, i + 1, 20000);
    }
    await clickMove(white, "g1f3");
    await waitPly(watcher, 3);
    await white.context().close();
    await watcher.context().close();
    child.kill("SIGTERM");
    console.log("ok 5 - pages follow a restarted server (SIGTERM and SIGKILL) without a reload");
  }

  // 5g. An unknown id and a wrong token are said plainly on load, the buttons off.
  run.step = "bad links";
  {
    const page = await newPage();
    await page.goto(base + "/play/0123456789abcdef");
    await page.waitForSelector("#fatal:not([hidden])");
    check(/no game/.test(await page.textContent("#fatal")), "unknown id: " + (await page.textContent("#fatal")));
    const created = await api("POST", "/api/games", { game: "chess3d", config: "heights=1" });
    await page.goto(base + "/play/" + created.id + "#seat=white&token=00000000000000000000000000000000");
    await page.reload();
    await page.waitForSelector("#fatal:not([hidden])");
    check(/token holds no seat/.test(await page.textContent("#fatal")), "wrong token: " + (await page.textContent("#fatal")));
    check(await page.$eval("#resign", (b) => b.disabled), "the buttons are off");
    check(!/your move/.test(await page.textContent("#status")), "no 'your move' for a wrong token");
    await page.context().close();
    console.log("ok 5 - an unknown id and a wrong token are said on load");
  }

  // 5h. Input: a pawn dragged to the last rank (FIDE promotion, chess3d at one height), the
  // choice offered next to the square; then Black's king moved by the keyboard (Tab to the
  // board, arrows, Enter): Qa8+ checks along the 8th rank, so e8-e7 is legal; "Turn board"
  // puts Black at the bottom.
  run.step = "drag and keyboard";
  {
    const created = await api("POST", "/api/games", {
      game: "chess3d", config: "heights=1", position: "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", one_token: true,
    });
    const page = await newPage({ width: 1400, height: 900 });
    await page.goto(base + created.links.white);
    await waitPly(page, 0);
    await page.dragAndDrop('#board [data-cell="a7"]', '#board [data-cell="a8"]');
    await page.waitForSelector("#choice:not([hidden])");
    const near = await page.evaluate(() => {
      const box = document.getElementById("choice").getBoundingClientRect();
      const cell = document.querySelector('#board [data-cell="a8"]').getBoundingClientRect();
      return Math.hypot(box.left - cell.right, box.top - cell.top);
    });
    check(near < 40, "the promotion choice stands next to a8: " + near + " px away");
    check(/Promote/.test(await page.textContent("#choice-label")), "the choice is a promotion");
    await page.click('#choice button[data-move="a7a8q"]');
    await waitPly(page, 1);
    check(/black to move, in check/.test(await page.textContent("#status")), "the status says check: " + (await page.textContent("#status")));
    // The move was announced to screen readers.
    check(/white played a8=Q\+/.test(await page.textContent("#announce")), "the move is announced: " + (await page.textContent("#announce")));
    // Tab reaches the board's one tab stop, the cell last used (a7, the pawn's start): a
    // button named by its cell and content; four right and one up is e8.
    await page.focus("#move-text");
    await page.keyboard.press("Shift+Tab");
    for (let tries = 0; tries < 12 && !(await page.evaluate(() => !!document.activeElement.closest("#board"))); tries++) await page.keyboard.press("Shift+Tab");
    const named = await page.evaluate(() => [document.activeElement.getAttribute("role"), document.activeElement.getAttribute("aria-label")]);
    check(named[0] === "button" && named[1] === "a7, empty, last move", "Tab reaches the cell a7, a button: " + named);
    for (let i = 0; i < 4; i++) await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowUp");
    const e8 = await page.evaluate(() => document.activeElement.getAttribute("aria-label"));
    check(e8 === "e8, black king, in check", "the arrows carry the focus to e8: " + e8);
    await page.keyboard.press("Enter");
    await page.waitForSelector('#board [data-cell="e8"].selected');
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await waitPly(page, 2);
    check((await page.$$('#board [data-cell="e7"] .piece')).length === 1, "the king went to e7 by the keyboard");
    // A typed move: refused with the server's reason when illegal, played when legal.
    await page.fill("#move-text", "e1e5");
    await page.press("#move-text", "Enter");
    await page.waitForFunction(() => document.getElementById("error").textContent !== "");
    check((await api("GET", "/api/games/" + created.id)).ply === 2, "the illegal typed move played nothing");
    await page.fill("#move-text", "e1d1");
    await page.press("#move-text", "Enter");
    await waitPly(page, 3);
    check((await page.$$('#board [data-cell="d1"] .piece')).length === 1, "the typed move e1d1 is played");
    const before = await page.$eval('#board [data-cell="e7"]', (e) => e.getBoundingClientRect().top);
    await page.click("#flip");
    const after = await page.$eval('#board [data-cell="e7"]', (e) => e.getBoundingClientRect().top);
    check(after > before, "the turned board has rank 7 nearer the bottom");
    await page.context().close();
    console.log("ok 5 - drag and drop, the promotion choice next to the square, keyboard play, turn board");
  }

  // 5i. A 3D game on a phone against an engine that thinks 2 s: the bar above the board shows
  // the status, both clocks, the engine-is-thinking mark and a refusal, all within the first
  // screen; while the engine thinks, a premove is queued, cancelled by a tap, queued again
  // and played on White's turn; the engine's reply, which lands on height 2 or 3 (Black's
  // king starts on h8@3), leaves the large board at height 1, where the player was looking.
  run.step = "phone 3D page and the engine's reply";
  {
    const empty = "8/8/8/8/8/8/8/8";
    const created = await api("POST", "/api/games", {
      game: "chess3d", position: ["8/8/8/8/8/8/8/K6R", empty, "7k/8/8/8/8/8/8/8"].join("|") + " w - - 0 1 1,3",
      players: { black: "engine:movetime=2000" }, clock: { initial_ms: 300000, increment_ms: 0 },
    });
    const page = await newPage(...PHONE);
    await page.goto(base + created.links.white);
    await waitPly(page, 0);
    // Where an element stands on the page scrolled to its top: inside the first screen or not.
    const firstScreen = (selector) => inFirstScreen(page, selector);
    check(/your move/.test(await page.textContent("#top-status")), "the bar says whose move: " + (await page.textContent("#top-status")));
    check(await firstScreen("#top-status"), "the status is in the first screen");
    for (const seat of ["white", "black"]) check(await firstScreen(`#top-clocks [data-clock="${seat}"]`), `${seat}'s clock is in the first screen`);
    check(await firstScreen('#board [data-cell="a1@1"]'), "so is the board");
    await page.tap('#board [data-cell="h1@1"]');
    await page.waitForSelector('#board [data-cell="h1@1"].selected');
    await page.tap('#board [data-cell="h2@1"]');
    await page.waitForSelector("#thinking:not([hidden])", { timeout: 5000 });
    check(/engine \(black\) is thinking/.test(await page.textContent("#thinking")), "the thinking mark names the seat");
    check(await firstScreen("#top-thinking"), "the thinking mark is in the first screen");
    await page.tap('#board [data-cell="d4@1"]');
    check(/black's move/.test(await page.textContent("#top-error")), "a refusal is said in the bar: " + (await page.textContent("#top-error")));
    check(await firstScreen("#top-error"), "the refusal is in the first screen");
    // Premoves: the king a1-a2 queued, then cancelled by a tap elsewhere; the rook h2-h3
    // queued and left to be played.
    await page.tap('#board [data-cell="a1@1"]');
    await page.tap('#board [data-cell="a2@1"]');
    check((await page.$$("#board .premove")).length === 2, "the premove's two cells are marked");
    await page.tap('#board [data-cell="e5@1"]');
    check((await page.$$("#board .premove")).length === 0, "a tap elsewhere cancels the premove");
    await page.tap('#board [data-cell="h2@1"]');
    await page.tap('#board [data-cell="h3@1"]');
    const queued = await page.evaluate(() => [document.querySelectorAll("#board .premove").length, document.body.dataset.ply]);
    check(queued[0] === 2 && queued[1] === "1", "the premove h2-h3 is queued while Black thinks: " + queued);
    await waitPly(page, 3);
    const after = await api("GET", "/api/games/" + created.id);
    check(after.history[2] === "h2@1h3@1", "the premove was played on White's turn: " + after.history);
    const reply = after.history[1];
    check(!/@1$/.test(reply), "the reply " + reply + " lands above height 1");
    check(await page.$('#board svg[data-height="1"]'), "the large board stays at height 1 after the reply " + reply);
    check((await page.$$("#maps .path")).length === 1, "the maps show where the reply went");
    if (shots) await page.screenshot({ path: path.join(shots, "chess3d-phone-bar.png") });
    // The phone turned (844x390): the bar, with the status and the clocks, is still in the
    // first screen.
    await page.setViewportSize({ width: 844, height: 390 });
    check(await firstScreen("#top-status") && await firstScreen('#top-clocks [data-clock="black"]'), "the bar is in the first screen of a phone turned sideways");
    await page.context().close();
    console.log("ok 5 - a 3D phone page: status, clocks, thinking mark and refusal in the first screen; the reply leaves the height alone");
  }

  // 6. The analysis board: on a page of every game (and of FIDE chess), "Analyse" shows a line
  // within 2 s; in FIDE chess after 1.f3 e5 2.g4 the line is Qh4#, whose position is shown on
  // the board by a click on the move and left by "back to the position"; "Analyse here" at a
  // move of the list analyses the position after that move.
  run.step = "analysis";
  {
    const page = await newPage();
    const infoGames = (await api("GET", "/api/info")).games.map((g) => [g.name, ""]);
    for (const [name, config] of [...infoGames, ["chess3d", "heights=1"]]) {
      const created = await api("POST", "/api/games", { game: name, config, one_token: true });
      await page.goto(base + created.watch);
      await waitPly(page, 0);
      const t0 = Date.now();
      await page.click("#analyse");
      await page.waitForFunction(() => Number(document.getElementById("analysis").dataset.depth) >= 1, null, { timeout: 2000 });
      const took = Date.now() - t0;
      const moves = await page.$$eval("#pv button.pv-move", (bs) => bs.map((b) => b.textContent));
      check(moves.length >= 1, name + " " + config + ": a line of moves: " + moves);
      check(/^Depth \d+: /.test(await page.textContent("#analysis-status")), name + ": depth and score shown");
      if (shots && name === "chess3d" && config === "heights=1") await page.screenshot({ path: path.join(shots, "analysis-1400x1000.png") });
      console.log(`ok 6 - ${name} ${config}: a line after ${took} ms (${moves.slice(0, 4).join(" ")})`);
    }
    const fide = await api("POST", "/api/games", { game: "chess3d", config: "heights=1", one_token: true });
    for (const mv of ["f2f3", "e7e5", "g2g4"]) await api("POST", `/api/games/${fide.id}/moves`, { move: mv, token: fide.tokens.white });
    await page.goto(base + fide.watch);
    await waitPly(page, 3);
    await page.click("#analyse");
    await page.waitForFunction(() => document.querySelector("#pv button.pv-move") && document.querySelector("#pv button.pv-move").textContent === "Qh4#", null, { timeout: 5000 });
    check(/mates in 1/.test(await page.textContent("#analysis-status")), "the score says mate: " + (await page.textContent("#analysis-status")));
    await page.click('#pv button[data-pv-step="1"]');
    await page.waitForSelector('body[data-pv-step="1"]');
    await page.waitForFunction(() => /black queen/.test(document.querySelector('#board [data-cell="h4"]').getAttribute("aria-label")));
    check(!(await page.$('#board [data-cell="d8"][aria-label*="queen"]')), "the queen left d8 on the line's board");
    await accessible(page, "the analysis panel");
    await page.click("#pv-back");
    await page.waitForFunction(() => /h4, empty/.test(document.querySelector('#board [data-cell="h4"]').getAttribute("aria-label")));
    // "Analyse here" at move 2 of the list.
    await page.click('#history button.mv[data-ply="2"]');
    await page.click("#analyse-here");
    await page.waitForFunction(() => /after move 2/.test(document.getElementById("analysis-of").textContent) && Number(document.getElementById("analysis").dataset.depth) >= 1, null, { timeout: 3000 });
    const line2 = await page.$$eval("#pv button.pv-move", (bs) => bs.map((b) => b.textContent));
    check(line2[0] !== "Qh4#", "after move 2 it is White's move: " + line2);
    await page.click("#analysis-close");
    check(await page.$("#analysis[hidden]"), "the panel closes");
    await page.context().close();
  }

  // 7. The archive: finished games listed newest first with filters; a game opens read-only
  // with its moves and the analysis board.
  run.step = "archive";
  {
    const make = async (body, end) => {
      const g = await api("POST", "/api/games", body);
      await end(g);
      return g;
    };
    const resigned = await make({ game: "chess3d", config: "heights=1", names: { white: "Ann", black: "Bob" } }, async (g) => {
      await api("POST", `/api/games/${g.id}/moves`, { move: "e2e4", token: g.tokens.white });
      await api("POST", `/api/games/${g.id}/resign`, { token: g.tokens.black });
    });
    const drawn = await make({ game: "checkers3d", names: { white: "Cid", black: "Dee" } }, async (g) => {
      await api("POST", `/api/games/${g.id}/draw`, { token: g.tokens.white });
      await api("POST", `/api/games/${g.id}/draw`, { token: g.tokens.black });
    });
    const aborted = await make({ game: "chess-t", names: { white: "Eve" } }, async (g) => {
      await api("POST", `/api/games/${g.id}/abort`, { token: g.tokens.white });
    });
    const page = await newPage();
    await page.goto(base + "/");
    await page.click("#archive-link");
    await page.waitForURL(/\/archive$/);
    await page.waitForSelector(`#archive-list li[data-game="${aborted.id}"]`);
    const first = await page.$eval("#archive-list li", (li) => li.dataset.game);
    check(first === aborted.id, "newest first: " + first);
    const listed = async () => page.$$eval("#archive-list li", (lis) => lis.map((li) => li.dataset.game));
    const search = async (fields) => {
      for (const [id, value] of Object.entries(fields)) {
        if (id === "archive-game" || id === "archive-result") await page.selectOption("#" + id, value);
        else await page.fill("#" + id, value);
      }
      const before = await page.$eval("#archive-list", (l) => l.dataset.loads);
      await page.click("#archive-search");
      await page.waitForFunction((b) => document.getElementById("archive-list").dataset.loads !== b, before);
    };
    await search({ "archive-player": "ann" });
    let ids = await listed();
    check(ids.length === 1 && ids[0] === resigned.id, "player ann: " + ids);
    check(/Ann \(white\) – Bob \(black\)/.test(await page.textContent("#archive-list")) && /white wins \(resignation\)/.test(await page.textContent("#archive-list")), "names and result listed");
    check(/player=ann/.test(page.url()), "the filters are in the address: " + page.url());
    await search({ "archive-player": "", "archive-result": "draw" });
    ids = await listed();
    check(ids.includes(drawn.id) && !ids.includes(resigned.id) && !ids.includes(aborted.id), "draws: " + ids);
    await search({ "archive-result": "aborted", "archive-game": "chess-t" });
    ids = await listed();
    check(ids.length === 1 && ids[0] === aborted.id, "chess-t aborted: " + ids);
    const today = new Date().toISOString().slice(0, 10);
    await search({ "archive-result": "", "archive-game": "", "archive-from": today, "archive-to": today });
    ids = await listed();
    check([resigned.id, drawn.id, aborted.id].every((id) => ids.includes(id)), "today's games: " + ids);
    await search({ "archive-from": "", "archive-to": "2001-01-01" });
    check((await listed()).length === 0 && /No finished game/.test(await page.textContent("#archive-count")), "nothing before 2001");
    await accessible(page, "the archive");
    await search({ "archive-to": "", "archive-player": "Bob" });
    if (shots) await page.screenshot({ path: path.join(shots, "archive-1400x1000.png") });
    await page.click(`#archive-list li[data-game="${resigned.id}"] a`);
    await page.waitForURL(/\/play\//);
    await waitPly(page, 2);
    check(/Game over: white wins/.test(await page.textContent("#status")), "the archived game's result");
    check(/Ann/.test(await page.textContent("#players")) && /You are watching/.test(await page.textContent("#you")), "read-only, with the names");
    check(await page.$eval("#resign", (b) => b.disabled), "no action on an archived game");
    await page.click('#history button.mv[data-ply="1"]');
    await page.click("#analyse-here");
    await page.waitForFunction(() => Number(document.getElementById("analysis").dataset.depth) >= 1, null, { timeout: 2000 });
    await page.context().close();
    console.log("ok 7 - the archive: filters by player, result, game and dates; a game opens read-only and is analysed");
  }

  // 8. A listed game waits for its opponent: the page says so and no move is offered.
  run.step = "waiting";
  {
    const created = await api("POST", "/api/games", { game: "chess3d", config: "heights=1", listed: ["black"] });
    const page = await newPage();
    await page.goto(base + created.links.white);
    await waitPly(page, 0);
    check(/Waiting for an opponent/.test(await page.textContent("#status")), "the status waits: " + (await page.textContent("#status")));
    await page.click('#board [data-cell="e2"]');
    check((await page.$$("#board .dest")).length === 0, "no destination offered while Black's seat is open");
    check(/Waiting for an opponent/.test(await page.textContent("#error")), "a click says why: " + (await page.textContent("#error")));
    await api("POST", `/api/games/${created.id}/seats/black`, {});
    await page.waitForFunction(() => /your move/.test(document.getElementById("status").textContent));
    await page.context().close();
    console.log("ok 8 - a game with an open seat waits for the opponent");
  }

  // 9. Abort: a clocked game whose first moves are not all made can be called off from the
  // page (White has moved, Black has not); it ends without a result, and then neither Abort
  // nor Take back is offered.
  run.step = "abort";
  {
    const created = await api("POST", "/api/games", { game: "chess3d", config: "heights=1", clock: { initial_ms: 60000, increment_ms: 0 } });
    const page = await newPage();
    await page.goto(base + created.links.black);
    await waitPly(page, 0);
    await api("POST", "/api/games/" + created.id + "/moves", { move: "e2e4", token: created.tokens.white });
    await waitPly(page, 1);
    await page.waitForSelector("#abort:not([hidden])");
    await page.click("#abort");
    await page.waitForSelector('body[data-result="aborted"]', { timeout: 10000, state: "attached" });
    check(/aborted/.test(await page.textContent("#status")), "the page says aborted: " + (await page.textContent("#status")));
    check(await page.$eval("#abort", (b) => b.hidden) && await page.$eval("#undo", (b) => b.disabled), "no abort and no take back after it");
    const over = await api("GET", "/api/games/" + created.id);
    check(over.status.result === "aborted" && over.clock.running === null, "the server ended it without a result, no clock running: " + JSON.stringify(over.status));
    await page.context().close();
    console.log("ok 9 - Abort on the page ends an unfinished game without a result");
  }

  // 10. The first moves wait for the players: a 10 s game whose links are opened later than
  // the first-move limit starts with full clocks; once both pages are open, White's page says
  // how long the first move may wait, and when it waits longer the game is aborted on both
  // pages (a second server, whose limit is 2 s instead of 30).
  run.step = "first moves";
  {
    const quick = await startServer(0, "first-move.db", ["--first-move-seconds", "2"]);
    try {
      const post = async (url, body) => {
        const r = await fetch(quick.address + url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
        return r.json();
      };
      const created = await post("/api/games", { game: "chess3d", config: "heights=1", clock: { initial_ms: 10000, increment_ms: 0 } });
      await new Promise((r) => setTimeout(r, 2500));
      const white = await newPage();
      const black = await newPage();
      await white.goto(quick.address + created.links.white);
      await waitPly(white, 0);
      check((await white.textContent('#players [data-clock="white"]')).startsWith("0:10"), "full clocks after a late opening: " + (await white.textContent('#players [data-clock="white"]')));
      check(!/aborted/.test(await white.textContent("#status")), "not aborted before both pages are open");
      await black.goto(quick.address + created.links.black);
      await waitPly(black, 0);
      await white.waitForFunction(() => /White must move within/.test(document.getElementById("status").textContent), null, { timeout: 5000 });
      for (const page of [white, black]) {
        await page.waitForSelector('body[data-result="aborted"]', { timeout: 10000, state: "attached" });
        check(/aborted/.test(await page.textContent("#status")), "the page says aborted: " + (await page.textContent("#status")));
      }
      await white.context().close();
      await black.context().close();
    } finally {
      quick.child.kill("SIGTERM");
    }
    console.log("ok 10 - the first moves wait for both pages; an unplayed game is aborted, not lost");
  }
  // What players tripped over (players.mjs).
  await playerTests();
  await accessibilityTests();
  check(problems.length === 0, "console problems:\n" + problems.join("\n"));
  console.log("browser tests: all passed");
} catch (e) {
  console.error(`browser tests failed at step ${run.step}: ${e.stack || e}`);
  if (problems.length) console.error(problems.join("\n"));
  process.exitCode = 1;
} finally {
  await browser.close();
  server.kill("SIGTERM");
  fs.rmSync(scratch, { recursive: true, force: true });
}
