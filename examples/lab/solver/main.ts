/**
 * Solver lab: a stack under every contact-solver setting the World offers,
 * with live plots of the deepest penetration and the total kinetic energy.
 *
 * What to look for:
 * - sinking: the penetration plot settles above zero (PGS with little
 *   position correction, or a large slop) or the top of the stack creeps down;
 * - jitter: kinetic energy that never reaches zero (no warm starting, few
 *   iterations, a large Baumgarte percent that adds energy);
 * - soft step: sub-steps instead of iterations, and soft contacts that
 *   push out at most `maxContactPushSpeed`.
 *
 * Every control rebuilds the world with the new options (the shared demo
 * frame calls `worldOptions()` again on reset). Sleeping is off by default so
 * that jitter is not hidden by bodies falling asleep.
 */
import { AABB, Capsule, type Body, type World } from "../../../src/entries/capsule2d.js";
import type { Camera } from "../../../src/entries/debug.js";
import { runDemo, type WorldOptions } from "../../shared/demo.js";
import { LivePlot } from "../shared/plot.js";
import { addSidePanel } from "../shared/side-panel.js";

type Solver = "soft-step" | "pgs";
type Correction = "baumgarte" | "projection" | "ngs" | "none";
type StackKind = "box column" | "box pyramid" | "capsule column";

/** Everything a control can change; `worldOptions()` and `build()` read it on every reset. */
const settings = {
  solver: "soft-step" as Solver,
  velocityIterations: 8,
  positionIterations: 3,
  subSteps: 4,
  warmStarting: true,
  positionCorrection: "baumgarte" as Correction,
  percent: 0.2,
  slop: 0.005,
  restitution: 0,
  sleeping: false,
  stack: "box column" as StackKind,
  rows: 10,
};

/** The body on top of the stack and where it started: its drop is the "sinking" readout. */
let top: Body | null = null;
let topStartY = 0;

const BOX = 0.5; // half size of a box, m

function buildStack(world: World): void {
  world.add(AABB.fromBounds({ x: -20, y: -1 }, { x: 20, y: 0 }, { type: "static", label: "ground" }));
  const r = settings.restitution;
  const rows = settings.rows;
  const bodies: Body[] = [];
  switch (settings.stack) {
    case "box column":
      for (let i = 0; i < rows; i++) {
        bodies.push(new AABB({ position: { x: 0, y: BOX + 2 * BOX * i }, halfWidth: BOX, halfHeight: BOX, restitution: r }));
      }
      break;
    case "capsule column":
      for (let i = 0; i < rows; i++) {
        bodies.push(new Capsule({ position: { x: 0, y: 0.25 + 0.5 * i }, halfLength: 0.6, radius: 0.25, restitution: r }));
      }
      break;
    case "box pyramid":
      // Row i has rows − i boxes, each row centred on the one below.
      for (let i = 0; i < rows; i++) {
        for (let j = 0; j < rows - i; j++) {
          const x = (j - (rows - i - 1) / 2) * 2 * BOX;
          bodies.push(new AABB({ position: { x, y: BOX + 2 * BOX * i }, halfWidth: BOX, halfHeight: BOX, restitution: r }));
        }
      }
      break;
  }
  for (const b of bodies) world.add(b);
  top = bodies[bodies.length - 1] ?? null;
  topStartY = top?.position.y ?? 0;
}

/** Frame the whole stack (the camera is sized once the page has laid out; until then the frame's view applies). */
function fitStack(camera: Camera): void {
  if (camera.width <= 1) return;
  const height = settings.stack === "capsule column" ? 0.5 * settings.rows : 2 * BOX * settings.rows;
  const halfWidth = settings.stack === "box pyramid" ? BOX * settings.rows + 1 : 3;
  camera.fit(-halfWidth, -1, halfWidth, height + 1.5);
}

/** Largest penetration depth among the touching, non-sensor pairs (0 when nothing overlaps). */
function maxPenetration(world: World): number {
  let max = 0;
  for (const c of world.contacts) {
    if (c.isSensor) continue;
    for (const p of c.manifold.points) if (p.depth > max) max = p.depth;
  }
  return max;
}

function kineticEnergy(world: World): number {
  let e = 0;
  for (const b of world.bodies) if (b.type === "dynamic") e += b.kineticEnergy;
  return e;
}

const pgsOnly: HTMLInputElement[] = [];
const pgsOnlySelects: HTMLSelectElement[] = [];
const softOnly: HTMLInputElement[] = [];

/** Grey out the controls the chosen solver ignores. */
function updateEnabled(): void {
  const pgs = settings.solver === "pgs";
  for (const c of pgsOnly) c.disabled = !pgs;
  for (const c of pgsOnlySelects) c.disabled = !pgs;
  for (const c of softOnly) c.disabled = pgs;
}

let penetrationPlot: LivePlot | null = null;
let energyPlot: LivePlot | null = null;
let lastPenetration = 0;

