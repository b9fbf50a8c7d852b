// The page of `variants serve`, as ES modules served as they are: this one reads the address
// and shows the lobby, the archive or a game.
import { showArchive } from "./archive.js";
import { $ } from "./util.js";
import { showGame } from "./game.js";
import { say } from "./input.js";
import { showCreate, showLobby } from "./lobby.js";

const match = location.pathname.match(/^\/play\/([^/]{1,80})$/);
if (match) {
  showGame(match[1]).catch((e) => say(e.message));
} else if (location.pathname === "/archive") {
  showArchive().catch((e) => ($("archive-error").textContent = e.message));
} else {
  $("landing").hidden = false;
  showCreate().catch((e) => ($("create-error").textContent = e.message));
  showLobby().catch((e) => ($("create-error").textContent = e.message));
  $("lobby-refresh").addEventListener("click", () => showLobby().catch((e) => ($("create-error").textContent = e.message)));
  // The lobby keeps itself fresh while the page is open.
  setInterval(() => showLobby().catch(() => {}), 5000);
}
