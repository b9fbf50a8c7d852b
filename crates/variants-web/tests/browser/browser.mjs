// Browser tests of `variants serve` in Debian's Chromium (headless), driven by playwright-core.
//
//   node browser.mjs PATH/TO/variants [SCREENSHOT_DIR]
//
// Starts the server on an ephemeral loopback port with a fresh database, then:
//  1. creates a game with the page's form (chess3d, one height, Black the engine), opens the
//     White link, plays e2-e4 by clicking (legal destinations highlighted) and sees the engine
//     answer;
//  2. in each of the four games, plays the first legal move by clicking and sees the engine
//     seats answer (screenshots of each game go to SCREENSHOT_DIR when given);
//  3. plays a full game of each of the four games by clicking, to its end (the status shows the
//     result): chess3d Fool's mate (one person, both seats), chess-T from its start to a King
//     capture (two pages, one per seat), a checkers3d ending across two heights (started from a
//     position, one person);
//  4. four browser contexts (four "machines") play "Bishops" on the four seat links; every
//     page follows every move; then the four play a game from a position to White's mate;
// and fails if any page logs a console error or throws.
import { chromium } from "playwright-core";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";

const binary = process.argv[2];
const shots = process.argv[3];
if (!binary) {
  console.error("usage: node browser.mjs PATH/TO/variants [SCREENSHOT_DIR]");
  process.exit(2);
}
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "variants-browser-"));
const server = spawn(binary, ["serve", "--port", "0", "--data", path.join(scratch, "games.db")], {
  stdio: ["ignore", "pipe", "inherit"],
});
const base = await new Promise((resolve, reject) => {
  const lines = readline.createInterface({ input: server.stdout });
  lines.once("line", (line) => {
    const m = line.match(/http:\/\/(127\.0\.0\.1:\d+)\//);
    m ? resolve("http://" + m[1]) : reject(new Error("no address in " + line));
  });
  server.once("exit", (code) => reject(new Error("server exited " + code)));
});

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  headless: true,
  args: [
    // playwright adds --headless and a fresh temporary --user-data-dir itself.
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
  ],
});

const problems = [];
async function newPage() {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  // Everything stays on this machine.
  await context.route(/^(?!http:\/\/127\.0\.0\.1)/, (route) => route.abort());
  const page = await context.newPage();
  page.on("console", (m) => {
    if (m.type() === "error") problems.push("console error: " + m.text());
  });
  page.on("pageerror", (e) => problems.push("page error: " + e.message));
  page.on("dialog", (d) => d.accept());
  return page;
}

