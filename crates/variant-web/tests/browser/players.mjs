// What players tripped over, each tried as a player would, on a phone (390x844, touch) and a
// desktop (1366x800) where it applies. browser.mjs runs these after its own steps; alone:
//
//   node players.mjs PATH/TO/variants            (PLAYERS_ONLY="chess choice": that test alone)
//
// runs only these (against an older binary, to see them fail on the page they fix).
import { pathToFileURL } from "node:url";
import {
  PHONE, accessible, api, base, contexts, firstScreen, browser, check, clickCell, newPage, problems, run, scratch, server, startServer,
  waitPly,
} from "./harness.mjs";
import fs from "node:fs";

const DESKTOP = [{ width: 1366, height: 800 }];

// The error colour of the page's light theme (style.css `.error`), as computed styles say it.
const ERROR_COLOUR = "rgb(176, 0, 32)";

// Runs one test: on the first failure it throws, or, with `keepGoing`, reports it and goes on
// to the next test (so that a run against an older page shows every test that fails there).
let keepGoing = false;
const failed = [];
async function section(name, body, done) {
  // PLAYERS_ONLY=name runs one test (when it is run alone).
  if (keepGoing && process.env.PLAYERS_ONLY && process.env.PLAYERS_ONLY !== name) return;
  run.step = name;
  const opened = contexts.length;
  const t0 = Date.now();
  try {
    await body();
    console.log(`${done} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  } catch (e) {
    if (!keepGoing) throw e;
    // Its pages would go on asking a server this test stopped.
    for (const c of contexts.slice(opened)) await c.close().catch(() => {});
    failed.push(name);
    console.log(`not ok - ${name}: ${String(e.message).split("\n")[0]}`);
  }
}

// The eight players' tests; `keepGoing` reports each failure and goes on (the run alone).
export async function playerTests(options = {}) {
  keepGoing = !!options.keepGoing;
  // A long swipe past the edge of the zoomed "Bishops" board stays in the board: the board's
  // box keeps the overscroll (no Back gesture, no page bounce), on a phone and a desktop.
  await section("overscroll", async () => {
    for (const size of [PHONE, DESKTOP]) {
      const created = await api("POST", "/api/games", { game: "bishops4p" });
      const page = await newPage(...size);
      await page.goto(base + created.links.white);
      await waitPly(page, 0);
      if (await page.isVisible("#zoom")) await page.click("#zoom");
      const kept = await page.$eval("#board", (b) => [getComputedStyle(b).overscrollBehaviorX, getComputedStyle(b).overscrollBehaviorY]);
      check(kept.every((k) => k === "contain" || k === "none"), "the board keeps its overscroll: " + kept);
      const url = page.url();
      if (size === PHONE) {
        // Scrolled to the left edge, a long swipe to the right past it: still the game's page.
        await page.$eval("#board", (b) => (b.scrollLeft = 0));
        const box = await page.$eval("#board", (b) => {
          const r = b.getBoundingClientRect();
          return [r.left + 20, r.top + r.height / 2];
        });
        const cdp = await page.context().newCDPSession(page);
        await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: box[0], y: box[1] }] });
        for (let k = 1; k <= 12; k++) await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: box[0] + k * 28, y: box[1] }] });
        await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
        await page.waitForTimeout(300);
        check(page.url() === url, "the swipe left the page on the game: " + page.url());
      }
      await page.context().close();
    }
  }, "ok P1 - a swipe past the zoomed board's edge stays in the board (phone and desktop)");

  // "Chess" (FIDE: chess3d at one height) is its own choice in the form, and the lobby names a
  // listed game of it "Chess"; its board has no base-cube frames (C3-6 needs more than one
  // height).
  await section("chess choice", async () => {
    {
      const page = await newPage(...DESKTOP);
      await page.goto(base + "/");
      // The form's choices come from `GET /api/info`, all at once.
      await page.waitForSelector("#game-select option", { state: "attached" });
      const label = await page.$eval("#game-select", (s) => [...s.options].map((o) => o.textContent));
      check(label.includes("Chess"), "the form offers Chess: " + label);
      await page.selectOption("#game-select", { label: "Chess" });
      check((await page.$$('input[data-key="heights"]:visible')).length === 0, "no heights to type for Chess");
      await page.check("#listed");
      await page.click("#create-button");
      await page.waitForSelector('#links a[data-seat-link="white"]');
      const phone = await newPage(...PHONE);
      await phone.goto(base + "/");
      const href = await page.$eval('#links a[data-seat-link="white"]', (a) => a.getAttribute("href"));
      const id = new URL(href).pathname.split("/").pop();
      const entry = await phone.waitForSelector(`#open-games li[data-game="${id}"]`);
      check(/^Chess\b/.test(await entry.textContent()), "the lobby names it Chess: " + (await entry.textContent()));
      const state = await api("GET", "/api/games/" + id);
      check(state.game === "chess3d" && /(^|;)heights=1(;|$)/.test(state.config), "Chess is chess3d at one height: " + state.config);
      await page.click('#links a[data-seat-link="white"]');
      await waitPly(page, 0);
      check((await page.$$("#board [data-cell]")).length === 64, "one board of 64 cells");
      check((await page.$$("#board .frame")).length === 0, "no base-cube frames on a one-height board");
      await page.context().close();
      await phone.context().close();
    }
  }, "ok P2 - Chess is its own choice in the form and the lobby, with no base-cube marks");

  // Moves typed in SAN are sent as typed and played: Nf3, exd5, O-O, e8=Q.
  await section("typed SAN", async () => {
    {
      const created = await api("POST", "/api/games", { game: "chess3d", config: "heights=1", one_token: true });
      const page = await newPage(...DESKTOP);
      await page.goto(base + created.links.white);
      const typed = ["Nf3", "d5", "e4", "Nc6", "exd5"];
      const played = ["g1f3", "d7d5", "e2e4", "b8c6", "e4d5"];
      for (let i = 0; i < typed.length; i++) {
        await waitPly(page, i);
        await page.fill("#move-text", typed[i]);
        await page.press("#move-text", "Enter");
      }
      await waitPly(page, typed.length);
      check(JSON.stringify((await api("GET", "/api/games/" + created.id)).history) === JSON.stringify(played), "the SAN moves were played");
      // Castling and promotion, from positions.
      const castle = await api("POST", "/api/games", { game: "chess3d", config: "heights=1", one_token: true, position: "4k3/P7/8/8/8/8/8/4K2R w K - 0 1" });
      await page.goto(base + castle.links.white);
      await waitPly(page, 0);
      await page.fill("#move-text", "O-O");
      await page.press("#move-text", "Enter");
      await waitPly(page, 1);
      await page.fill("#move-text", "Kd7");
      await page.press("#move-text", "Enter");
      await waitPly(page, 2);
      await page.fill("#move-text", "a8=Q");
      await page.press("#move-text", "Enter");
      await waitPly(page, 3);
      check(JSON.stringify((await api("GET", "/api/games/" + castle.id)).history) === '["e1g1","e8d7","a7a8q"]', "O-O and a8=Q were played");
      await page.context().close();
    }
  }, "ok P3 - typed SAN (Nf3, exd5, O-O, a8=Q) is sent as typed and played");

  // On a phone the pending offer and the actions stand in the bar above the board: Black sees
  // White's draw offer without scrolling and accepts it from there.
  await section("offers in the bar", async () => {
    {
      const created = await api("POST", "/api/games", { game: "chess3d", config: "heights=1" });
      const page = await newPage(...PHONE);
      await page.goto(base + created.links.black);
      await waitPly(page, 0);
      for (const b of ["resign", "draw", "undo"]) check(await firstScreen(page, `#top-actions [data-action="${b}"]`), `the ${b} button is in the first screen`);
      await api("POST", `/api/games/${created.id}/moves`, { move: "e2e4", token: created.tokens.white });
      await api("POST", `/api/games/${created.id}/draw`, { token: created.tokens.white });
      await page.waitForFunction(() => /White offers a draw/.test(document.getElementById("top-offer").textContent));
      check(await firstScreen(page, "#top-offer"), "the offer is in the first screen");
      const accept = '#top-offer button[data-action="draw"]';
      check(await firstScreen(page, accept), "its answer too");
      await page.tap(accept);
      await page.waitForSelector('body[data-result="draw"]', { state: "attached" });
      await page.context().close();
    }
  }, "ok P4 - a phone shows the draw offer and the actions in the bar above the board");

  // Analysis of a finished game's last position, and the whole principal variation shown.
  await section("analysis of a finished game", async () => {
    {
      const created = await api("POST", "/api/games", { game: "chess3d", config: "heights=1" });
      await api("POST", `/api/games/${created.id}/moves`, { move: "e2e4", token: created.tokens.white });
      await api("POST", `/api/games/${created.id}/resign`, { token: created.tokens.black });
      const page = await newPage(...DESKTOP);
      await page.goto(base + created.watch);
      // The resignation counts as a ply of its own (as in the archive's test).
      await waitPly(page, 2);
      await page.click("#analyse");
      // Depth 12 (past where the engine's line used to break off), or the analysis' 10 s.
      await page.waitForFunction(() => Number(document.getElementById("analysis").dataset.depth) >= 12 || /\((done|stopped)\)|No analysis/.test(document.getElementById("analysis-status").textContent), null, { timeout: 20000 });
      if (!(await page.$eval("#analysis-stop", (b) => b.disabled))) await page.click("#analysis-stop");
      const status = await page.textContent("#analysis-status");
      check(!/seat \d|No analysis/.test(status), "the finished game's position is analysed: " + status);
      // A line as long as the search is deep (the engine's line broke off after a move or two
      // from depth 11 on, which a slower machine may not reach: there it is the same check).
      const depth = Number(await page.$eval("#analysis", (a) => a.dataset.depth));
      const line = await page.$$eval("#pv button.pv-move", (bs) => bs.map((b) => b.textContent));
      check(depth >= 4 && line.length >= depth, `a line of ${line.length} moves at depth ${depth}: ${line}`);
      // A mated position has nothing to search: the panel says why, with the result.
      const mated = await api("POST", "/api/games", { game: "chess3d", config: "heights=1", one_token: true });
      for (const mv of ["f2f3", "e7e5", "g2g4", "d8h4"]) await api("POST", `/api/games/${mated.id}/moves`, { move: mv, token: mated.tokens.white });
      await page.goto(base + mated.watch);
      await waitPly(page, 4);
      await page.click("#analyse");
      await page.waitForFunction(() => /game is over in this position \(black wins \(checkmate\)\)/.test(document.getElementById("analysis-status").textContent), null, { timeout: 5000 });
      await page.context().close();
    }
  }, "ok P5 - a finished game's last position is analysed, with its whole line; a mate says the game is over there");

  // The first-move countdown ticks, and the abort names the seat that did not move (a server
  // whose first-move limit is 4 s).
  await section("first-move countdown", async () => {
    {
      const quick = await startServer(0, "countdown.db", ["--first-move-seconds", "4"]);
      try {
        const created = await api("POST", "/api/games", { game: "chess3d", config: "heights=1", clock: { initial_ms: 60000, increment_ms: 0 } }, quick.address);
        const white = await newPage(...DESKTOP);
        const black = await newPage(...PHONE);
        await white.goto(quick.address + created.links.white);
        await black.goto(quick.address + created.links.black);
        await waitPly(white, 0);
        await waitPly(black, 0);
        const left = async () => {
          const m = /White must move within (\d+) s/.exec(await white.textContent("#status"));
          return m ? Number(m[1]) : null;
        };
        await white.waitForFunction(() => /White must move within \d+ s/.test(document.getElementById("status").textContent), null, { timeout: 5000 });
        const first = await left();
        await white.waitForFunction((n) => {
          const m = /White must move within (\d+) s/.exec(document.getElementById("status").textContent);
          return m && Number(m[1]) < n;
        }, first, { timeout: 2500 });
        check(/White must move within \d+ s/.test(await black.textContent("#top-status")), "Black's phone shows the countdown in its bar");
        for (const page of [white, black]) {
          await page.waitForSelector('body[data-result="aborted"]', { timeout: 10000, state: "attached" });
          check(/aborted: white did not move/i.test(await page.textContent("#status")), "the abort names White: " + (await page.textContent("#status")));
        }
        await white.context().close();
        await black.context().close();
      } finally {
        quick.child.kill("SIGTERM");
      }
    }
  }, "ok P6 - the first-move countdown ticks; the abort names the seat that did not move");

  // Whoever lists a game plays the first seat unless they choose otherwise.
  await section("lister seated", async () => {
    {
      const page = await newPage(...PHONE);
      await page.goto(base + "/");
      await page.selectOption("#game-select", "checkers3d");
      await page.check("#listed");
      check((await page.$eval("#listed-seat", (s) => s.value)) === "white", "I play white by default");
      await page.click("#create-button");
      await page.waitForSelector('#links a[data-seat-link="white"]');
      check(/black is open in the lobby/.test(await page.textContent("#links")), "Black is open: " + (await page.textContent("#links")));
      await page.context().close();
    }
  }, "ok P7 - the lister is seated at the first seat by default");

  // Seat names in the page's messages; notes (a premove queued) in a neutral colour, not the
  // error colour; on a desktop the clocks large, beside the board.
  await section("names, notes, clocks", async () => {
    {
      const created = await api("POST", "/api/games", { game: "chess3d", config: "heights=1", clock: { initial_ms: 300000, increment_ms: 0 } });
      const page = await newPage(...DESKTOP);
      await page.goto(base + created.links.black);
      await waitPly(page, 0);
      await clickCell(page, "e2");
      check(/It is white's move/i.test(await page.textContent("#error")), "the refusal names White: " + (await page.textContent("#error")));
      await clickCell(page, "e7");
      await clickCell(page, "e5");
      const note = await page.$eval("#note", (n) => [n.textContent, getComputedStyle(n).color]);
      check(/Premove e7 → e5 queued/.test(note[0]), "the premove is noted: " + note[0]);
      check(note[1] !== ERROR_COLOUR, "the note is not in the error colour: " + note[1]);
      check((await page.textContent("#error")) === "", "and not said as an error");
      const clocks = await page.evaluate(() => {
        const board = document.querySelector("#board svg").getBoundingClientRect();
        return [...document.querySelectorAll("#side-clocks .side-clock")].map((c) => {
          const r = c.getBoundingClientRect();
          const clock = c.querySelector("[data-clock]");
          return { size: parseFloat(getComputedStyle(clock).fontSize), gap: r.left - board.right, top: r.top - board.top, bottom: board.bottom - r.bottom };
        });
      });
      check(clocks.length === 2, "two clocks beside the board: " + JSON.stringify(clocks));
      for (const c of clocks) check(c.size >= 24 && c.gap >= 0 && c.gap < 60 && c.top >= -5 && c.bottom >= -5, "a large clock beside the board: " + JSON.stringify(c));
      await page.context().close();
    }
  }, "ok P8 - seat names in messages, notes in a neutral colour, large clocks beside the board");
}

