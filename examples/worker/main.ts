/**
 * A world of a few thousand bodies stepped in a Web Worker and drawn on the
 * main thread, with capsule2d/worker (in your project:
 * `import { WorldWorker } from "capsule2d/worker"`).
 *
 * - physics.worker.ts builds the world (scene.ts) and serves it.
 * - Each animation frame, this page passes the time that passed to
 *   `physics.advance()` (the worker takes the fixed steps that fit and
 *   sends every body's last two poses back) and draws the latest frame, each
 *   body between its last two poses (`getPose`). The main thread never waits
 *   for the worker: drawing and input stay smooth however long a step takes.
 * - Clicks post commands: a click drops a ball (`add`), shift+click sets off
 *   an explosion (a command of the worker's own); "kick" gives the ten
 *   nearest bodies an upward impulse (`applyImpulse`).
 *
 * No cross-origin isolation is needed: poses travel in transferred buffers.
 *
 * Test hook: `window.__workerDemo` (`WorkerDemoHook`).
 */
import { traceCapsule } from "../../src/entries/debug.js";
import { WorldWorker, type FramePose } from "../../src/entries/worker.js";
import { VIEW, type SceneData } from "./scene.js";

/** What `window.__workerDemo` offers the browser test and the console. */
export interface WorkerDemoHook {
  /** The main thread's handle on the worker's world. */
  physics: WorldWorker;
  pause(): void;
  play(): void;
  readonly paused: boolean;
  /** Take `n` fixed steps in the worker (paused or not); resolves with the step count once their frame has arrived. */
  step(n?: number): Promise<number>;
  /** Frames drawn on the canvas. */
  readonly drawn: number;
  /** Draw the latest frame now. */
  draw(): void;
}

declare global {
  interface Window {
    __workerDemo?: WorkerDemoHook;
  }
}

const params = new URLSearchParams(location.search);
const scene: SceneData = { count: Number(params.get("count") ?? 3000), seed: 1 };
let paused = params.has("paused");

// ---- page ------------------------------------------------------------------

const bar = document.createElement("header");
bar.className = "demo-bar";
bar.innerHTML = `
  <div class="demo-heading"><a class="demo-home" href="/">capsule2d</a><h1>World in a Web Worker</h1>
  <p class="demo-description">${scene.count} bodies stepped in a worker, drawn here between their last two poses. Click: drop a ball; shift+click: explosion.</p></div>
  <div class="demo-row"><button type="button" data-test="pause"></button><button type="button" data-test="step">Step</button>
  <button type="button" data-test="kick">Kick</button></div>
  <div class="demo-readout" data-test="readout"></div>`;
const canvas = document.createElement("canvas");
canvas.style.flex = "1";
canvas.style.minHeight = "0";
canvas.style.width = "100%";
document.body.append(bar, canvas);
const ctx = canvas.getContext("2d")!;
const pauseButton = bar.querySelector<HTMLButtonElement>('[data-test="pause"]')!;
const readout = bar.querySelector<HTMLElement>('[data-test="readout"]')!;

/** World metres to canvas pixels: the view fitted to the canvas, y up. */
const camera = { scale: 1, x: 0, y: 0 };
function resize(): void {
  const ratio = window.devicePixelRatio || 1;
  canvas.width = Math.max(1, Math.round(canvas.clientWidth * ratio));
  canvas.height = Math.max(1, Math.round(canvas.clientHeight * ratio));
  camera.scale = Math.min(canvas.width / (VIEW.maxX - VIEW.minX), canvas.height / (VIEW.maxY - VIEW.minY));
  camera.x = canvas.width / 2 - ((VIEW.minX + VIEW.maxX) / 2) * camera.scale;
  camera.y = canvas.height / 2 + ((VIEW.minY + VIEW.maxY) / 2) * camera.scale;
}
/** The world point under a mouse event. */
function worldPoint(event: MouseEvent): { x: number; y: number } {
  const rect = canvas.getBoundingClientRect();
  const px = ((event.clientX - rect.left) / rect.width) * canvas.width;
  const py = ((event.clientY - rect.top) / rect.height) * canvas.height;
  return { x: (px - camera.x) / camera.scale, y: (camera.y - py) / camera.scale };
}

// ---- drawing: one path per kind of body, each body at its interpolated pose ------------------

const pose: FramePose = { x: 0, y: 0, rotCos: 1, rotSin: 0 };
let drawn = 0;