async function api(method, p, body) {
  const r = await fetch(base + p, {
    method,
    headers: { "Content-Type": "application/json" },
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await r.json();
  if (!r.ok) throw new Error(method + " " + p + ": " + r.status + " " + JSON.stringify(data));
  return data;
}

const CELL = /[a-z]\d{1,2}(?:@\d+)?/g;
async function clickMove(page, move) {
  const cells = move.match(CELL);
  await page.click(`[data-cell="${cells[0]}"]`);
  const to = cells[cells.length - 1];
  const dest = await page.$(`[data-cell="${to}"].dest`);
  if (!dest) throw new Error(`${to} is not highlighted as a destination of ${cells[0]}`);
  await page.click(`[data-cell="${to}"]`);
  // Several moves between the same cells (promotions, capture paths): pick this one.
  if (await page.isVisible("#choice")) await page.click(`#choice button[data-move="${move}"]`);
}

async function waitPly(page, ply, timeout = 30000) {
  await page.waitForSelector(`body[data-ply="${ply}"]`, { timeout, state: "attached" });
}

// Plays `line` by clicking, move i on the page of seat order[i % order.length]; every page
// follows every move (the pages of one person may be the same page).
async function playLine(pages, order, line) {
  const all = [...new Set(Object.values(pages))];
  for (let i = 0; i < line.length; i++) {
    for (const page of all) await waitPly(page, i);
    const page = pages[order[i % order.length]];
    const status = await page.textContent("#status");
    check(/your move/.test(status), `move ${i + 1} ${line[i]}: the page sees its turn: ${status}`);
    await clickMove(page, line[i]);
  }
  for (const page of all) await waitPly(page, line.length);
}

function check(condition, message) {
  if (!condition) throw new Error(message);
}

let step = "";
try {
  // 1. The form, a link, a move by clicking, the engine's answer.
  step = "form";
  const page = await newPage();
  await page.goto(base + "/");
  await page.selectOption("#game-select", "chess3d");
  await page.fill('input[data-key="heights"]', "1");
  await page.selectOption('select[data-seat="black"]', "engine");
  await page.fill('input[data-movetime="black"]', "100");
  await page.click("#create-button");
  await page.click('a[data-seat-link="white"]');
  await page.waitForSelector('[data-cell="e2"]');
  await waitPly(page, 0);
  await page.click('[data-cell="e2"]');
  const dests = await page.$$eval(".dest", (els) => els.map((e) => e.dataset.cell).sort());
  check(JSON.stringify(dests) === '["e3","e4"]', "e2's destinations: " + dests);
  await page.click('[data-cell="e4"]');
  await waitPly(page, 2);
  const reply = await page.textContent("#engine-reply");
  check(/engine \(black\) played/.test(reply), "engine reply shown: " + reply);
  check((await page.$$("#history li")).length === 2, "two moves listed");
  await page.context().close();
  console.log("ok 1 - form, link, click e2-e4, engine answers");

  // 2. Every game: one move by clicking, the engine seats answer.
  const games = [
    ["chess3d", "heights=3", { black: "engine:movetime=100" }, 2],
    ["checkers3d", "heights=3", { black: "engine:movetime=100" }, 2],
    ["chess-t", "", { black: "engine:movetime=100" }, 2],
    ["bishops4p", "", { grey: "engine:movetime=100", black: "engine:movetime=100", pink: "engine:movetime=100" }, 4],
  ];
  for (const [game, config, players, ply] of games) {
    step = game;
    const created = await api("POST", "/api/games", { game, config, players });
    const page = await newPage();
    await page.goto(base + created.links.white);
    await waitPly(page, 0);
    const state = await api("GET", "/api/games/" + created.id);
    // A move that leaves its start cell for another cell (not a pass).
    const move = state.moves.find((m) => (m.match(CELL) || []).length >= 2);
    await clickMove(page, move);
    await waitPly(page, ply);
    const after = await api("GET", "/api/games/" + created.id);
    check(after.history[0] === move, `${game}: first move ${after.history[0]} is ${move}`);
    if (game === "chess-t") await page.check("#strength");
    if (shots) {
      fs.mkdirSync(shots, { recursive: true });
      await page.screenshot({ path: path.join(shots, game + ".png"), fullPage: true });
    }
    await page.context().close();
    console.log(`ok 2 - ${game}: ${move} by clicking, the engine answers`);
  }

  // 3. Fool's mate by clicking (one person plays both seats): check mark and result.
  step = "mate";
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
    const status = await page.textContent("#status");
    check(/black wins \(checkmate\)/.test(status), "result shown: " + status);
    check((await page.$$('[data-cell="e1"] .check')).length === 1, "the mated king is marked");
    check((await page.$$(".last")).length === 2, "the last move's two cells are marked");
    await page.context().close();
    console.log("ok 3 - chess3d: Fool's mate by clicking: check mark, last move, result");
  }

  // 3b. chess-T from its start, two people on two pages: the White Scout leaps b1-c3-d5, takes
  // the Knecht on c7 (a Scout needs no superiority on an ordinary cell, CT-12) and makes the
  // exchange with the King on e8 (a castle cell one leap away, CT-12): the King is captured and
  // White wins (CT-35). Black's Knecht moves (CT-4) stay out of the way.
  step = "chess-t full game";
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

  // 3c. checkers3d from a position (D3-51) with two heights, one person: White c3@1 steps up a
  // height to d4@2 (a cube diagonal, D3-6); Black f6@2-e5@2; White's man takes both Black men,
  // d4@2:f6@2:h8@2 (D3-8, D3-10, the only capture under the majority rule D3-12), and Black,
  // without pieces, has no move and loses (D3-20).
  step = "checkers3d full game";
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
    await page.context().close();
    console.log("ok 3 - checkers3d: an ending across two heights to its end");
  }

  // 4. Four machines play "Bishops" on the four seat links.
  step = "bishops four browsers";
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
    if (shots) await pages.white.screenshot({ path: path.join(shots, "bishops4p-four-seats.png"), fullPage: true });
    console.log("ok 4 - Bishops: four browsers, eight moves, every page follows");

    // The same four browsers play a game to its end from a position (B4-51): one round, then
    // White's queen d1-a4 mates Grey, its left neighbour (B4-3, B4-13): Grey's king on a6 is
    // walled in by its own pawns b5 b6 b7, the queen covers a5 and a7 along the a-file, and no
    // Grey piece can take on a4 or step between. The first mate ends the short game (B4-20).
    step = "bishops four browsers, full game";
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
  check(problems.length === 0, "console problems:\n" + problems.join("\n"));
  console.log("browser tests: all passed");
} catch (e) {
  console.error(`browser tests failed at step ${step}: ${e.stack || e}`);
  if (problems.length) console.error(problems.join("\n"));
  process.exitCode = 1;
} finally {
  await browser.close();
  server.kill("SIGTERM");
  fs.rmSync(scratch, { recursive: true, force: true });
}
