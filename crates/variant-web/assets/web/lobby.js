// The landing page: the lobby (open games, games to watch, this browser's links) and the form
// that creates a game.
import { $, NAME_KEY, api, configKeys, gameLabel, clockText, linkItem, myName, saveLinks, savedLinks } from "./util.js";


async function takeSeat(id, seat, game) {
  const name = myName();
  const taken = await api("POST", "/api/games/" + id + "/seats/" + seat, name ? { name } : {});
  saveLinks({ id, game, label: seat, links: { [seat]: taken.link }, watch: "/play/" + id });
  location.href = new URL(taken.link, location.href).href;
}

// A seat the lobby offered but could not give (someone else was quicker): said at the game it
// belongs to, by name, and kept there across the lobby's refreshes.
const lobbyNotes = new Map(); // game id -> what happened

function lobbyNote(li, id) {
  if (!lobbyNotes.has(id)) return;
  li.append(Object.assign(document.createElement("span"), { className: "error take-error", role: "alert", textContent: " " + lobbyNotes.get(id) }));
}

export async function showLobby() {
  const [open, busy, info] = await Promise.all([api("GET", "/api/games?open=true"), api("GET", "/api/games?open=false"), api("GET", "/api/info")]);
  const presets = (name) => (info.games.find((x) => x.name === name)?.view || {}).presets;
  const openList = $("open-games");
  openList.replaceChildren();
  for (const g of open.games) {
    const li = document.createElement("li");
    li.dataset.game = g.id;
    li.append(gameLabel(g.game, g.config, presets(g.game)) + " (" + g.config + ", " + clockText(g.clock) + ", " + g.ply + " moves) ");
    for (const seat of g.free_seats) {
      const b = Object.assign(document.createElement("button"), { type: "button", textContent: "play " + seat });
      b.dataset.take = seat;
      b.addEventListener("click", () =>
        takeSeat(g.id, seat, g.game).catch((e) => {
          lobbyNotes.set(g.id, g.game + " " + g.id.slice(0, 6) + ", " + seat + ": " + e.message + (e.status === 409 ? " (taken meanwhile; the list is read again)" : ""));
          b.disabled = true;
          lobbyNote(li, g.id);
          showLobby().catch(() => {});
        }),
      );
      li.append(b, " ");
    }
    li.append(Object.assign(document.createElement("a"), { href: g.watch, textContent: "watch" }));
    lobbyNote(li, g.id);
    openList.appendChild(li);
  }
  if (!open.games.length) openList.appendChild(Object.assign(document.createElement("li"), { textContent: "none at the moment", className: "muted" }));
  const watchList = $("watch-games");
  watchList.replaceChildren();
  for (const g of busy.games) {
    const li = document.createElement("li");
    li.dataset.game = g.id;
    li.append(gameLabel(g.game, g.config, presets(g.game)) + " (" + g.config + ", " + clockText(g.clock) + ", " + g.ply + " moves) ");
    li.append(Object.assign(document.createElement("a"), { href: g.watch, textContent: "watch" }));
    lobbyNote(li, g.id);
    watchList.appendChild(li);
  }
  if (!busy.games.length) watchList.appendChild(Object.assign(document.createElement("li"), { textContent: "none at the moment", className: "muted" }));
  const mine = savedLinks();
  $("my-games-box").hidden = mine.length === 0;
  const list = $("my-games");
  list.replaceChildren();
  for (const e of mine) {
    for (const [seat, path] of Object.entries(e.links || {})) list.appendChild(linkItem(e.game + " " + e.id.slice(0, 6) + ": " + seat, path));
    if (e.watch) list.appendChild(linkItem(e.game + " " + e.id.slice(0, 6) + ": watch", e.watch));
  }
}

// ---------------------------------------------------------------- the form

function showCreated(created, g, oneToken) {
  const list = $("links");
  list.replaceChildren();
  const links = {};
  // The game's own seat order, and one link when one person plays every seat.
  const seats = g.seats.filter((s) => created.links[s]);
  for (const seat of oneToken ? seats.slice(0, 1) : seats) {
    const label = oneToken ? "open as " + seats.join(", ") + " (one link for every human seat)" : "open as " + seat;
    list.appendChild(linkItem(label, created.links[seat], { seatLink: seat }));
    links[oneToken ? seats.join("+") : seat] = created.links[seat];
  }
  for (const seat of created.open || []) {
    const li = document.createElement("li");
    const b = Object.assign(document.createElement("button"), { type: "button", textContent: "take " + seat + " yourself" });
    b.dataset.take = seat;
    b.addEventListener("click", () => takeSeat(created.id, seat, g.name).catch((e) => ($("create-error").textContent = e.message)));
    li.append(seat + " is open in the lobby ", b);
    list.appendChild(li);
  }
  const watch = linkItem("watch (spectator link, no token)", created.watch, { watchLink: "1" });
  list.appendChild(watch);
  saveLinks({ id: created.id, game: g.name, label: "created", links, watch: created.watch });
  $("created").hidden = false;
}

