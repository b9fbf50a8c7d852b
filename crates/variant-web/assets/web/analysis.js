// The analysis board: the engine on the shown position (`GET /api/analysis`, NDJSON): depth,
// score and line as it deepens; a move of the line (or ◀ ▶) shows the position after it, read
// from `GET /api/position`. One analysis a browser: a new one replaces this browser's earlier one.
import { drawPosition } from "./draw.js";
import { say } from "./input.js";
import { readBoard } from "./position.js";
import { analysis, game, moveCells, pvShown } from "./state.js";
import { $, api, browserId } from "./util.js";

const ANALYSIS_MS = 10000;

function scoreText(score, toMove) {
  if (!score) return "";
  if (score.mate !== undefined && score.mate !== null) {
    if (score.mate > 0) return toMove + " mates in " + score.mate;
    return score.mate === 0 ? toMove + " is mated" : toMove + " is mated in " + -score.mate;
  }
  const pawns = score.cp / 100;
  return (pawns > 0 ? "+" : "") + pawns.toFixed(2) + " for " + toMove + " (to move)";
}

export function renderAnalysis() {
  const line = analysis.line;
  const list = $("pv");
  list.replaceChildren();
  if (line) {
    line.pv.forEach((mv, k) => {
      const li = document.createElement("li");
      const b = Object.assign(document.createElement("button"), { type: "button", className: "pv-move", textContent: line.pv_san ? line.pv_san[k] : mv });
      b.dataset.pvStep = String(k + 1);
      b.title = "show the position after " + mv;
      if (analysis.step === k + 1) {
        b.classList.add("current");
        b.setAttribute("aria-current", "step");
      }
      b.addEventListener("click", () => pvStep(k + 1));
      li.appendChild(b);
      list.appendChild(li);
    });
  }
  $("pv-prev").disabled = !line || analysis.step === 0;
  $("pv-next").disabled = !line || analysis.step >= line.pv.length;
  $("pv-back").disabled = analysis.step === 0;
  $("analysis-stop").disabled = !analysis.running;
}

function onAnalysisLine(msg) {
  if (msg.type === "start") {
    analysis.toMove = msg.to_move;
    $("analysis-status").textContent = "The engine is thinking about " + msg.to_move + "'s move…";
  } else if (msg.type === "depth") {
    analysis.line = msg;
    if (analysis.step > msg.pv.length) analysis.step = msg.pv.length;
    $("analysis-status").textContent = "Depth " + msg.depth + ": " + scoreText(msg.score, analysis.toMove) + " · " + msg.nodes + " nodes";
    $("analysis").dataset.depth = String(msg.depth);
    renderAnalysis();
    if (analysis.step > 0) pvStep(analysis.step);
  } else if (msg.type === "done" && msg.over) {
    // A position where the game is over (a mate, a stalemate): nothing to search.
    analysis.running = false;
    $("analysis-status").textContent = "Nothing to search: the game is over in this position (" + msg.over.text + ").";
  } else if (msg.type === "done") {
    analysis.running = false;
    $("analysis-status").textContent += msg.stopped ? " (stopped)" : " (done)";
    renderAnalysis();
  } else if (msg.type === "shutdown") {
    $("analysis-status").textContent += " (the server stopped)";
  }
}

export function stopAnalysis() {
  if (analysis.running) $("analysis-status").textContent += " (stopped)";
  if (analysis.ctrl) analysis.ctrl.abort();
  analysis.ctrl = null;
  analysis.running = false;
}

export async function startAnalysis() {
  if (!game.state) return;
  stopAnalysis();
  // A resignation or an agreed draw is an entry of the log after the last move, not a move: the
  // position it leaves is the one after the last move, analysed as such (the game's result
  // does not stop the engine there).
  const ply = Math.min(game.viewPly === null ? game.state.ply : game.viewPly, game.state.history.length);
  Object.assign(analysis, { ply, line: null, step: 0, boards: new Map(), toMove: game.state.to_move });
  const ctrl = new AbortController();
  analysis.ctrl = ctrl;
  $("analysis").hidden = false;
  $("analysis").dataset.depth = "0";
  $("analysis-of").textContent = ply === 0 ? "(the start position)" : "(after move " + ply + ")";
  $("analysis-status").textContent = "Starting the engine…";
  renderAnalysis();
  drawPosition();
  const query = "id=" + encodeURIComponent(game.id) + "&ply=" + ply + "&ms=" + ANALYSIS_MS + "&replace=true&client=" + browserId();
  let response;
  try {
    response = await fetch("/api/analysis?" + query, { signal: ctrl.signal, cache: "no-store" });
  } catch (_) {
    if (!ctrl.signal.aborted) $("analysis-status").textContent = "The server cannot be reached: no analysis.";
    return;
  }
  if (!response.ok) {
    let text = "HTTP " + response.status;
    try {
      text = (await response.json()).error || text;
    } catch (_) { /* no JSON: the status says it */ }
    $("analysis-status").textContent = "No analysis: " + text;
    if (analysis.ctrl === ctrl) analysis.ctrl = null;
    return;
  }
  analysis.running = true;
  renderAnalysis();
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let nl;
      while ((nl = buffer.indexOf("\n")) >= 0) {
        const text = buffer.slice(0, nl).trim();
        buffer = buffer.slice(nl + 1);
        if (text && analysis.ctrl === ctrl) onAnalysisLine(JSON.parse(text));
      }
    }
  } catch (_) {
    if (!ctrl.signal.aborted) $("analysis-status").textContent += " (cut off)";
  }
  if (analysis.ctrl === ctrl) {
    analysis.ctrl = null;
    analysis.running = false;
    renderAnalysis();
  }
}

// Shows the position after the first `k` moves of the line (0: the analysed position).
export async function pvStep(k) {
  const line = analysis.line;
  if (!line) return;
  k = Math.max(0, Math.min(line.pv.length, k));
  analysis.step = k;
  renderAnalysis();
  const key = line.pv.slice(0, k).join(",");
  if (k > 0 && !analysis.boards.has(key)) {
    try {
      const at = await api("GET", "/api/position?id=" + encodeURIComponent(game.id) + "&ply=" + analysis.ply + "&moves=" + encodeURIComponent(key));
      const text = line.pv[k - 1];
      analysis.boards.set(key, { parsed: readBoard(at.board, at.view), last: { text, cells: moveCells(text), seat: at.last_mover } });
    } catch (e) {
      say("The line's position could not be read: " + e.message);
      return;
    }
  }
  if (analysis.line !== line || analysis.step !== k) return;
  const shown = pvShown();
  if (shown && shown.last) {
    const c = shown.parsed.byName.get(shown.last.cells[shown.last.cells.length - 1]);
    if (c) game.focus = c.board;
  }
  document.body.dataset.pvStep = String(k);
  drawPosition();
}

export function closeAnalysis() {
  stopAnalysis();
  analysis.line = null;
  analysis.step = 0;
  $("analysis").hidden = true;
  document.body.dataset.pvStep = "0";
  drawPosition();
}
