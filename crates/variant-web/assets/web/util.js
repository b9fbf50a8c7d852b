// Small shared pieces: the DOM and SVG helpers, the server's API, the links and the name kept
// in this browser, time controls as players write them.

const BROWSER_KEY = "variants.browser";

export const $ = (id) => document.getElementById(id);
const SVG_NS = "http://www.w3.org/2000/svg";
export const CELL = /[a-z]\d{1,2}(?:@\d+)?/g;
export const UNIT = 40; // a cell of the drawn boards, in SVG units
export const ZOOM_CELL = 56; // CSS px a cell of the zoomed large board

export function svgEl(tag, attrs = {}, parent = null) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (parent) parent.appendChild(el);
  return el;
}

// A failed fetch (no server) says so plainly instead of the browser's "Failed to fetch".
export async function api(method, path, body) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: body ? { "Content-Type": "application/json" } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch (_) {
    const e = new Error("the server cannot be reached (stopped or restarting); nothing was sent");
    e.offline = true;
    throw e;
  }
  let data = null;
  try {
    data = await response.json();
  } catch (_) {
    data = { error: "the server sent no JSON (" + response.status + ")" };
  }
  if (!response.ok) {
    const e = new Error((data && data.error) || "HTTP " + response.status);
    e.status = response.status;
    throw e;
  }
  return data;
}

// ---------------------------------------------------------------- links kept in the browser

const STORE_KEY = "variants.links";

export function savedLinks() {
  try {
    return JSON.parse(localStorage.getItem(STORE_KEY) || "[]");
  } catch (_) {
    return [];
  }
}

export function saveLinks(entry) {
  const all = savedLinks().filter((e) => !(e.id === entry.id && e.label === entry.label));
  all.unshift(entry);
  localStorage.setItem(STORE_KEY, JSON.stringify(all.slice(0, 50)));
}

async function copyText(text, button) {
  try {
    await navigator.clipboard.writeText(text);
  } catch (_) {
    // No clipboard permission (plain http on another machine): copy through a selection.
    const area = Object.assign(document.createElement("textarea"), { value: text });
    document.body.appendChild(area);
    area.select();
    document.execCommand("copy");
    area.remove();
  }
  button.textContent = "copied";
  setTimeout(() => (button.textContent = "copy"), 1500);
}

export function linkItem(label, path, attrs = {}) {
  const url = new URL(path, location.href).href;
  const li = document.createElement("li");
  const a = Object.assign(document.createElement("a"), { href: url, textContent: label });
  Object.assign(a.dataset, attrs);
  const code = Object.assign(document.createElement("code"), { textContent: url });
  const copy = Object.assign(document.createElement("button"), { type: "button", textContent: "copy", className: "copy" });
  copy.addEventListener("click", () => copyText(url, copy));
  li.append(a, " ", copy, " ", code);
  return li;
}

// The keys a configuration text (`heights=1;white-base=1`) sets, as an object.
export function configKeys(text) {
  return Object.fromEntries((text || "").split(";").filter((kv) => kv.includes("=")).map((kv) => kv.split("=")));
}

// The name a game goes by: that of one of its named configurations (`view.presets`, from the
// game: "Chess" for chess3d at one height) when its configuration has every key the preset
// fixes (the server writes the whole configuration, `heights=1;white-base=1;…`), else the game's.
export function gameLabel(game, config, presets) {
  const keys = configKeys(config);
  const p = (presets || []).find((p) => Object.entries(configKeys(p.config)).every(([k, v]) => keys[k] === v));
  return p ? p.label : game;
}

// A seat's name as a sentence starts with it ("White must move…").
export function seatName(seat) {
  return seat ? seat.charAt(0).toUpperCase() + seat.slice(1) : "";
}

// A time control as players write it: "5 min + 3 s", "10 s + 0 s", "1.5 min + 2 s" (a
// control under a minute in seconds, not "0.2 min").
export function clockText(clock) {
  if (!clock) return "no clock";
  const seconds = (ms) => String(Math.round(ms / 100) / 10);
  const initial = clock.initial_ms < 60000
    ? seconds(clock.initial_ms) + " s"
    : String(Math.round(clock.initial_ms / 6000) / 10) + " min";
  return initial + " + " + seconds(clock.increment_ms) + " s";
}

// The player's name, kept in this browser: given with a game created or a seat taken.
export const NAME_KEY = "variants.name";
export function myName() {
  const field = $("your-name");
  const name = ((field && field.value) || localStorage.getItem(NAME_KEY) || "").trim();
  return name;
}

export function browserId() {
  let id = localStorage.getItem(BROWSER_KEY) || "";
  if (!/^[0-9a-zA-Z-]{8,64}$/.test(id)) {
    id = [...crypto.getRandomValues(new Uint8Array(12))].map((b) => b.toString(16).padStart(2, "0")).join("");
    localStorage.setItem(BROWSER_KEY, id);
  }
  return id;
}