export async function showCreate() {
  $("your-name").value = localStorage.getItem(NAME_KEY) || "";
  const info = await api("GET", "/api/info");
  const select = $("game-select");
  // Every game of the server, each followed by its named configurations (`view.presets`, from
  // the game: Chess after chess3d): a choice is a game with some keys fixed.
  const choices = [];
  for (const g of info.games) {
    choices.push({ value: g.name, label: g.name, game: g, fixed: {}, description: g.description });
    for (const p of (g.view || {}).presets || []) choices.push({ value: p.name, label: p.label, game: g, fixed: configKeys(p.config), description: p.description });
  }
  for (const c of choices) select.appendChild(Object.assign(document.createElement("option"), { value: c.value, textContent: c.label }));
  const chosen = () => choices.find((c) => c.value === select.value);
  const fill = () => {
    const { game: g, fixed, description } = chosen();
    $("game-description").textContent = description;
    const config = $("config-fields");
    config.replaceChildren(Object.assign(document.createElement("legend"), { textContent: "Configuration" }));
    for (const k of g.keys) {
      const label = document.createElement("label");
      // A key the choice fixes is sent, not asked.
      if (fixed[k.name] !== undefined) label.hidden = true;
      label.title = k.description + " (allowed: " + k.allowed + ")";
      const input = Object.assign(document.createElement("input"), { name: k.name, placeholder: k.default, size: 18 });
      input.dataset.key = k.name;
      if (fixed[k.name] !== undefined) input.value = fixed[k.name];
      label.append(k.name + " ", input, " ", Object.assign(document.createElement("span"), { className: "muted", textContent: k.description }));
      config.appendChild(label);
    }
    const seats = $("seat-fields");
    seats.replaceChildren(Object.assign(document.createElement("legend"), { textContent: "Players" }));
    for (const seat of g.seats) {
      const label = document.createElement("label");
      const kind = document.createElement("select");
      kind.dataset.seat = seat;
      kind.name = "player-" + seat;
      for (const value of ["human", "engine"]) kind.appendChild(Object.assign(document.createElement("option"), { value, textContent: value }));
      const ms = Object.assign(document.createElement("input"), { type: "number", min: "1", max: "60000", value: "1000", name: "movetime-" + seat });
      ms.dataset.movetime = seat;
      ms.style.width = "6em";
      const time = document.createElement("span");
      time.append(" engine time (ms) ", ms);
      // Engine time only for engine seats.
      const sync = () => (time.hidden = kind.value !== "engine");
      kind.addEventListener("change", sync);
      sync();
      label.append(seat + " ", kind, time);
      seats.appendChild(label);
    }
  };
  // Listed in the lobby: the creator keeps a seat (their link comes with the answer) and the
  // other human seats are open; "none" opens every human seat.
  const listedSeats = () => {
    const choice = $("listed-seat");
    // The lister plays the first human seat unless they chose another (or none).
    const was = choice.dataset.chosen === undefined ? null : choice.dataset.chosen;
    const humans = [...$("seat-fields").querySelectorAll("select[data-seat]")].filter((k) => k.value === "human").map((k) => k.dataset.seat);
    choice.replaceChildren(...humans.map((seat) => Object.assign(document.createElement("option"), { value: seat, textContent: seat })),
      Object.assign(document.createElement("option"), { value: "", textContent: "none (every human seat open)" }));
    if (was !== null && [...choice.options].some((o) => o.value === was)) choice.value = was;
    $("listed-seat-box").hidden = !$("listed").checked;
  };
  select.addEventListener("change", fill);
  fill();
  $("listed").addEventListener("change", listedSeats);
  select.addEventListener("change", listedSeats);
  $("seat-fields").addEventListener("change", listedSeats);
  listedSeats();
  $("listed-seat").addEventListener("change", (e) => (e.target.dataset.chosen = e.target.value));
  $("create-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    $("create-error").textContent = "";
    const g = chosen().game;
    const config = [];
    for (const input of $("config-fields").querySelectorAll("input[data-key]")) {
      if (input.value.trim() !== "") config.push(input.dataset.key + "=" + input.value.trim());
    }
    const players = {};
    for (const kind of $("seat-fields").querySelectorAll("select[data-seat]")) {
      const seat = kind.dataset.seat;
      const ms = $("seat-fields").querySelector('input[data-movetime="' + seat + '"]').value;
      players[seat] = kind.value === "engine" ? "engine:movetime=" + ms : "human";
    }
    const body = { game: g.name, config: config.join(";"), players, one_token: $("one-token").checked };
    if ($("clock-on").checked) {
      body.clock = {
        initial_ms: Math.round(Number($("clock-minutes").value) * 60000),
        increment_ms: Math.round(Number($("clock-increment").value) * 1000),
      };
    }
    if ($("listed").checked) body.listed = Object.keys(players).filter((s) => players[s] === "human" && s !== $("listed-seat").value);
    // "Your name" goes with the seat the creator keeps: the listed game's kept seat, else the
    // first human seat (with one link for every seat, all of them).
    const name = $("your-name").value.trim();
    localStorage.setItem(NAME_KEY, name);
    if (name) {
      const humans = Object.keys(players).filter((s) => players[s] === "human");
      const kept = $("listed").checked ? ($("listed-seat").value ? [$("listed-seat").value] : []) : body.one_token ? humans : humans.slice(0, 1);
      if (kept.length) body.names = Object.fromEntries(kept.map((s) => [s, name]));
    }
    try {
      const created = await api("POST", "/api/games", body);
      showCreated(created, g, body.one_token);
      showLobby().catch(() => {});
    } catch (e) {
      $("create-error").textContent = e.message;
    }
  });
}
