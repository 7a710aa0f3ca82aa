/**
 * Pipeline stepper: pause, step one frame, and see what that step produced.
 *
 * The side panel lists the stages of one `world.step()` from the library's
 * own table, `STEP_STAGES` (name, title, summary, source file), in the order
 * the step runs them, each with its time in the last step from
 * `world.profile`. Above them, the step's data, copied out of the world right
 * after the step (frame-data.ts):
 *   broadphase pairs: `world.broadphasePairs`, the candidate pairs of the awake
 *     contacts — pairs whose broadphase boxes (grown by the speculative
 *     distance, swept over the body's motion) overlap;
 *   manifolds: each touching pair's normal, depth and points, from the
 *     narrowphase, which runs at the END of the step: they describe the bodies
 *     where they are after it, and are what the next step will solve;
 *   impulses: each contact point's normal and friction impulses, the totals
 *     this step's solver applied (carried to the new points by feature id).
 * Drawn on the canvas and listed in the side table, one row per contact point.
 *
 * Drawing key: blue boxes = bounding boxes; blue dashed lines = broadphase
 * pairs (centre to centre); yellow squares = contact points; red = normals
 * (longer when deeper); white arrows = normal impulse; green arrows = friction
 * (tangent) impulse, along t = (n.y, −n.x). Numbers match the table's "#".
 */
import { AABB, Capsule, Circle, STEP_STAGES, type World } from "../../../src/entries/capsule2d.js";
import { runDemo } from "../../shared/demo.js";
import { addSidePanel } from "../shared/side-panel.js";
import { captureFrame, type FrameData } from "./frame-data.js";

/** Metres of arrow per N·s of impulse. */
let impulseScale = 4;

let frame: FrameData | null = null;

function buildScene(world: World): void {
  world.add(AABB.fromBounds({ x: -6, y: -1 }, { x: 6, y: 0 }, { type: "static", label: "ground" }));
  world.add(new AABB({ position: { x: -1.5, y: 0.5 }, halfWidth: 0.5, halfHeight: 0.5, label: "box" }));
  world.add(new Capsule({ position: { x: -1.2, y: 1.9 }, halfLength: 0.8, radius: 0.25, angle: 0.35, label: "capsule" }));
  world.add(new Circle({ position: { x: 1.2, y: 0.4 }, radius: 0.4, velocity: { x: -1, y: 0 }, label: "ball" }));
  world.add(new Circle({ position: { x: 1.6, y: 2.2 }, radius: 0.3, label: "small ball" }));
}

// The side panel's contents exist before the demo frame starts (it draws, and so renders the table, at once).
const tableBox = document.createElement("div");
tableBox.dataset.test = "pipeline-table";
// The stages of a step, from the library's own table; the "ms" cells are filled from world.profile after each step.
const stagesBox = document.createElement("div");
stagesBox.dataset.test = "pipeline-stages";
stagesBox.innerHTML =
  `<h2>The stages of one step</h2>` +
  `<p class="muted">What <code>world.step()</code> runs, in this order (the library's <code>STEP_STAGES</code>), ` +
  `with the milliseconds each took in the last step (<code>world.profile</code>). The narrowphase runs at the end: ` +
  `the contacts, the events and the tables above describe the bodies where they are after the step, and the next ` +
  `step solves those contacts. docs/guide.md in the repository walks through the step in detail; ` +
  `<a href="manifold/">a polygon manifold, step by step</a> opens up the narrowphase of two polygons.</p>` +
  `<table data-table="stages"><tr><th>#</th><th class="left">stage</th><th class="left">what it does</th>` +
  `<th class="left">source</th><th>ms</th></tr>` +
  STEP_STAGES.map(
    (stage, i) =>
      `<tr><td>${i}</td><td class="left"><b>${escapeHtml(stage.title)}</b><br><code>${stage.name}</code></td>` +
      `<td class="left wrap">${escapeHtml(stage.summary)}</td><td class="left wrap"><code>${escapeHtml(stage.source)}</code></td>` +
      `<td data-stage="${stage.name}">–</td></tr>`,
  ).join("") +
  `<tr><td></td><td class="left"><b>whole step</b></td><td></td><td></td><td data-stage="total">–</td></tr></table>`;
