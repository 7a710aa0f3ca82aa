/**
 * The frame every demo page shares: a full-window canvas, a toolbar (pause,
 * single step, reset, debug layers, the page's own controls), an fps and
 * ms-per-step readout, mouse drag of dynamic bodies, and a camera you can pan
 * (drag empty space) and zoom (mouse wheel).
 *
 * A page describes its scene with a `DemoScene` and calls `runDemo(scene)`.
 *
 * The simulation runs on a fixed time step (`FIXED_DT`, 1/60 s): every
 * animation frame hands the real time that passed to `world.advance()`, the
 * world's own fixed-step accumulator, which takes as many whole steps as fit
 * and returns the interpolation alpha — how far real time has got between the
 * last step and the next. Bodies are drawn at that alpha between their pose
 * at the start of the last step and their pose now (the renderer's `alpha`
 * option, `body.getInterpolatedPose` underneath), so motion is smooth at any
 * display rate while the steps themselves stay fixed and deterministic.
 * Paused, and after `step()`, alpha is 1: the picture is the world as it is.
 *
 * A frame hands `advance()` at most the time it can simulate within
 * `STEP_BUDGET_MS` at the measured cost of a step (at least one step, at most
 * `MAX_STEPS_PER_FRAME`) and drops the rest: when the machine is too slow the
 * simulation runs in slow motion instead of spiralling into ever longer
 * frames.
 *
 * The scene's `beforeStep` / `afterStep` and the mouse drag's update (the
 * target of its mouse joint, see drag.ts) run from the world's `beforeStep`
 * / `afterStep` events, so they see every step, whether `advance()` or
 * `step()` took it.
 *
 * While a body is dragged the world holds one extra body and joint, the
 * mouse joint's (see drag.ts): the readout, `stats().bodies` and
 * `bodyCount()` leave that body out, and the debug drawing that joint.
 *
 * Test hook: every page sets `window.__demo` (see `DemoHook` below) so the
 * browser tests, or you in the devtools console, can pause, step and inspect
 * the simulation: `__demo.pause(); __demo.step(10); __demo.stats()`.
 */
import { World, type Body, type Joint, type Pose, type Vec2 } from "../../src/entries/capsule2d.js";
import { Camera, drawWorld, type DrawOptions } from "../../src/entries/debug.js";
import { Toolbar } from "./toolbar.js";
import { BodyDragger } from "./drag.js";

export type WorldOptions = NonNullable<ConstructorParameters<typeof World>[0]>;

/** The step every demo world takes (its `fixedDt`). */
export const FIXED_DT = 1 / 60;
const MAX_STEPS_PER_FRAME = 4;
const STEP_BUDGET_MS = 10;

export interface DemoScene {
  /** Page title shown in the toolbar. */
  title: string;
  /** One or two sentences: what to look at. */
  description: string;
  /** World options, read again on every reset (so controls can change them); `fixedDt` defaults to FIXED_DT. */
  worldOptions?: () => WorldOptions;
  /** Fill a fresh world with the scene. */
  build(world: World, demo: Demo): void;
  /** World rectangle the camera frames at start. */
  view: { minX: number; minY: number; maxX: number; maxY: number };
  /** Add page-specific controls to the toolbar (called once). */
  controls?(toolbar: Toolbar, demo: Demo): void;
  /** Called before / after each fixed step (from the world's beforeStep / afterStep events). */
  beforeStep?(world: World, demo: Demo): void;
  afterStep?(world: World, demo: Demo): void;
  /** Extra drawing on top of the bodies, in world coordinates (the camera transform is installed). */
  draw?(ctx: CanvasRenderingContext2D, demo: Demo): void;
  /** Initial state of the toolbar's layer toggles (fill, contacts, normals, bounds). */
  layers?: Partial<Pick<DrawOptions, "fill" | "contacts" | "normals" | "bounds">>;
  /** Debug-renderer options merged over the toolbar's layer toggles. */
  drawOptions?(): DrawOptions;
  /** A click (no drag) on empty space, at a world point. */
  onClick?(point: Vec2, demo: Demo): void;
  /** Extra text for the readout. */
  readout?(demo: Demo): string;
  /** Scene facts for tests and the console (plain JSON): what the page claims to show. */
  info?(demo: Demo): Record<string, number | string | boolean>;
  /** The body the browser test drags (default: the highest dynamic body). */
  testBody?(world: World): Body | undefined;
  /** Keys the frame leaves to the page instead of using them itself (e.g. `[" "]`: space jumps instead of pausing). */
  pageKeys?: readonly string[];
}