// axe-core finds no serious or critical violation on any page at either size: the lobby with
// the form, the archive, a player's game page (clocks, an offer waiting for an answer, the
// phone's bar with its actions) and a 3D game with its maps. (The earlier steps check the game
// page after a mate, "Bishops" on a phone, the dark lobby, the analysis panel and the archive.)
export async function accessibilityTests() {
  await section("accessibility", async () => {
    const offered = await api("POST", "/api/games", { game: "chess3d", config: "heights=1", clock: { initial_ms: 300000, increment_ms: 2000 } });
    await api("POST", `/api/games/${offered.id}/moves`, { move: "e2e4", token: offered.tokens.white });
    await api("POST", `/api/games/${offered.id}/draw`, { token: offered.tokens.white });
    const deep = await api("POST", "/api/games", { game: "chess3d", config: "heights=3", one_token: true });
    const pages = [
      ["the lobby and the form", "/", "#create-form"],
      ["the archive", "/archive", "#archive-list[data-loads]"],
      ["a player's game page with an offer", offered.links.black, 'body[data-ply="1"]'],
      ["a 3D game with its maps", deep.links.white, 'body[data-ply="0"]'],
    ];
    for (const size of [DESKTOP, PHONE]) {
      const page = await newPage(...size);
      for (const [what, link, ready] of pages) {
        await page.goto(base + link);
        await page.waitForSelector(ready, { state: "attached" });
        await accessible(page, what + " at " + size[0].width + "x" + size[0].height);
      }
      await page.context().close();
    }
  }, "ok P9 - axe-core: no serious or critical violation on the lobby, the archive and game pages, desktop and phone");
}

// Alone: the harness has started the server and the browser.
if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    await playerTests({ keepGoing: true });
    await accessibilityTests();
    check(failed.length === 0, "failed: " + failed.join(", "));
    check(problems.length === 0, "console problems:\n" + problems.join("\n"));
    console.log("player tests: all passed");
  } catch (e) {
    console.error(`player tests failed at step ${run.step}: ${e.stack || e}`);
    if (problems.length) console.error(problems.join("\n"));
    process.exitCode = 1;
  } finally {
    await browser.close();
    server.kill("SIGTERM");
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