const stageCells = new Map(Array.from(stagesBox.querySelectorAll<HTMLElement>("td[data-stage]"), (td) => [td.dataset.stage!, td]));

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

let renderedStep = -1;

const name = (world: World, id: number) => {
  const b = world.bodies.find((body) => body.id === id);
  return b ? `${b.label || "body"} #${id}` : `#${id}`;
};

const demo = runDemo({
  title: "Pipeline stepper: one step, stage by stage",
  description:
    "Paused at the start: press Step and read what the broadphase, the narrowphase and the solver did in that step. " +
    "Drag a body, then step again.",
  view: { minX: -4, minY: -0.8, maxX: 4, maxY: 3.2 },
  worldOptions: () => ({ sleeping: false }),
  build: (world) => {
    buildScene(world);
    frame = captureFrame(world);
    renderedStep = -1;
    renderTable(world);
  },
  afterStep: (world) => {
    frame = captureFrame(world);
  },
  draw: (ctx, d) => {
    drawFrame(ctx, d);
    drawLabels(ctx, d);
    renderTable(d.world);
  },
  controls: (toolbar) => {
    // Bounding boxes, contact points and normals on from the start (the toolbar's toggles still switch them).
    toolbar.layers.bounds = true;
    toolbar.layers.contacts = true;
    toolbar.layers.normals = true;
    for (const input of Array.from(toolbar.element.querySelectorAll<HTMLInputElement>("label.demo-control input[type=checkbox]"))) {
      input.checked = true;
    }
    toolbar.addSlider(
      "impulse arrows",
      { min: 0.5, max: 10, step: 0.5, value: impulseScale, format: (v) => `${v} m per N·s` },
      (v) => (impulseScale = v),
    );
  },
});
demo.pause();
addSidePanel(demo).append(tableBox, stagesBox);

// ---- canvas --------------------------------------------------------------------------------

/** Pairs and impulses, in world coordinates (the camera transform is installed). */
function drawFrame(ctx: CanvasRenderingContext2D, d: typeof demo): void {
  if (!frame) return;
  const px = 1 / d.camera.scale;
  const byId = new Map(d.world.bodies.map((b) => [b.id, b]));
  ctx.lineWidth = 1.5 * px;
  ctx.setLineDash([5 * px, 4 * px]);
  ctx.strokeStyle = "#6f8cff";
  ctx.beginPath();
  for (const p of frame.pairs) {
    const a = byId.get(p.a);
    const b = byId.get(p.b);
    if (!a || !b) continue;
    // From centre to centre where the bodies are drawn (the same as now while paused).
    const pa = d.pose(a);
    ctx.moveTo(pa.x, pa.y);
    const pb = d.pose(b);
    ctx.lineTo(pb.x, pb.y);
  }
  ctx.stroke();
  ctx.setLineDash([]);
  for (const c of frame.contacts) {
    if (c.isSensor) continue;
    const { x: nx, y: ny } = c.normal;
    for (const p of c.points) {
      // Impulses act on B along +n (and on A along −n): draw them from the point, as felt by B.
      arrow(ctx, p.x, p.y, nx * p.normalImpulse * impulseScale, ny * p.normalImpulse * impulseScale, "#ffffff", px);
      arrow(ctx, p.x, p.y, ny * p.tangentImpulse * impulseScale, -nx * p.tangentImpulse * impulseScale, "#5fd38d", px);
    }
  }
}

function arrow(ctx: CanvasRenderingContext2D, x: number, y: number, dx: number, dy: number, color: string, px: number): void {
  const len = Math.hypot(dx, dy);
  if (len < 2 * px) return;
  const ux = dx / len;
  const uy = dy / len;
  const head = Math.min(8 * px, len / 2);
  ctx.strokeStyle = color;
  ctx.beginPath();
  ctx.moveTo(x, y);
  ctx.lineTo(x + dx, y + dy);
  ctx.lineTo(x + dx - head * (ux - 0.5 * uy), y + dy - head * (uy + 0.5 * ux));
  ctx.moveTo(x + dx, y + dy);
  ctx.lineTo(x + dx - head * (ux + 0.5 * uy), y + dy - head * (uy - 0.5 * ux));
  ctx.stroke();
}

