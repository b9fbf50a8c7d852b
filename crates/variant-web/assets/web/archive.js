// The archive: finished games, newest first, with filters kept in the address.
import { $, api, gameLabel } from "./util.js";

export async function showArchive() {
  $("archive").hidden = false;
  document.title = "The archive · variants";
  const info = await api("GET", "/api/info");
  const games = $("archive-game");
  for (const g of info.games) games.appendChild(Object.assign(document.createElement("option"), { value: g.name, textContent: g.name }));
  const result = $("archive-result");
  for (const seat of [...new Set(info.games.flatMap((g) => g.seats))]) {
    result.appendChild(Object.assign(document.createElement("option"), { value: seat, textContent: seat + " won" }));
  }
  const fields = { game: "archive-game", player: "archive-player", result: "archive-result", from: "archive-from", to: "archive-to" };
  const asked = new URLSearchParams(location.search);
  for (const [k, id] of Object.entries(fields)) if (asked.get(k)) $(id).value = asked.get(k);
  let page = Math.max(1, Number(asked.get("page")) || 1);
  let pages = 1;
  let loads = 0;
  const load = async () => {
    const params = new URLSearchParams();
    for (const [k, id] of Object.entries(fields)) if ($(id).value.trim()) params.set(k, $(id).value.trim());
    if (page > 1) params.set("page", String(page));
    history.replaceState(null, "", "/archive" + (params.toString() ? "?" + params : ""));
    $("archive-error").textContent = "";
    let answer;
    try {
      answer = await api("GET", "/api/games?finished=true&" + params);
    } catch (e) {
      $("archive-error").textContent = e.message;
      return;
    }
    pages = Math.max(1, answer.pages);
    loads += 1;
    const list = $("archive-list");
    list.replaceChildren();
    for (const g of answer.games) {
      const li = document.createElement("li");
      li.dataset.game = g.id;
      const who = g.seats.map((seat) => (g.names[seat] || "?") + " (" + seat + ")").join(" – ");
      const a = Object.assign(document.createElement("a"), { href: g.watch, textContent: gameLabel(g.game, g.config, (info.games.find((x) => x.name === g.game)?.view || {}).presets) + ": " + who });
      li.append(a, " · " + g.status.text + " · " + g.ply + " plies · " + g.finished.replace("T", " ").replace("Z", " UTC"));
      list.appendChild(li);
    }
    $("archive-count").textContent = answer.total === 0 ? "No finished game matches." : answer.total + " finished game" + (answer.total === 1 ? "" : "s") + ", newest first";
    $("archive-page").textContent = "page " + answer.page + " of " + pages;
    $("archive-newer").disabled = page <= 1;
    $("archive-older").disabled = page >= pages;
    list.dataset.loads = String(loads);
  };
  $("archive-form").addEventListener("submit", (e) => {
    e.preventDefault();
    page = 1;
    load();
  });
  $("archive-newer").addEventListener("click", () => {
    page = Math.max(1, page - 1);
    load();
  });
  $("archive-older").addEventListener("click", () => {
    page = Math.min(pages, page + 1);
    load();
  });
  await load();
}
