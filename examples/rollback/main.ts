/**
 * Rollback netcode demo: the two peers of a `RollbackSession` (netcode.ts)
 * drawn side by side, with the network settings, each peer's rollbacks and
 * the check of every confirmed frame.
 *
 * Real time drives the session at 60 ticks a second (a tick is one frame on
 * both peers); a frame takes at most four ticks, then drops the rest (slow
 * motion on a slow machine). Player 1 plays with the keyboard (or a bot),
 * player 2 is a bot (or J L I on the keyboard).
 *
 * Test hook: `window.__rollback` (see `RollbackHook` below). `?paused`
 * starts paused, `?bots` gives player 1 a bot too.
 */
import { Camera, drawWorld } from "../../src/entries/debug.js";
import type { Body } from "../../src/entries/capsule2d.js";
import { button, checkbox, el, fitCanvas, slider } from "../lab/shared/controls.js";
import { FixedStepLoop } from "../shared/fixed-loop.js";
import { ARENA, DT, JUMP, LEFT, RIGHT, botInput } from "./arena.js";
import { DEFAULT_MAX_PREDICTION, RollbackSession, type NetcodeOptions, type Peer, type SessionStats } from "./netcode.js";

const params = new URLSearchParams(location.search);
const MAX_TICKS_PER_FRAME = 4;
const PLAYER_COLORS = ["#5fe0ff", "#ff9a5f"] as const;
const PREDICTED_COLORS = ["#2d6f80", "#80503a"] as const;

const options: Required<NetcodeOptions> = { delay: 4, loss: 10, localDelay: 0, maxPrediction: DEFAULT_MAX_PREDICTION };
let session = new RollbackSession({ ...options });
let running = !params.has("paused");
/** Who plays each player: the keyboard or a bot. */
const bots: [boolean, boolean] = [params.has("bots"), true];

// ---- input -----------------------------------------------------------------------------------

const held = new Set<string>();
const KEYS = [
  { left: ["ArrowLeft", "KeyA"], right: ["ArrowRight", "KeyD"], jump: ["ArrowUp", "KeyW"] },
  { left: ["KeyJ"], right: ["KeyL"], jump: ["KeyI"] },
] as const;
const GAME_KEYS = new Set<string>(KEYS.flatMap((k) => [...k.left, ...k.right, ...k.jump]));
addEventListener("keydown", (e) => {
  if (!GAME_KEYS.has(e.code)) return;
  held.add(e.code);
  e.preventDefault();
});
addEventListener("keyup", (e) => held.delete(e.code));
addEventListener("blur", () => held.clear());

function keyInput(player: 0 | 1): number {
  const k = KEYS[player];
  const down = (codes: readonly string[]) => codes.some((c) => held.has(c));
  return (down(k.left) ? LEFT : 0) | (down(k.right) ? RIGHT : 0) | (down(k.jump) ? JUMP : 0);
}

/** What each player presses for the coming tick. */
function sampleInputs(tick: number): [number, number] {
  return [bots[0] ? botInput(tick, 1) : keyInput(0), bots[1] ? botInput(tick, 2) : keyInput(1)];
}

// ---- page ------------------------------------------------------------------------------------

const app = document.getElementById("app")!;
const controls = el(app, "div", "controls");
const FORMATS = {
  delay: (v: number) => `${v} frames (${Math.round(v * DT * 1000)} ms)`,
  loss: (v: number) => `${v} %`,
  localDelay: (v: number) => `${v} frames`,
  maxPrediction: (v: number) => `${v} frames`,
};
const sliders: Record<keyof NetcodeOptions, HTMLInputElement> = {
  delay: slider(controls, {
    label: "network delay",
    id: "delay",
    min: 0,
    max: 15,
    step: 1,
    value: options.delay,
    format: FORMATS.delay,
    onChange: (v) => setOptions({ delay: v }),
  }),
  loss: slider(controls, {
    label: "packet loss",
    id: "loss",
    min: 0,
    max: 50,
    step: 1,
    value: options.loss,
    format: FORMATS.loss,
    onChange: (v) => setOptions({ loss: v }),
  }),
  localDelay: slider(controls, {
    label: "local input delay",
    id: "local-delay",
    min: 0,
    max: 8,
    step: 1,
    value: options.localDelay,
    format: FORMATS.localDelay,
    onChange: (v) => setOptions({ localDelay: v }),
  }),
  maxPrediction: slider(controls, {
    label: "prediction window",
    id: "max-prediction",
    min: 0,
    max: 16,
    step: 1,
    value: options.maxPrediction,
    format: FORMATS.maxPrediction,
    onChange: (v) => setOptions({ maxPrediction: v }),
  }),
};
const pauseButton = button(controls, running ? "pause" : "play", "pause", () => (running ? pause() : play()));
button(controls, "step", "step", () => {
  pause();
  tick(1);
});
button(controls, "reset", "reset", () => reset());
const botBoxes = [
  checkbox(controls, { label: "player 1: bot", id: "bot-1", value: bots[0], onChange: (v) => (bots[0] = v) }),
  checkbox(controls, { label: "player 2: bot (else J L I)", id: "bot-2", value: bots[1], onChange: (v) => (bots[1] = v) }),
];

const summary = el(app, "div", "controls");
summary.dataset.test = "summary";
const panels = el(app, "div", "peers");

