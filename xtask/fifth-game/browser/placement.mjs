// The page enters a placement move by clicking one empty cell: a qubic game is created on the
// server at BASE, x's page opens, one empty cell of the large board is clicked, and the server
// must have that cell as the game's first move. Run by `cargo xtask fifth-game` with
// `node placement.mjs BASE BROWSER_DIR`, where BROWSER_DIR holds playwright-core
// (crates/variant-web/tests/browser after `npm ci`); Chromium from Debian (or $CHROMIUM).
import { createRequire } from "node:module";
import path from "node:path";

const [base, browserDir] = process.argv.slice(2);
const require = createRequire(path.join(path.resolve(browserDir), "package.json"));
const { chromium } = require("playwright-core");

async function api(method, p, body) {
  const r = await fetch(base + p, {
    method,
    headers: { "content-type": "application/json" },
    body: body ? JSON.stringify(body) : undefined,
  });
  return r.json();
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});
let failure = null;
try {
  const created = await api("POST", "/api/games", { game: "qubic" });
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  await page.goto(base + created.links.x);
  await page.waitForSelector("#board [data-cell]");
  // Every cell is empty at the start: the first cell of the large board is a placement.
  const cell = await page.getAttribute("#board [data-cell]", "data-cell");
  await page.click(`#board [data-cell="${cell}"]`);
  let history = [];
  for (let i = 0; i < 100 && history.length === 0; i++) {
    history = (await api("GET", "/api/games/" + created.id)).history;
    if (history.length === 0) await new Promise((r) => setTimeout(r, 100));
  }
  if (history[0] !== cell) failure = `clicked ${cell}; the game's moves are ${JSON.stringify(history)}`;
  else console.log(`placement by clicking: ${cell} played`);
} catch (e) {
  failure = String(e && e.stack || e);
} finally {
  await browser.close();
}
if (failure) {
  console.error("placement by clicking failed: " + failure);
  process.exit(1);
}