/** Row numbers next to each contact point, in screen pixels so the text is upright. */
function drawLabels(ctx: CanvasRenderingContext2D, d: typeof demo): void {
  if (!frame) return;
  const ratio = d.camera.pixelRatio;
  ctx.save();
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.font = "12px system-ui, sans-serif";
  ctx.fillStyle = "#ffe14d";
  let row = 0;
  for (const c of frame.contacts) {
    for (const p of c.points) {
      row++;
      const s = d.camera.worldToScreen(p);
      ctx.fillText(String(row), s.x + 5, s.y - 5);
    }
  }
  ctx.restore();
  d.camera.apply(ctx);
}

// ---- table ---------------------------------------------------------------------------------

/** Rebuild the table when a new step has been captured. */
function renderTable(world: World): void {
  if (!frame || frame.stepCount === renderedStep) return;
  renderedStep = frame.stepCount;
  const f = frame;
  for (const [name, td] of stageCells) {
    td.textContent = f.stepCount === 0 ? "–" : f.profile[name as keyof FrameData["profile"]].toFixed(3);
  }
  const fmt = (v: number, digits = 4) => v.toFixed(digits);
  let html = `<h2>Step ${f.stepCount} · t = ${f.time.toFixed(3)} s</h2>`;
  html += `<p class="muted">The state after the step: contacts are found at its end, for the bodies where they are now.</p>`;
  html += `<h2>Broadphase: ${f.pairs.length} pair${f.pairs.length === 1 ? "" : "s"}</h2>`;
  html += `<table data-table="pairs"><tr><th class="left">body A</th><th class="left">body B</th><th class="left">narrowphase</th></tr>`;
  for (const p of f.pairs) {
    html += `<tr><td class="left">${name(world, p.a)}</td><td class="left">${name(world, p.b)}</td>` +
      `<td class="left">${p.touching ? "manifold" : "apart (boxes only)"}</td></tr>`;
  }
  html += `</table>`;
  const points = f.contacts.reduce((n, c) => n + c.points.length, 0);
  html += `<h2>Manifolds and impulses: ${f.contacts.length} contact${f.contacts.length === 1 ? "" : "s"}, ${points} point${points === 1 ? "" : "s"}</h2>`;
  html +=
    `<table data-table="contacts"><tr><th>#</th><th class="left">A → B</th><th>normal</th>` +
    `<th>point (x, y)</th><th>depth mm</th><th>id</th><th>λn</th><th>λt</th></tr>`;
  const mm = (v: number) => (v * 1000).toFixed(2);
  let row = 0;
  for (const c of f.contacts) {
    c.points.forEach((p, i) => {
      row++;
      html += `<tr><td>${row}</td>`;
      if (i === 0) {
        const span = c.points.length;
        html +=
          `<td class="left" rowspan="${span}">${name(world, c.a)} → ${name(world, c.b)}${c.isSensor ? " (sensor)" : ""}</td>` +
          `<td rowspan="${span}">(${fmt(c.normal.x, 2)}, ${fmt(c.normal.y, 2)})</td>`;
      }
      html +=
        `<td>(${fmt(p.x, 2)}, ${fmt(p.y, 2)})</td><td>${mm(p.depth)}</td><td>${p.id}</td>` +
        `<td>${fmt(p.normalImpulse)}</td><td>${fmt(p.tangentImpulse)}</td></tr>`;
    });
  }
  html +=
    `</table><p class="muted">Depth &gt; 0 is overlap, &lt; 0 a gap (a speculative contact: the solver lets the bodies ` +
    `close it and no more). "id" is the feature id that matches a point to last step's point for warm starting. ` +
    `λn and λt are the normal and friction (tangent) impulses, N·s, that this step's solver applied (its total over the sub-steps, ` +
    `carried to the new point with the same id); the normal impulse is never negative ` +
    `(contacts push, never pull) and friction stays within μ × normal. The next step starts its solver from them (warm starting).</p>`;
  tableBox.innerHTML = html;
}

/** Test hook: the captured data of the last step. */
(window as unknown as { __pipeline: unknown }).__pipeline = {
  get frame() {
    return frame;
  },
};