interface View {
  canvas: HTMLCanvasElement;
  camera: Camera;
  readout: HTMLElement;
}
const views: View[] = [0, 1].map((i) => {
  const panel = el(panels, "div", "panel");
  el(panel, "h2").textContent = `Peer ${i + 1}: player ${i + 1} is local, player ${2 - i} remote`;
  const canvas = el(panel, "canvas") as HTMLCanvasElement;
  canvas.style.height = "360px";
  const readout = el(panel, "div", "readout");
  readout.dataset.test = `peer-${i + 1}`;
  return { canvas, camera: new Camera(), readout };
});

/** Change the network settings: the session (which checks them), then the sliders showing them. */
function setOptions(change: Partial<NetcodeOptions>): void {
  session.setOptions(change);
  Object.assign(options, change);
  for (const key of Object.keys(sliders) as (keyof NetcodeOptions)[]) {
    const input = sliders[key];
    input.value = String(options[key]);
    (input.nextElementSibling as HTMLElement).textContent = FORMATS[key](options[key]);
  }
  render();
}

function pause(): void {
  running = false;
  pauseButton.textContent = "play";
}

function play(): void {
  running = true;
  loop.restart();
  pauseButton.textContent = "pause";
}

function reset(): void {
  session = new RollbackSession({ ...options });
  render();
}

function tick(n: number): void {
  for (let i = 0; i < n; i++) session.step(sampleInputs(session.tick + 1));
  render();
}

// ---- drawing ---------------------------------------------------------------------------------

function render(): void {
  const s = session.stats();
  session.peers.forEach((peer, i) => drawPeer(peer, views[i]!, s));
  const last = s.lastChecked;
  const ok = s.mismatches === 0 && s.referenceMismatches === 0;
  summary.innerHTML =
    `<span>tick <b>${s.tick}</b></span>` +
    `<span>frames both confirmed: <b>${s.checked}</b></span>` +
    `<span class="status ${ok ? "ok" : "bad"}" data-test="mismatches">mismatches: <b>${s.mismatches}</b> between the peers, ` +
    `<b>${s.referenceMismatches}</b> with the reference</span>` +
    (last
      ? `<span>frame ${last.frame}: <code>${last.hashes[0]}</code> · <code>${last.hashes[1]}</code> · reference <code>${last.reference}</code> ` +
        `<span class="status ${last.hashes[0] === last.hashes[1] && last.hashes[0] === last.reference ? "ok" : "bad"}">` +
        `${last.hashes[0] === last.hashes[1] ? "✓ agree" : "✗ differ"}</span></span>`
      : "") +
    `<span>packets: ${s.sent} sent, ${s.lost} lost</span>`;
}

function drawPeer(peer: Peer, view: View, s: SessionStats): void {
  const size = fitCanvas(view.canvas);
  view.camera.resize(size.width, size.height, size.ratio);
  view.camera.fit(ARENA.minX, ARENA.minY, ARENA.maxX, ARENA.maxY, 8);
  const ctx = view.canvas.getContext("2d")!;
  const remote = peer.index === 0 ? 1 : 0;
  const predicted = peer.isPredicted(peer.frame);
  const colour = (body: Body): string | undefined => {
    const p = peer.players.indexOf(body.id);
    if (p < 0) return undefined;
    return p === remote && predicted ? PREDICTED_COLORS[p] : PLAYER_COLORS[p];
  };
  drawWorld(ctx, peer.world, view.camera, { bodyColor: colour });
  const i = peer.index;
  view.readout.textContent =
    `frame ${s.frames[i]} · confirmed ${s.confirmed[i]} (${s.frames[i] - s.confirmed[i]} predicted)` +
    ` · hash ${peer.world.stateHash()}\n` +
    `rollbacks ${s.rollbacks[i]} · last depth ${s.lastDepth[i]} · deepest ${s.maxDepth[i]} · frames re-simulated ${s.resimulated[i]} · stalls ${s.stalls[i]}`;
}

// ---- real time -------------------------------------------------------------------------------

const loop = new FixedStepLoop(DT, MAX_TICKS_PER_FRAME, () => running, tick);
addEventListener("resize", render);
render();

// ---- test hook -------------------------------------------------------------------------------

/** `window.__rollback`: drive the session by ticks and read it, for the browser tests and the console. */
export interface RollbackHook {
  pause(): void;
  play(): void;
  reset(): void;
  /** Run `n` ticks now (inputs from the keyboard or the bots), redraw, return the stats. */
  tick(n: number): SessionStats;
  stats(): SessionStats;
  setOptions(change: Partial<NetcodeOptions>): void;
  /** Who plays: `[player 1 is a bot, player 2 is a bot]`. */
  setBots(p1: boolean, p2: boolean): void;
  /** Both players' inputs of frames 1 ... `checked` (the frames both peers confirmed). */
  confirmedInputs(): [number, number][];
  /** Each peer's world: its frame and stateHash() now. */
  worlds(): { frame: number; hash: string }[];
}

declare global {
  interface Window {
    __rollback?: RollbackHook;
  }
}

window.__rollback = {
  pause,
  play,
  reset,
  tick: (n) => {
    tick(n);
    return session.stats();
  },
  stats: () => session.stats(),
  setOptions,
  setBots: (p1, p2) => {
    bots[0] = botBoxes[0]!.checked = p1;
    bots[1] = botBoxes[1]!.checked = p2;
  },
  confirmedInputs: () => session.inputLog.slice(1, session.checked + 1),
  worlds: () => session.peers.map((p) => ({ frame: p.frame, hash: p.world.stateHash() })),
};