/** What `window.__demo` offers (plain data only, so tests can read it through page.evaluate). */
export interface DemoHook {
  readonly world: World;
  readonly camera: Camera;
  readonly running: boolean;
  /** Where between the last two steps bodies are drawn (what world.advance() returned; 1 while paused and after step()). */
  readonly alpha: number;
  /** Frames drawn since the page loaded. */
  readonly frames: number;
  pause(): void;
  play(): void;
  /** Take `n` fixed steps now (the mouse drag included), redraw, return world.stepCount. */
  step(n?: number): number;
  reset(): void;
  /** `bodies` is the scene's: the mouse joint's ground body is not counted. */
  stats(): { fps: number; msPerStep: number; msPerDraw: number; bodies: number; stepCount: number; time: number };
  /** Page (client) coordinates of a world point, for page.mouse. */
  worldToClient(p: Vec2): { x: number; y: number };
  /** A dynamic body a test can drag: its id and where it is on the page. */
  dragCandidate(): { id: number; x: number; y: number } | null;
  /** The scene's own facts (see DemoScene.info), e.g. how many bodies are in a sensor. */
  info(): Record<string, number | string | boolean>;
  /** Id of the body the mouse is dragging, or null. */
  dragging(): number | null;
  /** Position and velocity of the body with this id (null if it is gone). */
  bodyState(id: number): { x: number; y: number; vx: number; vy: number } | null;
}

declare global {
  interface Window {
    __demo?: DemoHook;
  }
}

export class Demo {
  world: World;
  readonly camera = new Camera();
  readonly canvas: HTMLCanvasElement;
  readonly ctx: CanvasRenderingContext2D;
  readonly toolbar: Toolbar;
  readonly dragger: BodyDragger;
  /** `?paused` in the page URL starts the demo paused (the browser tests use it). */
  running = !new URLSearchParams(location.search).has("paused");
  frames = 0;
  /** Where between the last two steps the bodies are drawn: see `pose()`. */
  alpha = 1;
  private readonly scratchPose: Pose = { x: 0, y: 0, angle: 0, rotCos: 1, rotSin: 0 };
  private lastTime = -1;
  private fps = 0;
  private fpsFrames = 0;
  private fpsStart = 0;
  private msPerStep = 0;
  private msPerDraw = 0;
  private dirty = true;

  constructor(readonly scene: DemoScene) {
    document.title = `${scene.title} · capsule2d`;
    this.canvas = document.createElement("canvas");
    this.canvas.className = "demo-canvas";
    const ctx = this.canvas.getContext("2d", { alpha: false });
    if (!ctx) throw new Error("Canvas 2D is not available");
    this.ctx = ctx;
    this.toolbar = new Toolbar(scene.title, scene.description, {
      pause: () => (this.running ? this.pause() : this.play()),
      step: () => {
        this.pause();
        this.step(1);
      },
      reset: () => this.reset(),
      changed: () => this.invalidate(),
    }, scene.layers);
    document.body.append(this.toolbar.element, this.canvas);
    this.world = this.makeWorld();
    this.dragger = new BodyDragger(this);
    scene.controls?.(this.toolbar, this);
    this.toolbar.setRunning(this.running);
    this.resize();
    const v = scene.view;
    this.camera.fit(v.minX, v.minY, v.maxX, v.maxY);
    addEventListener("resize", () => this.resize());
    addEventListener("keydown", (e) => {
      const t = e.target;
      if (t instanceof HTMLInputElement || t instanceof HTMLSelectElement || t instanceof HTMLButtonElement) return;
      if (scene.pageKeys?.includes(e.key)) return;
      if (e.key === " ") {
        e.preventDefault();
        if (this.running) this.pause();
        else this.play();
      } else if (e.key === "s") {
        this.pause();
        this.step(1);
      } else if (e.key === "r") {
        this.reset();
      }
    });
    window.__demo = this.hook();
    requestAnimationFrame((t) => this.frame(t));
  }

