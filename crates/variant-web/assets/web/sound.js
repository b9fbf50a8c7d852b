// Sound: short tones made by WebAudio (no sound files).
import { game, inCheck } from "./state.js";

// Short tones made by WebAudio (no sound files): a move, a capture, a check, and the player's
// own clock falling under 10 s. The switch is kept in this browser. Browsers let a page sound
// only after the player has touched it, so the audio starts with the first click or key.
export const SOUND_KEY = "variants.sound";
export const sound = { ctx: null, on: localStorage.getItem(SOUND_KEY) !== "off", low: new Set() };
const TONES = {
  move: [[520, 0, 0.07, "triangle"]],
  capture: [[300, 0, 0.06, "square"], [200, 0.06, 0.1, "square"]],
  check: [[880, 0, 0.09, "sine"], [660, 0.1, 0.12, "sine"]],
  low: [[1000, 0, 0.05, "sine"], [1000, 0.12, 0.05, "sine"], [1000, 0.24, 0.05, "sine"]],
};

export function startAudio() {
  if (sound.ctx || !window.AudioContext) return;
  sound.ctx = new AudioContext();
}

export function playSound(kind) {
  if (!sound.on) return;
  // What was played, for the page's tests.
  document.body.dataset.sounds = ((document.body.dataset.sounds || "") + " " + kind).trim();
  const ctx = sound.ctx;
  if (!ctx || ctx.state !== "running") return;
  const t0 = ctx.currentTime + 0.01;
  for (const [freq, at, length, type] of TONES[kind]) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = type;
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.12, t0 + at);
    gain.gain.exponentialRampToValueAtTime(0.001, t0 + at + length);
    osc.connect(gain).connect(ctx.destination);
    osc.start(t0 + at);
    osc.stop(t0 + at + length + 0.02);
  }
}

// A new move on the board: a capture (fewer pieces), a check, or a plain move.
export function moveSound(prev, state) {
  if (!prev || state.ply !== prev.ply + 1 || !game.boards.has(prev.ply)) return;
  if (inCheck(game.parsed).length) playSound("check");
  else if (game.parsed.pieces < game.boards.get(prev.ply).parsed.pieces) playSound("capture");
  else playSound("move");
}
