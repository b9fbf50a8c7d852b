// The game page: a state from the server rendered everywhere, the event stream, the page's
// buttons wired, the first load.
import { closeAnalysis, pvStep, startAnalysis, stopAnalysis } from "./analysis.js";
import { drawCursor, drawPosition } from "./draw.js";
import { action, onBoardClick, onBoardKey, onMapClick, onPageKey, onPointerDown, onPointerMove, onPointerUp, onTouchMove, onTouchStart, playPremove, say, sendMove } from "./input.js";
import { moveMarks, renderHistory, renderLegend, renderPlayers, renderStatus, stepTo, tickClocks } from "./panel.js";
import { readBoard } from "./position.js";
import { SOUND_KEY, moveSound, sound, startAudio } from "./sound.js";
import { analysis, boardTurn, game, lastMoveInfo, moveShape, moverOf, mySeats, myTurn, seatChip } from "./state.js";
import { $, api, clockText, gameLabel, saveLinks, seatName } from "./util.js";

function render(state) {
  const prev = game.state;
  if (prev && state.ply === prev.ply + 1 && state.history.length === prev.history.length + 1) game.movers.set(prev.ply, prev.to_move);
  for (const k of [...game.movers.keys()]) if (k >= state.ply) game.movers.delete(k);
  for (const k of [...game.boards.keys()]) if (k > state.ply) game.boards.delete(k);
  game.state = state;
  game.instance = state.instance;
  game.clockAt = performance.now();
  game.parsed = readBoard(state.board, state.view);
  moveSound(prev, state);
  game.boards.set(state.ply, { move: state.history[state.ply - 1], parsed: game.parsed });
  game.shapes = state.moves.map(moveShape);
  // Each new move is announced to screen readers (a live region beside the move list).
  if (prev && state.ply === prev.ply + 1) {
    const i = state.ply - 1;
    $("announce").textContent = moverOf(state, i) + " played " + (state.san ? state.san[i] : state.history[i] + moveMarks(state, i)) +
      (state.status.result !== "ongoing" ? ". Game over: " + state.status.text : "");
  }
  // A state of the same position (the event stream's first state after the page's own read, a
  // clock, an offer, the engine's mark) keeps the piece the player has picked up: clearing it
  // lost clicks made while the page settled.
  const samePosition = prev && prev.ply === state.ply && prev.position === state.position;
  if (!(samePosition && game.shapes.some((m) => m.from === game.selected))) game.selected = null;
  if (game.viewPly !== null && game.viewPly >= state.ply) game.viewPly = null;
  // The focus follows this page's own moves (and, for a spectator, every move); another
  // player's or an engine's reply leaves the large board at the height the player was looking
  // at (the maps show where the reply went).
  if (!prev || prev.ply !== state.ply) {
    const last = lastMoveInfo(state, state.ply);
    const c = last && game.parsed.byName.get(last.cells[last.cells.length - 1]);
    const mine = mySeats(state);
    const follow = !prev || !mine.length || mine.includes(last && last.seat);
    if (c && follow) game.focus = c.board;
    else if (!prev) {
      const mine = mySeats(state);
      const own = [...game.parsed.byName.values()].find((x) => x.piece && mine.includes(x.pieceSeat));
      if (own) game.focus = own.board;
    }
  }
  $("choice").hidden = true;
  $("game-title").textContent = gameLabel(state.game, state.config, (state.view || {}).presets);
  $("game-config").textContent = state.config + (state.clock ? " · clock " + clockText(state.clock) : "");
  const mine = mySeats(state);
  $("you").replaceChildren();
  if (mine.length) $("you").append("You play ", ...mine.flatMap((s) => [seatChip(s), " " + s + " "]));
  else $("you").append(game.fatal ? "" : "You are watching.");
  renderStatus(state);
  // The tab says when it is this player's move, as game sites do.
  document.title = (myTurn(state) ? "Your turn · " : "") + gameLabel(state.game, state.config, (state.view || {}).presets) + " · variants";
  $("status").dataset.result = state.status.result;
  $("thinking").hidden = !state.thinking;
  $("top-thinking").hidden = !state.thinking;
  $("thinking-text").textContent = state.thinking ? "The engine (" + state.thinking + ") is thinking…" : "";
  $("engine-reply").textContent = state.engine_reply ? "The engine (" + state.engine_reply.seat + ") played " + state.engine_reply.move + "." : "";
  renderPlayers(state);
  renderHistory(state);
  renderLegend(state);
  $("position").textContent = state.position;
  const extra = $("extra-moves");
  extra.replaceChildren();
  if (myTurn(state)) {
    for (const m of game.shapes.filter((s) => s.from === null && !s.place)) {
      const b = Object.assign(document.createElement("button"), { type: "button", textContent: m.text });
      b.dataset.move = m.text;
      b.addEventListener("click", () => sendMove(m.text));
      extra.appendChild(b);
    }
  }
  const playing = !game.fatal && mine.length > 0 && state.status.result === "ongoing";
  $("resign").disabled = !playing;
  // Before every player has moved the game can be called off (no result) instead.
  $("abort").hidden = !(playing && state.abortable);
  $("draw").disabled = !playing;
  $("undo").disabled = !playing || state.ply === 0; // a finished game's result stands
  $("claim").hidden = !(state.claimable && myTurn(state));
  // Rematch: offered by a player once the game is over (every seat was held); when every
  // human seat has asked, each player's page opens the rematch in the seat the server gives
  // (colours rotated), with the same token; a spectator gets a link to watch it.
  const requests = state.rematch_requests || [];
  const over = state.status.result !== "ongoing";
  $("rematch").hidden = !(over && mine.length && !(state.free_seats || []).length && !state.rematch);
  $("rematch").disabled = mine.every((s) => requests.includes(s));
  $("rematch").textContent = requests.length && !requests.some((s) => mine.includes(s)) ? "Accept rematch" : requests.length ? "Rematch asked" : "Rematch";
  if (state.rematch) followRematch(state.rematch, mine);
  const offers = [];
  if (requests.length && !state.rematch) offers.push("rematch asked by " + requests.join(", "));
  if (state.draw_offers.length) offers.push("draw offered by " + state.draw_offers.join(", "));
  if (state.undo_requests.length) offers.push("take-back asked by " + state.undo_requests.join(", "));
  $("offers").textContent = offers.join("; ");
  $("draw").textContent = state.draw_offers.length && !state.draw_offers.some((s) => mine.includes(s)) ? "Accept draw" : "Offer draw";
  $("undo").textContent = state.undo_requests.length && !state.undo_requests.some((s) => mine.includes(s)) ? "Agree to take back" : "Take back";
  renderBar(state, mine, requests);
  $("strength-toggle").hidden = !(state.view && state.view.notes);
  if (state.view && state.view.notes) {
    $("strength-label").textContent = state.view.notes.label;
    $("strength-toggle").title = state.view.notes.text;
  }
  $("viewing").hidden = game.viewPly === null;
  $("move-text").disabled = !playing;
  drawPosition();
  if (game.premove || game.preFrom) playPremove(state);
  document.body.dataset.ply = String(state.ply);
  document.body.dataset.result = state.status.result;
}

