// The browser tests' harness: the server under test on a free loopback port, Debian's Chromium
// driven by playwright-core, pages that record every console error and failed request, and the
// moves a player makes by clicking.
import { chromium } from "playwright-core";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";

// The binary under test and where screenshots go (none when not given).
export const binary = process.argv[2];
export const shots = process.argv[3];
if (!binary) {
  console.error("usage: node browser.mjs PATH/TO/variants [SCREENSHOT_DIR]");
  process.exit(2);
}
// The step running: its name goes with every problem, and it says which error answers the
// step expects (set by the tests).
export const run = { step: "" };
export const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "variants-browser-"));
// Starts `variants serve` on the database of this run (port 0: a free one) and answers its
// base address and process.
export async function startServer(port = 0, db = "games.db", extra = []) {
  const child = spawn(binary, ["serve", "--port", String(port), "--data", path.join(scratch, db), ...extra], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const address = await new Promise((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout });
    lines.once("line", (line) => {
      const m = line.match(/http:\/\/(127\.0\.0\.1:\d+)\//);
      m ? resolve("http://" + m[1]) : reject(new Error("no address in " + line));
    });
    child.once("exit", (code) => reject(new Error("server exited " + code)));
  });
  return { address, child };
}
export const { address: base, child: server } = await startServer();

export const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  headless: true,
  args: [
    // playwright adds --headless and a fresh temporary --user-data-dir itself.
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
  ],
});

export const problems = [];
// A phone held upright: a touch screen of 390x844 CSS px.
export const PHONE = [{ width: 390, height: 844 }, { isMobile: true, hasTouch: true }];
// Every browser context opened, so that a test that fails can close what it left open.
export const contexts = [];
export async function newPage(viewport = { width: 1400, height: 1000 }, options = {}) {
  const context = await browser.newContext({ viewport, acceptDownloads: true, ...options });
  contexts.push(context);
  // Everything stays on this machine.
  await context.route(/^(?!http:\/\/127\.0\.0\.1)/, (route) => route.abort());
  const page = await context.newPage();
  // The browser logs every 4xx answer and every failed request. Expected only where a test
  // asks for one on purpose: the unknown id and the wrong token (404, 403) of the bad-links
  // step, the streams cut and the connections refused while the restart test kills the
  // server, the illegal move typed on purpose (422: a typed move is sent as typed, the server
  // says what is wrong). Anywhere else an error answer or a failed request is a fault of the
  // page.
  const expected = () => ({
    "bad links": /Failed to load resource: the server responded with a status of (403|404)/,
    restart: /Failed to load resource: net::ERR_(INCOMPLETE_CHUNKED_ENCODING|CONNECTION_REFUSED)/,
    lobby: /Failed to load resource: the server responded with a status of 409/,
    "drag and keyboard": /Failed to load resource: the server responded with a status of 422/,
  })[run.step];
  page.on("console", (m) => {
    if (m.type() === "error" && !(expected() && expected().test(m.text()))) {
      problems.push(`console error (${run.step}): ${m.text()}`);
    }
  });
  page.on("response", (r) => {
    if (r.status() >= 400 && !(expected() && expected().test("Failed to load resource: the server responded with a status of " + r.status()))) {
      problems.push(`failed request (${run.step}): ${r.status()} ${r.request().method()} ${r.url()}`);
    }
  });
  page.on("requestfailed", (r) => {
    const why = (r.failure() || {}).errorText || "";
    // A page closed or sent elsewhere cancels its event stream: not a fault.
    if (why === "net::ERR_ABORTED") return;
    if (!(expected() && expected().test("Failed to load resource: " + why))) problems.push(`failed request (${run.step}): ${why} ${r.url()}`);
  });
  page.on("pageerror", (e) => problems.push("page error: " + e.message));
  page.on("dialog", (d) => d.accept());
  return page;
}