function draw(physics: WorldWorker): void {
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = "#11141b";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.setTransform(camera.scale, 0, 0, -camera.scale, camera.x, camera.y);
  for (const dynamic of [false, true]) {
    ctx.beginPath();
    for (let i = 0; i < physics.count; i++) {
      const body = physics.bodies[i]!;
      if ((body.type === "dynamic") !== dynamic) continue;
      physics.getPose(i, pose);
      if (body.shape === "circle") {
        ctx.moveTo(pose.x + body.radius, pose.y);
        ctx.arc(pose.x, pose.y, body.radius, 0, 2 * Math.PI);
      } else if (body.shape === "capsule") {
        traceCapsule(ctx, pose.x, pose.y, pose.rotCos, pose.rotSin, body.halfLength, body.radius);
      } else if (body.shape === "polygon") {
        // a turning Box or a Polygon: its vertices placed by the pose (its rounding left out)
        const v = body.vertices;
        for (let k = 0; k < v.length; k += 2) {
          const x = pose.x + pose.rotCos * v[k]! - pose.rotSin * v[k + 1]!;
          const y = pose.y + pose.rotSin * v[k]! + pose.rotCos * v[k + 1]!;
          if (k === 0) ctx.moveTo(x, y);
          else ctx.lineTo(x, y);
        }
        ctx.closePath();
      } else if (body.shape === "box") {
        ctx.rect(pose.x - body.halfWidth, pose.y - body.halfHeight, 2 * body.halfWidth, 2 * body.halfHeight);
      }
    }
    ctx.fillStyle = dynamic ? "#e0a458" : "#4b5568";
    ctx.fill();
  }
  drawn++;
}

// ---- the loop ---------------------------------------------------------------------------------

const worker = new Worker(new URL("./physics.worker.js", import.meta.url), { type: "module" });
WorldWorker.start(worker, scene).then(run, (error: Error) => {
  readout.textContent = `the worker failed to start: ${error.message}`;
  throw error;
});

/** The page's loop and controls, once the worker's world is ready. */
function run(physics: WorldWorker): void {
  resize();
  window.addEventListener("resize", resize);

  let last: number | null = null;
  let fps = 0;
  function frame(now: number): void {
    if (last !== null) {
      const elapsed = Math.min((now - last) / 1000, 0.1); // a hidden tab comes back without a burst of steps
      fps += (1000 / Math.max(1, now - last) - fps) * 0.05;
      if (!paused && physics.error === null) physics.advance(elapsed);
    }
    last = now;
    draw(physics);
    readout.textContent =
      `${physics.count} bodies · step ${physics.stepCount} · ${physics.frames} frames from the worker · ${fps.toFixed(0)} fps` +
      (physics.error ? ` · worker stopped: ${physics.error.message}` : "");
    requestAnimationFrame(frame);
  }
  requestAnimationFrame(frame);

  function setPaused(value: boolean): void {
    paused = value;
    pauseButton.textContent = paused ? "Play" : "Pause";
  }
  setPaused(paused);
  pauseButton.addEventListener("click", () => setPaused(!paused));
  bar.querySelector('[data-test="step"]')!.addEventListener("click", () => {
    setPaused(true);
    void physics.step(1);
  });
  bar.querySelector('[data-test="kick"]')!.addEventListener("click", () => {
    // the ten dynamic bodies nearest the middle of the view get an upward impulse of 5 m/s × their mass
    const near: { id: number; d: number }[] = [];
    for (let i = 0; i < physics.count; i++) {
      if (physics.bodies[i]!.type !== "dynamic") continue;
      physics.getPose(i, pose);
      near.push({ id: physics.bodies[i]!.id, d: Math.abs(pose.x) + Math.abs(pose.y - 5) });
    }
    near.sort((a, b) => a.d - b.d);
    for (const { id } of near.slice(0, 10)) void physics.applyImpulse(id, { x: 0, y: 1.5 });
  });
  canvas.addEventListener("click", (event) => {
    const p = worldPoint(event);
    if (event.shiftKey) void physics.command("explode", p.x, p.y);
    else void physics.add({ shape: "circle", position: p, radius: 0.6, density: 2, restitution: 0.3 });
  });

  window.__workerDemo = {
    physics,
    pause: () => setPaused(true),
    play: () => setPaused(false),
    get paused() {
      return paused;
    },
    async step(n = 1) {
      setPaused(true);
      await physics.step(n);
      return physics.stepCount;
    },
    get drawn() {
      return drawn;
    },
    draw: () => draw(physics),
  };
}