// The bar above the board on a phone: the offer waiting for this player's answer (or their
// own, waiting for the others'), with its answer, and the game's actions, so that neither needs
// scrolling away from the board. The buttons press the panel's own.
function renderBar(state, mine, requests) {
  const offer = $("top-offer");
  offer.replaceChildren();
  const pending = [
    [state.draw_offers, "offers a draw", "draw"],
    [state.undo_requests, "asks to take back", "undo"],
    [state.rematch ? [] : requests, "asks for a rematch", "rematch"],
  ];
  for (const [seats, what, id] of pending) {
    if (!seats.length) continue;
    const text = seats.map(seatName).join(", ") + " " + what;
    const answer = !seats.some((s) => mine.includes(s)) && !$(id).hidden && !$(id).disabled;
    offer.append(Object.assign(document.createElement("span"), { className: "offer", textContent: text + (answer ? ": " : ".") }));
    if (answer) offer.append(barButton(id), " ");
  }
  offer.hidden = offer.childNodes.length === 0;
  const actions = $("top-actions");
  actions.replaceChildren();
  for (const id of ["abort", "resign", "draw", "undo", "claim", "rematch"]) {
    if (!$(id).hidden && mine.length && !game.fatal) actions.append(barButton(id));
  }
}

function barButton(id) {
  const main = $(id);
  const b = Object.assign(document.createElement("button"), { type: "button", textContent: main.textContent, disabled: main.disabled });
  b.dataset.action = id;
  b.addEventListener("click", () => main.click());
  return b;
}