// axe-core (npm, pinned) run inside a page: no serious or critical accessibility violation.
const AXE = fs.readFileSync(new URL("./node_modules/axe-core/axe.min.js", import.meta.url), "utf8");
export async function accessible(page, what) {
  await page.addScriptTag({ content: AXE });
  const found = await page.evaluate(async () => (await window.axe.run(document, { resultTypes: ["violations"] })).violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => v.id + " (" + v.impact + "): " + v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")));
  check(found.length === 0, what + ": axe-core finds " + found.join("; "));
}

export async function api(method, p, body, at = base) {
  const r = await fetch(at + p, {
    method,
    headers: { "Content-Type": "application/json" },
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await r.json();
  if (!r.ok) throw new Error(method + " " + p + ": " + r.status + " " + JSON.stringify(data));
  return data;
}

export const CELL = /[a-z]\d{1,2}(?:@\d+)?/g;
// The large board shows one height: a cell of another height is reached by clicking its map.
export async function showCell(page, cell) {
  if (await page.$(`#board [data-cell="${cell}"]`)) return;
  const height = cell.split("@")[1];
  await page.click(`#maps [data-map-height="${height}"]`);
  await page.waitForSelector(`#board [data-cell="${cell}"]`);
}
export async function clickCell(page, cell) {
  await showCell(page, cell);
  await page.click(`#board [data-cell="${cell}"]`);
}
// A click that arrives while the page is still settling after it loads was sometimes lost:
// the event stream's first state, of the same position, cleared the selection (the page now
// keeps it). Still: click the cell again while it is not selected, then wait until some
// destination is highlighted.
export async function selectCell(page, cell) {
  for (let attempt = 0; attempt < 5; attempt++) {
    await showCell(page, cell);
    if (!(await page.$(`#board [data-cell="${cell}"].selected`))) await clickCell(page, cell);
    const ok = await page
      .waitForSelector(`#board [data-cell="${cell}"].selected`, { timeout: 1000 })
      .catch(() => null);
    if (ok) {
      await page.waitForSelector("#board .dest", { timeout: 1000 }).catch(() => null);
      return;
    }
  }
}
export async function clickMove(page, move) {
  const cells = move.match(CELL);
  const to = cells[cells.length - 1];
  await selectCell(page, cells[0]);
  await showCell(page, to);
  const dest = await page
    .waitForSelector(`#board [data-cell="${to}"].dest`, { timeout: 5000 })
    .catch(() => null);
  if (!dest) throw new Error(`${to} is not highlighted as a destination of ${cells[0]}`);
  await page.click(`#board [data-cell="${to}"]`);
  // Several moves between the same cells (promotions, capture paths): pick this one.
  if (await page.isVisible("#choice")) await page.click(`#choice button[data-move="${move}"]`);
}

export async function waitPly(page, ply, timeout = 30000) {
  await page.waitForSelector(`body[data-ply="${ply}"]`, { timeout, state: "attached" });
}

// Plays `line` by clicking, move i on the page of seat order[i % order.length]; every page
// follows every move (the pages of one person may be the same page).
export async function playLine(pages, order, line) {
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

// Whether an element stands inside the first screen of the page scrolled to its top, once the
// page's layout has settled (within 2 s: under load a check made at once, while the page was
// still laying out, sometimes found the bar's buttons elsewhere); where it stood is logged when
// it is not.
export async function firstScreen(page, selector) {
  const where = () => page.$eval(selector, (e) => {
    window.scrollTo(0, 0);
    const r = e.getBoundingClientRect();
    return { ok: r.width > 0 && r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight, rect: [r.left, r.top, r.width, r.height].map(Math.round), screen: [window.innerWidth, window.innerHeight, window.scrollY] };
  });
  let at = await where();
  for (let tries = 0; !at.ok && tries < 10; tries++) {
    await page.waitForTimeout(200);
    at = await where();
  }
  if (!at.ok) console.log(`  ${selector} is outside the first screen: ${JSON.stringify(at)}`);
  return at.ok;
}

export function check(condition, message) {
  if (!condition) throw new Error(message);
}