  private makeWorld(): World {
    const { scene } = this;
    const world = new World({ fixedDt: FIXED_DT, ...scene.worldOptions?.() });
    world.profiling = true; // the HUD shows ms per step, the pipeline lab ms per stage
    world.on("beforeStep", () => {
      scene.beforeStep?.(world, this);
      this.dragger.update();
    });
    world.on("afterStep", () => {
      // Exponential moving average: steady enough to read, quick to follow changes.
      const ms = world.profile.total;
      this.msPerStep = this.msPerStep === 0 ? ms : this.msPerStep * 0.95 + ms * 0.05;
      scene.afterStep?.(world, this);
    });
    scene.build(world, this);
    return world;
  }

  /** Throw the world away and build the scene again (keeps the camera). */
  reset(): void {
    this.dragger.release();
    this.world = this.makeWorld();
    this.alpha = 1;
    this.draw();
  }

  /** Stop; the picture shows the world as it is now (alpha 1). */
  pause(): void {
    this.running = false;
    this.toolbar.setRunning(false);
    this.alpha = 1;
    this.invalidate();
  }

  play(): void {
    this.running = true;
    this.lastTime = -1;
    this.toolbar.setRunning(true);
  }

  /** Take `n` fixed steps now (outside the real-time accumulator) and redraw the world as it is after them. */
  step(n = 1): void {
    const dt = this.world.options.fixedDt;
    for (let i = 0; i < n; i++) this.world.step(dt);
    this.alpha = 1;
    this.draw();
  }

  /**
   * Where `body` is drawn this frame: its pose at `alpha` between the start
   * of the last step and now. For overlays that must stay on the drawn
   * bodies. The result is reused by the next call (pass `out` to keep it).
   */
  pose(body: Body, out: Pose = this.scratchPose): Pose {
    return body.getInterpolatedPose(this.alpha, out);
  }

  private frame(time: number): void {
    requestAnimationFrame((t) => this.frame(t));
    if (this.running) {
      const dt = this.world.options.fixedDt;
      // The first frame after start or play takes one step; later frames the real time since the last one,
      // cut to what fits in the step budget (the rest is dropped: slow motion rather than a spiral).
      const budgetSteps = this.msPerStep > 0 ? Math.ceil(STEP_BUDGET_MS / this.msPerStep) : MAX_STEPS_PER_FRAME;
      const maxElapsed = Math.max(1, Math.min(MAX_STEPS_PER_FRAME, budgetSteps)) * dt;
      const elapsed = this.lastTime < 0 ? dt : Math.min(maxElapsed, (time - this.lastTime) / 1000);
      this.alpha = this.world.advance(elapsed);
    }
    this.lastTime = time;
    // While paused, redraw only when something changed (a step, the camera, a control).
    if (this.running || this.dirty) this.draw();
    this.countFrame(time);
  }

  private countFrame(time: number): void {
    this.frames++;
    this.fpsFrames++;
    if (this.fpsStart === 0) this.fpsStart = time;
    if (time - this.fpsStart >= 500) {
      this.fps = (this.fpsFrames * 1000) / (time - this.fpsStart);
      this.fpsFrames = 0;
      this.fpsStart = time;
      const extra = this.scene.readout?.(this) ?? "";
      this.toolbar.setReadout(
        `${this.fps.toFixed(0)} fps · ${this.msPerStep.toFixed(2)} ms/step · ${this.msPerDraw.toFixed(1)} ms/draw · ` +
          `${this.bodyCount()} bodies${extra ? " · " + extra : ""}`,
      );
    }
  }

  /** The scene's bodies: the world's, less the mouse joint's ground body while dragging. */
  bodyCount(): number {
    const ground = this.dragger.ground;
    return this.world.bodies.length - (ground !== null && ground.world === this.world ? 1 : 0);
  }

  /** For the debug drawing: every joint but the mouse joint (the dragger draws the grab itself). */
  private readonly notMouseJoint = (joint: Joint): boolean => joint !== this.dragger.joint;