function followRematch(rematch, mine) {
  const watch = "/play/" + rematch.id;
  if (mine.length && game.token && !game.fatal) {
    const seat = rematch.seats[game.seat || mine[0]];
    const link = watch + "#seat=" + seat + "&token=" + game.token;
    saveLinks({ id: rematch.id, game: game.state.game, label: "rematch", links: { [seat]: link }, watch });
    if (game.events) game.events.close();
    game.events = null;
    location.href = new URL(link, location.href).href;
    return;
  }
  const p = $("rematch-link");
  p.hidden = false;
  p.replaceChildren("The players started a rematch: ", Object.assign(document.createElement("a"), { href: watch, textContent: "watch it" }), ".");
}

export async function refresh() {
  try {
    render(await api("GET", "/api/games/" + game.id));
  } catch (_) {
    // The event stream reconnects and brings the state.
  }
}

function connect() {
  if (game.events) game.events.close();
  // With the seat's token the page holds its seat (the first-move wait starts once all are).
  const events = new EventSource("/api/games/" + game.id + "/events" + (game.token ? "?token=" + encodeURIComponent(game.token) : ""));
  game.events = events;
  events.addEventListener("state", (e) => {
    const state = JSON.parse(e.data);
    const restarted = game.instance && state.instance !== game.instance;
    document.body.dataset.connected = "1";
    $("connection").hidden = true;
    render(state);
    // Another server process: read the game again rather than trust what this page had.
    if (restarted) refresh();
  });
  const lost = (text) => {
    document.body.dataset.connected = "0";
    $("connection").hidden = false;
    $("connection").textContent = text;
    events.close();
    if (game.events === events) setTimeout(connect, 1000);
  };
  events.addEventListener("shutdown", () => lost("The server is stopping; this page reconnects when it is back…"));
  events.addEventListener("error", () => lost("Connection to the server lost; reconnecting…"));
}

export function fatal(text) {
  game.fatal = true;
  const p = $("fatal");
  p.hidden = false;
  p.textContent = text;
  for (const b of document.querySelectorAll("#actions button, #extra-moves button")) b.disabled = true;
  document.body.dataset.fatal = "1";
}