const demo = runDemo({
  title: "Solver lab: a stack under every setting",
  description:
    "Change a control and the world is rebuilt with it. Watch the plots: penetration that stays above zero is sinking; " +
    "kinetic energy that never settles is jitter. Drag a body to disturb the stack.",
  view: { minX: -8, minY: -1, maxX: 8, maxY: 11 },
  worldOptions: (): WorldOptions => ({
    solver: settings.solver,
    velocityIterations: settings.velocityIterations,
    positionIterations: settings.positionIterations,
    subSteps: settings.subSteps,
    warmStarting: settings.warmStarting,
    positionCorrection: settings.positionCorrection,
    percent: settings.percent,
    slop: settings.slop,
    sleeping: settings.sleeping,
  }),
  build: (world, d) => {
    buildStack(world);
    fitStack(d.camera);
    penetrationPlot?.clear();
    energyPlot?.clear();
  },
  afterStep: (world) => {
    lastPenetration = maxPenetration(world);
    penetrationPlot?.push(world.time, [lastPenetration * 1000]);
    energyPlot?.push(world.time, [kineticEnergy(world)]);
  },
  draw: () => {
    penetrationPlot?.redraw();
    energyPlot?.redraw();
  },
  readout: (d) => {
    const drop = top && top.world ? (topStartY - top.position.y) * 1000 : 0;
    return `t ${d.world.time.toFixed(1)} s · max penetration ${(lastPenetration * 1000).toFixed(2)} mm · top body dropped ${drop.toFixed(2)} mm`;
  },
  controls: (toolbar, d) => {
    // Contact points on from the start (the toolbar's own toggle still switches them).
    toolbar.layers.contacts = true;
    for (const label of Array.from(toolbar.element.querySelectorAll("label.demo-control"))) {
      const input = label.querySelector("input[type=checkbox]") as HTMLInputElement | null;
      if (input && label.textContent?.trim() === "contacts") input.checked = true;
    }
    const rebuild = () => d.reset();
    const set = <K extends keyof typeof settings>(key: K) => (v: (typeof settings)[K]) => {
      settings[key] = v;
      updateEnabled();
      rebuild();
    };
    toolbar.addSelect<StackKind>("stack", ["box column", "box pyramid", "capsule column"], settings.stack, set("stack"));
    toolbar.addSlider("rows", { min: 1, max: 20, step: 1, value: settings.rows }, set("rows"));
    toolbar.addSelect<Solver>("solver", ["soft-step", "pgs"], settings.solver, set("solver"));
    softOnly.push(toolbar.addSlider("sub-steps", { min: 1, max: 16, step: 1, value: settings.subSteps }, set("subSteps")));
    pgsOnly.push(
      toolbar.addSlider("velocity iterations", { min: 1, max: 50, step: 1, value: settings.velocityIterations }, set("velocityIterations")),
    );
    pgsOnly.push(
      toolbar.addSlider("position iterations", { min: 0, max: 20, step: 1, value: settings.positionIterations }, set("positionIterations")),
    );
    toolbar.addCheckbox("warm starting", settings.warmStarting, set("warmStarting"));
    pgsOnlySelects.push(
      toolbar.addSelect<Correction>("position correction", ["baumgarte", "projection", "ngs", "none"], settings.positionCorrection, set("positionCorrection")),
    );
    pgsOnly.push(
      toolbar.addSlider("percent", { min: 0, max: 1, step: 0.05, value: settings.percent, format: (v) => v.toFixed(2) }, set("percent")),
    );
    pgsOnly.push(
      toolbar.addSlider(
        "slop",
        { min: 0, max: 0.05, step: 0.001, value: settings.slop, format: (v) => `${(v * 1000).toFixed(0)} mm` },
        set("slop"),
      ),
    );
    toolbar.addSlider(
      "restitution",
      { min: 0, max: 1, step: 0.05, value: settings.restitution, format: (v) => v.toFixed(2) },
      set("restitution"),
    );
    toolbar.addCheckbox("sleeping", settings.sleeping, set("sleeping"));
    updateEnabled();
  },
});

const side = addSidePanel(demo);
fitStack(demo.camera);
const plotBox = (name: string) => {
  const box = document.createElement("div");
  box.className = "plot";
  box.dataset.plot = name;
  side.append(box);
  return box;
};
penetrationPlot = new LivePlot(plotBox("penetration"), {
  title: "Maximum penetration",
  unit: "mm",
  series: [{ label: "deepest contact", color: "#d1495b" }],
  maxSamples: 1800,
});
energyPlot = new LivePlot(plotBox("energy"), {
  title: "Total kinetic energy",
  unit: "J",
  series: [{ label: "½mv² + ½Iω²", color: "#2e86de" }],
  maxSamples: 1800,
});
const help = document.createElement("p");
help.className = "muted";
help.textContent =
  "soft-step: sub-steps and soft contacts (stiffness contactHertz, damping ratio), a relax pass and a restitution pass. " +
  "pgs: sequential impulses for velocityIterations, then position correction: baumgarte feeds a bias velocity " +
  "(percent × (depth − slop) / dt) into the impulses and can add energy; projection moves bodies apart directly; " +
  "ngs re-solves positions positionIterations times.";
side.append(help);

/** Test hook for the lab's own data (the frame's `window.__demo` drives the simulation). */
(window as unknown as { __solverLab: unknown }).__solverLab = {
  settings,
  penetration: { times: penetrationPlot.times, values: penetrationPlot.values },
  energy: { times: energyPlot.times, values: energyPlot.values },
  /** Change settings and rebuild, as the controls do: `__solverLab.apply({ solver: "pgs" })`. */
  apply(changes: Partial<typeof settings>) {
    Object.assign(settings, changes);
    updateEnabled();
    demo.reset();
  },
};