  /** Ask for a redraw on the next animation frame (needed only while paused). */
  invalidate(): void {
    this.dirty = true;
  }

  draw(): void {
    this.dirty = false;
    const t0 = performance.now();
    const options: DrawOptions = {
      ...this.toolbar.layers,
      jointVisible: this.notMouseJoint,
      ...this.scene.drawOptions?.(),
      alpha: this.alpha,
    };
    drawWorld(this.ctx, this.world, this.camera, options);
    this.dragger.draw(this.ctx);
    this.scene.draw?.(this.ctx, this);
    const ms = performance.now() - t0;
    this.msPerDraw = this.msPerDraw === 0 ? ms : this.msPerDraw * 0.95 + ms * 0.05;
  }

  private resize(): void {
    const dpr = window.devicePixelRatio || 1;
    const w = this.canvas.clientWidth;
    const h = this.canvas.clientHeight;
    this.canvas.width = Math.round(w * dpr);
    this.canvas.height = Math.round(h * dpr);
    this.camera.resize(w, h, dpr);
    this.draw();
  }

  /**
   * Write `text` at a world point. Text is drawn in screen space: under the
   * y-up camera transform it would come out upside down. Restores the camera.
   */
  label(text: string, p: Vec2, color = "#d8dde6", align: CanvasTextAlign = "center"): void {
    const ctx = this.ctx;
    const s = this.camera.worldToScreen(p);
    const dpr = this.camera.pixelRatio;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.globalAlpha = 1;
    ctx.fillStyle = color;
    ctx.font = "12px system-ui, sans-serif";
    ctx.textAlign = align;
    ctx.textBaseline = "middle";
    ctx.fillText(text, s.x, s.y);
    this.camera.apply(ctx);
  }

  /** The world point under page coordinates (a pointer event's clientX, clientY). */
  clientToWorld(x: number, y: number): Vec2 {
    const r = this.canvas.getBoundingClientRect();
    return this.camera.screenToWorld(x - r.left, y - r.top);
  }

  /** Page coordinates of a world point. */
  worldToClient(p: Vec2): { x: number; y: number } {
    const s = this.camera.worldToScreen(p);
    const r = this.canvas.getBoundingClientRect();
    return { x: r.left + s.x, y: r.top + s.y };
  }

  private hook(): DemoHook {
    const demo = this;
    return {
      get world() {
        return demo.world;
      },
      get camera() {
        return demo.camera;
      },
      get running() {
        return demo.running;
      },
      get alpha() {
        return demo.alpha;
      },
      get frames() {
        return demo.frames;
      },
      pause: () => demo.pause(),
      play: () => demo.play(),
      step: (n = 1) => {
        demo.step(n);
        return demo.world.stepCount;
      },
      reset: () => demo.reset(),
      stats: () => ({
        fps: demo.fps,
        msPerStep: demo.msPerStep,
        msPerDraw: demo.msPerDraw,
        bodies: demo.bodyCount(),
        stepCount: demo.world.stepCount,
        time: demo.world.time,
      }),
      worldToClient: (p) => demo.worldToClient(p),
      dragCandidate: () => {
        const body = demo.scene.testBody?.(demo.world) ?? highestDynamicBody(demo.world);
        if (!body) return null;
        const c = demo.worldToClient(body.position);
        return { id: body.id, x: c.x, y: c.y };
      },
      info: () => demo.scene.info?.(demo) ?? {},
      dragging: () => demo.dragger.body?.id ?? null,
      bodyState: (id) => {
        const b = demo.world.bodies.find((body) => body.id === id);
        return b ? { x: b.position.x, y: b.position.y, vx: b.velocity.x, vy: b.velocity.y } : null;
      },
    };
  }
}

/** The dynamic, non-sensor body whose centre is highest (usually free to be pulled up). */
function highestDynamicBody(world: World): Body | undefined {
  let best: Body | undefined;
  for (const b of world.bodies) {
    if (b.type !== "dynamic" || b.isSensor) continue;
    if (!best || b.position.y > best.position.y) best = b;
  }
  return best;
}

/** Start a demo page. */
export function runDemo(scene: DemoScene): Demo {
  return new Demo(scene);
}