export async function showGame(id) {
  $("play").hidden = false;
  game.id = id;
  const params = new URLSearchParams(location.hash.slice(1));
  game.token = params.get("token");
  game.seat = params.get("seat");
  const board = $("board");
  // A cell that gets the focus (Tab, a click) becomes the keyboard's cursor.
  board.addEventListener("focusin", (e) => {
    const cell = e.target.closest && e.target.closest("[data-cell]");
    if (cell && game.cursor !== cell.dataset.cell) {
      game.cursor = cell.dataset.cell;
      drawCursor();
    }
  });
  board.addEventListener("click", onBoardClick);
  board.addEventListener("pointerdown", onPointerDown);
  board.addEventListener("touchstart", onTouchStart, { passive: true });
  board.addEventListener("touchmove", onTouchMove, { passive: false });
  window.addEventListener("pointermove", onPointerMove);
  window.addEventListener("pointerup", onPointerUp);
  board.addEventListener("keydown", onBoardKey);
  document.addEventListener("keydown", onPageKey);
  $("maps").addEventListener("click", onMapClick);
  $("stack").addEventListener("click", onMapClick);
  $("choice-cancel").addEventListener("click", () => {
    $("choice").hidden = true;
    game.selected = null;
    drawPosition();
  });
  $("resign").addEventListener("click", () => {
    if (confirm("Resign?")) action("resign");
  });
  $("abort").addEventListener("click", () => action("abort"));
  $("draw").addEventListener("click", () => action("draw"));
  $("claim").addEventListener("click", () => action("claim"));
  $("undo").addEventListener("click", () => action("undo"));
  $("rematch").addEventListener("click", () => action("rematch"));
  $("flip").addEventListener("click", () => {
    const seats = game.state ? game.state.view.seats.map((s) => s.turn) : [0, 180];
    const turns = [...new Set(seats)];
    const now = boardTurn();
    game.turn = turns[(turns.indexOf(now) + 1) % turns.length] ?? 0;
    drawPosition();
    // The large clocks follow the board: the seat now at the bottom last.
    if (game.state) renderPlayers(game.state);
  });
  $("live").addEventListener("click", () => stepTo(game.state.ply));
  $("analyse").addEventListener("click", () => startAnalysis());
  $("analyse-here").addEventListener("click", () => startAnalysis());
  $("pv-prev").addEventListener("click", () => pvStep(analysis.step - 1));
  $("pv-next").addEventListener("click", () => pvStep(analysis.step + 1));
  $("pv-back").addEventListener("click", () => pvStep(0));
  $("analysis-stop").addEventListener("click", () => stopAnalysis());
  $("analysis-close").addEventListener("click", () => closeAnalysis());
  // A move typed in the game's own notation (the text the move list shows, e.g. e2e4,
  // e2@1e4@1, c3@1-d4@2): the server checks it and says what is wrong.
  $("type-move").addEventListener("submit", (e) => {
    e.preventDefault();
    const text = $("move-text").value.trim();
    if (!text || !game.state) return;
    if (!myTurn(game.state)) {
      say("It is " + game.state.to_move + "'s move, not yours.");
      return;
    }
    // The same cells as a move's text with other separators ("e2-e4", "E2E4") are sent as the
    // game writes them; anything else (SAN in FIDE chess: Nf3, exd5, O-O, e8=Q) is sent as
    // typed, and the server plays it or says what is wrong.
    const bare = (t) => t.toLowerCase().replace(/[-x:\s]/g, "");
    const found = game.state.moves.includes(text) ? [text] : game.state.moves.filter((m) => bare(m) === bare(text));
    $("move-text").value = "";
    sendMove(found.length === 1 ? found[0] : text);
  });
  $("zoom").addEventListener("click", () => {
    game.zoomed = !game.zoomed;
    drawPosition();
    // Zoomed in: start from the middle of the player's own edge (the bottom).
    if (game.zoomed) {
      board.scrollLeft = (board.scrollWidth - board.clientWidth) / 2;
      board.scrollTop = board.scrollHeight;
    }
  });
  $("strength").addEventListener("change", (e) => board.classList.toggle("strengths", e.target.checked));
  $("sound").checked = sound.on;
  $("sound").addEventListener("change", (e) => {
    sound.on = e.target.checked;
    localStorage.setItem(SOUND_KEY, sound.on ? "on" : "off");
  });
  for (const kind of ["pointerdown", "keydown"]) document.addEventListener(kind, startAudio, { capture: true });
  $("record-json").href = "/api/games/" + id + "/record";
  $("record-pgn").href = "/api/games/" + id + "/record?format=pgn";
  // A touch screen has no drag and no keyboard: the help says what a finger does.
  if (window.matchMedia("(hover: none)").matches) {
    $("board-help").replaceChildren("Tap a piece, then where it goes; swipe to scroll, pinch or \"Zoom in\" to enlarge.");
  }
  setInterval(tickClocks, 100);
  // The maps' columns follow the window's width (a phone turned, a window resized).
  let wide = window.innerWidth >= 700;
  window.addEventListener("resize", () => {
    if ((window.innerWidth >= 700) !== wide && game.state) {
      wide = !wide;
      drawPosition();
    }
  });
  // Said plainly on load: an unknown game, a link whose token holds no seat.
  let first;
  for (;;) {
    try {
      first = await api("GET", "/api/games/" + id);
      break;
    } catch (e) {
      if (e.status === 404 || e.status === 400) {
        $("panel").hidden = true;
        fatal("There is no game " + id + " on this server (a mistyped or old link, or the game was deleted).");
        return;
      }
      if (!e.offline) throw e;
      $("connection").hidden = false;
      $("connection").textContent = "The server cannot be reached; retrying…";
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  if (game.token) {
    try {
      const held = await api("GET", "/api/games/" + id + "/seat?token=" + encodeURIComponent(game.token));
      // The token decides: a link whose seat the token does not hold (hand-edited) plays the
      // token's seat, or watches when the token holds several and the link names none of them.
      if (!game.seat || !held.seats.includes(game.seat)) {
        game.seat = held.seats.length === 1 ? held.seats[0] : null;
      }
    } catch (e) {
      if (e.status === 403) {
        game.token = null;
        fatal("This link's token holds no seat of this game (a wrong or old link): you can watch, but not play. Ask for your link again.");
      }
    }
  }
  render(first);
  // The state names the record formats the game has: no request for one it has not.
  $("pgn-box").hidden = !(first.records || []).includes("pgn");
  connect();
}
