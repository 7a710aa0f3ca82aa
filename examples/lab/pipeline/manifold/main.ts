/**
 * A polygon manifold, step by step: two polygons (boxes, rounded boxes,
 * regular and irregular polygons) that you drag and turn, and how capsule2d's
 * narrowphase builds their contact manifold, one stage at a time:
 *
 *   1. candidate axes: every edge normal of both cores, with the separation
 *      of the cores along it (min over the other core's vertices of
 *      n · (vertex − edge start)); an axis that separates them by more than
 *      the radii plus the margin ends the search: no contact;
 *   2. the reference face: the axis of largest separation; with the cores
 *      overlapping its normal is the contact normal and the depth is
 *      rA + rB − separation; with them apart, the exact distance between the
 *      cores (from that face, or from the closest pair of features);
 *   3. the incident face (the other shape's face turned most against the
 *      normal) clipped against the reference face's side planes, and the
 *      reference face against the incident face's: the stretch where the
 *      two faces face each other;
 *   4. the speculative margin: points up to `margin` apart still count,
 *      with a negative depth (the solver lets the gap close, no more);
 *   5. the manifold: 1–2 points midway between the surfaces, each with its
 *      depth and feature id (what warm starting matches from step to step).
 *
 * Every number shown comes from the engine: `traceManifold`
 * (src/collision/narrowphase/manifold-trace.ts) runs `collide(a, b, margin)`
 * with a recorder attached to the hull routine (hull-hull.ts) and returns
 * what it computed and decided with. The page only draws it. docs/guide.md,
 * "Polygons: separating axes and clipping", explains the algorithm.
 *
 * Mouse: drag a shape to move it, turn the wheel over it to rotate it (or use
 * the angle sliders). Test hook: `window.__manifoldLab` (bottom of the file).
 */
import { Box, Polygon, World, collide, type Body, type Manifold, type Vec2 } from "../../../../src/entries/capsule2d.js";
import { Camera, drawBody } from "../../../../src/entries/debug.js";
import { hullFeatureName, traceManifold, type ManifoldTrace, type TracedAxis, type TracedHull } from "../../../../src/collision/narrowphase/manifold-trace.js";
import { button, el, fitCanvas, select, slider } from "../../shared/controls.js";

// ---- shapes --------------------------------------------------------------------------------

type ShapeName = "box" | "rounded-box" | "pentagon" | "rounded-hexagon" | "triangle";

interface Pose {
  x: number;
  y: number;
  angle: number;
}

/** Each shape, made at a pose with `extra` added to its rounding radius (extra > 0: the margin's outline). */
const SHAPES: Record<ShapeName, { label: string; make: (p: Pose, extra: number) => Body }> = {
  box: {
    label: "Box",
    make: (p, extra) => new Box({ halfWidth: 0.9, halfHeight: 0.45, radius: extra, position: p, angle: p.angle }),
  },
  "rounded-box": {
    label: "Box, rounded (radius 0.15)",
    make: (p, extra) => new Box({ halfWidth: 0.7, halfHeight: 0.35, radius: 0.15 + extra, position: p, angle: p.angle }),
  },
  pentagon: {
    label: "Polygon.regular(5)",
    make: (p, extra) => Polygon.regular(5, 0.75, { radius: extra, position: p, angle: p.angle }),
  },
  "rounded-hexagon": {
    label: "Polygon.regular(6), rounded (radius 0.12)",
    make: (p, extra) => Polygon.regular(6, 0.6, { radius: 0.12 + extra, position: p, angle: p.angle }),
  },
  triangle: {
    label: "Polygon (a triangle)",
    make: (p, extra) =>
      new Polygon({ vertices: [{ x: -0.8, y: -0.45 }, { x: 0.95, y: -0.3 }, { x: -0.15, y: 0.75 }], radius: extra, position: p, angle: p.angle }),
  },
};

const STAGES = [
  { key: "axes", title: "Candidate axes" },
  { key: "reference", title: "Reference face and depth" },
  { key: "clip", title: "Incident face and clipping" },
  { key: "margin", title: "Speculative margin" },
  { key: "points", title: "The manifold" },
] as const;

const COLOR_A = "#e0a458";
const COLOR_B = "#6fa8ff";
const COLOR_REF = "#ffb25e";
const COLOR_INC = "#5fe0e0";
const COLOR_POINT = "#ffe14d";
const COLOR_SEPARATES = "#7be0a4";

// ---- state ---------------------------------------------------------------------------------

const world = new World({ gravity: { x: 0, y: 0 } }); // never stepped: it holds the shapes for picking (queryPoint)
const shapeNames: [ShapeName, ShapeName] = ["box", "pentagon"];
/**
 * The start: the pentagon resting on the box, turned 0.03 rad from it, its bottom face 2 cm into the box's top
 * (box turned 0.1 rad; in the box's frame the pentagon sits at (0.3, 0.45 + apothem − 0.02), apothem 0.75·cos 36°).
 */
const START_B = (() => {
  const c = Math.cos(0.1);
  const s = Math.sin(0.1);
  const lx = 0.3;
  const ly = 0.45 + 0.75 * Math.cos(Math.PI / 5) - 0.02;
  return { x: c * lx - s * ly, y: s * lx + c * ly, angle: 0.13 };
})();
const bodies: [Body, Body] = [add(SHAPES[shapeNames[0]].make({ x: 0, y: 0, angle: 0.1 }, 0)), add(SHAPES[shapeNames[1]].make(START_B, 0))];
let margin = 0.02;
let stage = 0;
/** The axis row the mouse is over (index into trace.axes), or -1: then the reference axis is drawn. */
let hoverAxis = -1;
let trace: ManifoldTrace = traceManifold(bodies[0], bodies[1], margin);
/** Bumped whenever the displayed manifold changes (the browser test waits on it). */
let revision = 0;

function add(body: Body): Body {
  return world.add(body);
}

function poseOf(b: Body): Pose {
  return { x: b.position.x, y: b.position.y, angle: b.angle };
}

function setShape(which: 0 | 1, name: ShapeName): void {
  const pose = poseOf(bodies[which]);
  world.remove(bodies[which]);
  shapeNames[which] = name;
  bodies[which] = add(SHAPES[name].make(pose, 0));
  update();
}

function setPose(which: 0 | 1, pose: Partial<Pose>): void {
  const b = bodies[which];
  if (pose.x !== undefined || pose.y !== undefined) b.setPosition({ x: pose.x ?? b.position.x, y: pose.y ?? b.position.y });
  if (pose.angle !== undefined) b.setAngle(pose.angle);
  update();
}

/** Trace the pair again and redraw everything. */
function update(): void {
  trace = traceManifold(bodies[0], bodies[1], margin);
  revision++;
  for (const which of [0, 1] as const) {
    // the slider and its readout follow the shape (the wheel and setPose turn it too)
    const degrees = Math.round((bodies[which].angle * 180) / Math.PI);
    angleSliders[which].value = String(degrees);
    const shown = angleSliders[which].nextElementSibling;
    if (shown !== null) shown.textContent = `${degrees}°`;
  }
  renderPanel();
  requestDraw();
}

// ---- page ----------------------------------------------------------------------------------

const app = document.getElementById("app")!;
const about = el(app, "p", "about");
about.innerHTML =
  "How <code>collide()</code> builds the contact manifold of two convex polygons, as capsule2d's narrowphase does it " +
  "(<code>src/collision/narrowphase/hull-hull.ts</code>): separating axes, the reference face, clipping, the " +
  "speculative margin and the feature ids. Drag a shape to move it; turn the mouse wheel over it to rotate it. " +
  "Every number on the page is the engine's own, recorded while it ran.";

const controls = el(app, "div", "controls");
const choices = (Object.keys(SHAPES) as ShapeName[]).map((value) => ({ value, label: SHAPES[value].label }));
select(controls, { label: "A", id: "shape-a", choices, value: shapeNames[0], onChange: (v) => setShape(0, v) });
select(controls, { label: "B", id: "shape-b", choices, value: shapeNames[1], onChange: (v) => setShape(1, v) });
const angleSliders = ([0, 1] as const).map((which) =>
  slider(controls, {
    label: which === 0 ? "angle A" : "angle B",
    id: which === 0 ? "angle-a" : "angle-b",
    min: -180,
    max: 180,
    step: 1,
    value: Math.round((bodies[which].angle * 180) / Math.PI),
    format: (v) => `${v}°`,
    onChange: (v) => setPose(which, { angle: (v * Math.PI) / 180 }),
  }),
) as [HTMLInputElement, HTMLInputElement];
slider(controls, {
  label: "margin",
  id: "margin",
  min: 0,
  max: 0.3,
  step: 0.01,
  value: margin,
  format: (v) => `${v.toFixed(2)} m`,
  onChange: (v) => {
    margin = v;
    update();
  },
});

const stageBar = el(app, "div", "controls stage-buttons");
button(stageBar, "◀ back", "stage-back", () => setStage(stage - 1));
const stageButtons = STAGES.map((s, i) => button(stageBar, `${i + 1}. ${s.title}`, `stage-${s.key}`, () => setStage(i)));
button(stageBar, "next ▶", "stage-next", () => setStage(stage + 1));

const main = el(app, "div", "manifold-main");
const canvas = el(main, "canvas") as HTMLCanvasElement;
canvas.dataset.test = "manifold-canvas";
const ctx = canvas.getContext("2d")!;
const side = el(main, "div", "manifold-side");
const stagePanel = el(side, "div", "panel");
stagePanel.dataset.test = "stage-panel";
const resultPanel = el(side, "div", "panel");
resultPanel.dataset.test = "manifold-panel";

function setStage(i: number): void {
  stage = Math.max(0, Math.min(STAGES.length - 1, i));
  hoverAxis = -1;
  renderPanel();
  requestDraw();
}

// ---- side panel ----------------------------------------------------------------------------

const f = (v: number, digits = 4) => (Object.is(v, -0) ? 0 : v).toFixed(digits);
const mm = (v: number) => `${f(v * 1000, 2)} mm`;
const vec = (v: Vec2, digits = 3) => `(${f(v.x, digits)}, ${f(v.y, digits)})`;
const axisName = (x: TracedAxis) => `${x.owner}'s edge ${x.edge}`;

function stageText(): string {
  const t = trace;
  const ref = t.reference;
  switch (STAGES[stage]!.key) {
    case "axes": {
      let html =
        `<p>Each shape is a convex <b>core</b> swept by a radius (0 for a sharp polygon; A: ${f(t.hullA!.radius, 2)} m, ` +
        `B: ${f(t.hullB!.radius, 2)} m). For convex cores the only directions that can separate them are the edge ` +
        `normals of both. Along A's edge i (normal n, from vertex a<sub>i</sub>) the cores are ` +
        `<code>min over B's vertices of n · (b<sub>j</sub> − a<sub>i</sub>)</code> apart, and likewise for B's edges. ` +
        `An axis that separates them by at least rA + rB + margin = ${mm(t.radius + t.margin)} stops the search. ` +
        `Hover a row to draw that axis.</p>`;
      html += `<table data-table="axes"><tr><th class="left">axis</th><th>normal</th><th>separation</th><th>deepest vertex</th><th class="left"></th></tr>`;
      t.axes.forEach((x, i) => {
        const isRef = ref !== null && ref.owner === x.owner && ref.edge === x.edge;
        const stops = t.separatingAxis === x;
        const cls = stops ? "separates" : isRef ? "reference" : "";
        html +=
          `<tr data-axis="${i}" class="${cls}"><td class="left">${axisName(x)}</td><td>${vec(x.normal)}</td>` +
          `<td data-value="${x.separation}">${mm(x.separation)}</td><td>${x.owner === "A" ? "B" : "A"}'s ${x.vertex}</td>` +
          `<td class="left">${stops ? "separates: stop, no contact" : isRef ? "largest: reference" : ""}</td></tr>`;
      });
      html += `</table>`;
      const untried = t.hullA!.normals.length + t.hullB!.normals.length - t.axes.length;
      if (untried > 0) html += `<p class="muted">${untried} more axes were not needed.</p>`;
      return html;
    }
    case "reference": {
      if (t.separatingAxis !== null) return `<p>${axisName(t.separatingAxis)} separates the shapes: no reference face, no manifold.</p>`;
      if (ref === null) return `<p>No reference face.</p>`;
      let html =
        `<p>The <b>reference face</b> is the axis of largest separation: <b>${axisName(ref)}</b>, ` +
        `separation ${mm(ref.separation)} (ties go to A, then to the lower index). `;
      if (t.apart === null) {
        html +=
          `The cores overlap (or touch), and for two convex shapes the smallest overlap over these axes is the exact ` +
          `minimum translation distance: the normal is that face's, and the depth is rA + rB − separation = ` +
          `${mm(t.radius)} − (${mm(ref.separation)}) = <b>${mm(t.radius - ref.separation)}</b>.</p>`;
      } else {
        html +=
          `The cores are apart: the depth is rA + rB − d, with d their exact distance. ` +
          (t.apart.via === "face"
            ? `The deepest vertex lies over the reference face, so d is that separation: the face and the vertex are the closest pair.`
            : `The deepest vertex lies beside the reference face, so the closest pair is searched among every vertex against every edge ` +
              `(and vertex against vertex): ${hullFeatureName(t.apart.features[0])} of A and ${hullFeatureName(t.apart.features[1])} of B.`) +
          ` d = ${mm(t.apart.distance)}, depth = ${mm(t.radius)} − ${mm(t.apart.distance)} = <b>${mm(t.radius - t.apart.distance)}</b>.</p>`;
      }
      if (t.beyondMargin !== null) html += `<p>That depth is below −margin (${mm(-t.margin)}): no manifold.</p>`;
      return html;
    }
    case "clip": {
      const c = t.clip;
      if (c === null) return `<p>No clip: ${t.manifold === null ? "there is no contact." : "one of the shapes has no face."}</p>`;
      const inc = c.reference === "A" ? "B" : "A";
      let html =
        `<p>The faces that meet: A's edge ${c.faceA} (its normal closest to n) and B's edge ${c.faceB} (closest to −n). ` +
        `<b>Reference</b>: ${c.reference}'s; <b>incident</b>: ${inc}'s. Both are measured along the tangent ` +
        `t = (−n.y, n.x) = ${vec(c.tangent)}: the incident face is clipped to the reference face's side planes ` +
        `(the lines through its ends along n), and the reference face to the incident face's, which is the same as ` +
        `keeping the stretch of t where both faces lie. capsule2d does not pick one shape to clip against the other, ` +
        `so nothing flips from frame to frame when two boxes rest face on face.</p>`;
      if (c.ends === 0) {
        html +=
          `<p><b>No clip</b>: a face tilts more than about 5.7° from the tangent, the faces do not face each other, or ` +
          `the deeper end of the stretch falls short of the depth. One point instead, at the deepest features.</p>`;
      } else {
        html += `<p>${c.ends === 1 ? "The stretch is (nearly) a point: one point, halfway along it." : "The stretch has two ends (white on the canvas)."} ` +
          `At each end, the point midway between the two surfaces and its depth:</p>`;
        html += `<table data-table="clip"><tr><th>end</th><th>point</th><th>depth</th></tr>`;
        c.points.forEach((p, i) => (html += `<tr><td>${i === 0 ? "low" : "high"}</td><td>${vec(p)}</td><td>${mm(p.depth)}</td></tr>`));
        html += `</table>`;
      }
      return html;
    }
    case "margin": {
      let html =
        `<p>The <b>speculative margin</b> (${mm(t.margin)}; a world uses its <code>speculativeDistance</code>, ` +
        `0.02 m by default, grown with speed): shapes up to that far apart still get a manifold, with a negative depth, ` +
        `so the solver can stop them as they close the gap instead of after they overlap. The dashed outline is B ` +
        `grown by the margin. `;
      const c = t.clip;
      if (c !== null && c.ends === 2) {
        html +=
          `Of the two clipped ends the deeper is always kept; the other only if its depth is above −margin.</p>` +
          `<table data-table="margin"><tr><th>end</th><th>depth</th><th class="left"></th></tr>`;
        c.points.forEach((p, i) => {
          const kept = t.manifold !== null && t.manifold.points.some((q) => q.x === p.x && q.y === p.y);
          html += `<tr><td>${i === 0 ? "low" : "high"}</td><td class="${kept ? "" : "dropped"}">${mm(p.depth)}</td><td class="left">${kept ? "kept" : "dropped"}</td></tr>`;
        });
        html += `</table>`;
      } else {
        html += `</p>`;
      }
      if (t.separatingAxis !== null) html += `<p>Here an axis separates the cores by more than rA + rB + margin: nothing within reach.</p>`;
      if (t.beyondMargin !== null) html += `<p>Here the shapes are ${mm(-t.beyondMargin)} apart: beyond the margin.</p>`;
      return html;
    }
    case "points":
      return (
        `<p>The manifold: the normal n from A to B, the depth (moving B by n × depth separates the shapes), and ` +
        `1 or 2 points midway between the surfaces. A point's <b>feature id</b> packs which features made it ` +
        `(clip end × 256 + A's feature × 16 + B's feature; edge i = i, vertex i = 8 + i, clip end low 1, high 2): ` +
        `the same features give the same id next step, and the contact carries last step's impulses over to the ` +
        `point with that id (<b>warm starting</b>).</p>`
      );
  }
}

function renderPanel(): void {
  stageButtons.forEach((b, i) => b.classList.toggle("current", i === stage));
  stagePanel.innerHTML = `<h2>Stage ${stage + 1} of ${STAGES.length}: ${STAGES[stage]!.title}</h2>` + stageText();
  for (const row of Array.from(stagePanel.querySelectorAll<HTMLElement>("tr[data-axis]"))) {
    row.addEventListener("mouseenter", () => {
      hoverAxis = Number(row.dataset.axis);
      row.classList.add("hover");
      requestDraw();
    });
    row.addEventListener("mouseleave", () => {
      hoverAxis = -1;
      row.classList.remove("hover");
      requestDraw();
    });
  }
  resultPanel.innerHTML = manifoldTable(trace.manifold);
}

/** The manifold as collide() returned it; every number also in full in data-value (the browser test reads those). */
function manifoldTable(m: Manifold | null): string {
  const head = `<h2>collide(a, b, ${f(margin, 2)}) <span class="muted">(revision ${revision})</span></h2>`;
  if (m === null) return head + `<p data-test="no-manifold">null: no contact within the margin.</p>`;
  let html =
    head +
    `<table data-table="manifold" data-revision="${revision}"><tr><th class="left"></th><th>x</th><th>y</th><th>depth</th><th>id</th><th class="left">features (A, B, end)</th></tr>` +
    `<tr data-row="normal"><td class="left">normal</td><td data-value="${m.normal.x}">${f(m.normal.x)}</td>` +
    `<td data-value="${m.normal.y}">${f(m.normal.y)}</td><td data-value="${m.depth}">${mm(m.depth)}</td><td></td><td></td></tr>`;
  m.points.forEach((p, i) => {
    const end = p.id >> 8;
    html +=
      `<tr data-row="point"><td class="left">point ${i + 1}</td><td data-value="${p.x}">${f(p.x)}</td><td data-value="${p.y}">${f(p.y)}</td>` +
      `<td data-value="${p.depth}">${mm(p.depth)}</td><td data-value="${p.id}">${p.id}</td>` +
      `<td class="left">${hullFeatureName((p.id >> 4) & 15)}, ${hullFeatureName(p.id & 15)}${end === 0 ? "" : end === 1 ? ", low" : ", high"}</td></tr>`;
  });
  return html + `</table>`;
}

// ---- canvas --------------------------------------------------------------------------------

const camera = new Camera({ scale: 150 });
let drawPending = false;

function requestDraw(): void {
  if (drawPending) return;
  drawPending = true;
  requestAnimationFrame(() => {
    drawPending = false;
    draw();
  });
}

function draw(): void {
  const { width, height, ratio } = fitCanvas(canvas);
  camera.resize(width, height, ratio);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = "#10131a";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  camera.apply(ctx);
  const px = 1 / camera.scale;
  const t = trace;
  const key = STAGES[stage]!.key;

  drawBody(ctx, bodies[0], camera, COLOR_A, 0.22, 1.5);
  drawBody(ctx, bodies[1], camera, COLOR_B, 0.22, 1.5);
  if (key === "margin") {
    // B grown by the margin, made by the engine's own shape with the radius + margin
    const ghost = SHAPES[shapeNames[1]].make(poseOf(bodies[1]), t.margin);
    ctx.setLineDash([6 * px, 5 * px]);
    drawBody(ctx, ghost, camera, COLOR_B, 0, 1);
    ctx.setLineDash([]);
  }
  // the cores (thin), with edge and vertex numbers
  drawCore(t.hullA!, COLOR_A, px);
  drawCore(t.hullB!, COLOR_B, px);

  if (key === "axes") drawAxes(px);
  if (key === "reference") drawReference(px);
  if (key === "clip" || key === "margin") drawClip(px, key === "margin");
  if (key === "points" || key === "margin") drawPoints(px);
  labels();
}

function line(a: Vec2, b: Vec2, color: string, width: number, px: number, dash: number[] = []): void {
  ctx.strokeStyle = color;
  ctx.lineWidth = width * px;
  ctx.setLineDash(dash.map((d) => d * px));
  ctx.beginPath();
  ctx.moveTo(a.x, a.y);
  ctx.lineTo(b.x, b.y);
  ctx.stroke();
  ctx.setLineDash([]);
}

function arrow(from: Vec2, dir: Vec2, length: number, color: string, px: number, width = 2): void {
  const to = { x: from.x + dir.x * length, y: from.y + dir.y * length };
  line(from, to, color, width, px);
  const h = 8 * px;
  ctx.beginPath();
  ctx.moveTo(to.x, to.y);
  ctx.lineTo(to.x - h * (dir.x - 0.5 * dir.y), to.y - h * (dir.y + 0.5 * dir.x));
  ctx.lineTo(to.x - h * (dir.x + 0.5 * dir.y), to.y - h * (dir.y - 0.5 * dir.x));
  ctx.closePath();
  ctx.fillStyle = color;
  ctx.fill();
}

function dot(p: Vec2, color: string, px: number, size = 4, hollow = false): void {
  ctx.beginPath();
  ctx.rect(p.x - size * px, p.y - size * px, 2 * size * px, 2 * size * px);
  ctx.lineWidth = 1.5 * px;
  if (hollow) {
    ctx.strokeStyle = color;
    ctx.stroke();
  } else {
    ctx.fillStyle = color;
    ctx.fill();
  }
}

/** Text to draw in screen space after the world drawing (upright). */
const pending: { p: Vec2; text: string; color: string; dx: number; dy: number }[] = [];
function label(p: Vec2, text: string, color: string, dx = 6, dy = -6): void {
  pending.push({ p, text, color, dx, dy });
}
function labels(): void {
  ctx.setTransform(camera.pixelRatio, 0, 0, camera.pixelRatio, 0, 0);
  ctx.font = "12px system-ui, sans-serif";
  for (const l of pending.splice(0)) {
    const s = camera.worldToScreen(l.p);
    ctx.fillStyle = l.color;
    ctx.fillText(l.text, s.x + l.dx, s.y + l.dy);
  }
}

const edgeMid = (h: TracedHull, i: number): Vec2 => {
  const a = h.vertices[i]!;
  const b = h.vertices[(i + 1) % h.vertices.length]!;
  return { x: 0.5 * (a.x + b.x), y: 0.5 * (a.y + b.y) };
};
const edgeEnds = (h: TracedHull, i: number): [Vec2, Vec2] => [h.vertices[i]!, h.vertices[(i + 1) % h.vertices.length]!];

function drawCore(h: TracedHull, color: string, px: number): void {
  const n = h.vertices.length;
  ctx.strokeStyle = color;
  ctx.lineWidth = px;
  ctx.setLineDash(h.radius > 0 ? [3 * px, 3 * px] : []);
  ctx.beginPath();
  h.vertices.forEach((v, i) => (i === 0 ? ctx.moveTo(v.x, v.y) : ctx.lineTo(v.x, v.y)));
  ctx.closePath();
  ctx.stroke();
  ctx.setLineDash([]);
  for (let i = 0; i < n; i++) {
    label(h.vertices[i]!, `v${i}`, "#9aa3b2", 3, 12);
    const m = edgeMid(h, i);
    const nrm = h.normals[i]!;
    label({ x: m.x + nrm.x * 10 * px, y: m.y + nrm.y * 10 * px }, `e${i}`, color, -6, 4);
  }
}

function selectedAxis(): TracedAxis | null {
  if (hoverAxis >= 0 && hoverAxis < trace.axes.length) return trace.axes[hoverAxis]!;
  return trace.separatingAxis ?? trace.reference;
}

function drawAxes(px: number): void {
  const t = trace;
  for (const x of t.axes) {
    const h = x.owner === "A" ? t.hullA! : t.hullB!;
    const color = x.separation > 0 ? COLOR_SEPARATES : "#8a93a3";
    arrow(edgeMid(h, x.edge), x.normal, 0.25, color, px, 1.5);
  }
  const x = selectedAxis();
  if (x === null) return;
  const own = x.owner === "A" ? t.hullA! : t.hullB!;
  const other = x.owner === "A" ? t.hullB! : t.hullA!;
  const [p, q] = edgeEnds(own, x.edge);
  // the edge's line, extended, and the other core's deepest vertex with its distance to that line
  const tx = q.x - p.x;
  const ty = q.y - p.y;
  line({ x: p.x - tx * 2, y: p.y - ty * 2 }, { x: q.x + tx * 2, y: q.y + ty * 2 }, "#ffffff", 1, px, [6, 4]);
  line(p, q, COLOR_REF, 4, px);
  const v = other.vertices[x.vertex]!;
  const foot = { x: v.x - x.normal.x * x.separation, y: v.y - x.normal.y * x.separation };
  line(foot, v, x.separation > 0 ? COLOR_SEPARATES : "#ff6b6b", 2.5, px);
  dot(v, "#ffffff", px, 3.5);
  label(v, `${axisName(x)}: ${mm(x.separation)}`, "#ffffff", 8, 16);
}

function drawReference(px: number): void {
  const t = trace;
  const ref = t.separatingAxis ?? t.reference;
  if (ref === null) return;
  const own = ref.owner === "A" ? t.hullA! : t.hullB!;
  const other = ref.owner === "A" ? t.hullB! : t.hullA!;
  const [p, q] = edgeEnds(own, ref.edge);
  line(p, q, COLOR_REF, 5, px);
  label(edgeMid(own, ref.edge), "reference face", COLOR_REF, 8, 18);
  dot(other.vertices[ref.vertex]!, "#ffffff", px, 3.5);
  if (t.apart !== null) {
    line(t.apart.pointA, t.apart.pointB, COLOR_SEPARATES, 2.5, px);
    dot(t.apart.pointA, COLOR_SEPARATES, px, 3);
    dot(t.apart.pointB, COLOR_SEPARATES, px, 3);
    label(t.apart.pointB, `d = ${mm(t.apart.distance)}`, COLOR_SEPARATES, 8, -8);
  }
  if (t.manifold !== null) arrow(edgeMid(own, ref.edge), t.manifold.normal, 0.45, "#ff6b6b", px, 2.5);
}

function drawClip(px: number, quiet: boolean): void {
  const t = trace;
  const c = t.clip;
  if (c === null || t.manifold === null) return;
  const n = t.manifold.normal;
  const refEnds: [Vec2, Vec2] = c.reference === "A" ? [c.a1, c.a2] : [c.b1, c.b2];
  const incEnds: [Vec2, Vec2] = c.reference === "A" ? [c.b1, c.b2] : [c.a1, c.a2];
  line(refEnds[0], refEnds[1], COLOR_REF, quiet ? 2 : 4, px);
  line(incEnds[0], incEnds[1], COLOR_INC, quiet ? 2 : 4, px);
  if (!quiet) {
    label(refEnds[1], "reference", COLOR_REF, 6, -6);
    label(incEnds[0], "incident", COLOR_INC, 6, 14);
    // side planes: the lines through each face's ends along n
    for (const e of refEnds) line({ x: e.x - n.x * 0.8, y: e.y - n.y * 0.8 }, { x: e.x + n.x * 0.8, y: e.y + n.y * 0.8 }, COLOR_REF, 1, px, [5, 4]);
    for (const e of incEnds) line({ x: e.x - n.x * 0.8, y: e.y - n.y * 0.8 }, { x: e.x + n.x * 0.8, y: e.y + n.y * 0.8 }, COLOR_INC, 1, px, [2, 4]);
  }
  if (c.interval !== null) {
    const [i0, i1] = c.reference === "A" ? c.interval.b : c.interval.a;
    line(i0, i1, "#ffffff", quiet ? 2 : 6, px);
    const [r0, r1] = c.reference === "A" ? c.interval.a : c.interval.b;
    line(r0, r1, "#ffffff", quiet ? 1 : 3, px);
  }
  for (const p of c.points) dot(p, COLOR_POINT, px, 5, true);
}

function drawPoints(px: number): void {
  const m = trace.manifold;
  if (m === null) return;
  m.points.forEach((p, i) => {
    arrow(p, m.normal, 0.3, "#ff6b6b", px, 2);
    dot(p, COLOR_POINT, px, 4.5);
    label(p, `${i + 1}: ${mm(p.depth)}, id ${p.id}`, COLOR_POINT, 8, 18 + 14 * i);
  });
}

// ---- mouse ---------------------------------------------------------------------------------

let drag: { which: 0 | 1; dx: number; dy: number; pointer: number } | null = null;

function worldAt(e: { clientX: number; clientY: number }): Vec2 {
  const r = canvas.getBoundingClientRect();
  return camera.screenToWorld(e.clientX - r.left, e.clientY - r.top);
}

/** Which of the two shapes is under p (B first: it is drawn on top), or null: the world's own point query. */
function pick(p: Vec2): 0 | 1 | null {
  const hit = world.queryPoint(p);
  if (hit.includes(bodies[1])) return 1;
  if (hit.includes(bodies[0])) return 0;
  return null;
}

canvas.addEventListener("pointerdown", (e) => {
  const p = worldAt(e);
  const which = pick(p);
  if (which === null) return;
  const b = bodies[which];
  drag = { which, dx: b.position.x - p.x, dy: b.position.y - p.y, pointer: e.pointerId };
  canvas.setPointerCapture(e.pointerId);
  canvas.style.cursor = "grabbing";
});
canvas.addEventListener("pointermove", (e) => {
  if (drag === null || e.pointerId !== drag.pointer) return;
  const p = worldAt(e);
  setPose(drag.which, { x: p.x + drag.dx, y: p.y + drag.dy });
});
const endDrag = (e: PointerEvent) => {
  if (drag === null || e.pointerId !== drag.pointer) return;
  drag = null;
  canvas.style.cursor = "grab";
};
canvas.addEventListener("pointerup", endDrag);
canvas.addEventListener("pointercancel", endDrag);
canvas.addEventListener(
  "wheel",
  (e) => {
    const which = pick(worldAt(e));
    if (which === null) return;
    e.preventDefault();
    setPose(which, { angle: bodies[which].angle + (e.deltaY > 0 ? -1 : 1) * (Math.PI / 90) });
  },
  { passive: false },
);
window.addEventListener("resize", () => {
  frame();
  requestDraw();
});

function frame(): void {
  const { width, height, ratio } = fitCanvas(canvas);
  camera.resize(width, height, ratio);
  camera.fit(-1.4, -0.9, 2.0, 2.0);
}

frame();
update();

// ---- test hook -----------------------------------------------------------------------------

/** For the browser test (test/browser/lab.test.ts) and the console. */
(window as unknown as { __manifoldLab: unknown }).__manifoldLab = {
  get revision() {
    return revision;
  },
  get stage() {
    return STAGES[stage]!.key;
  },
  get trace() {
    return trace;
  },
  /** collide(a, b, margin) called afresh on the page's two shapes (the public function, not the trace). */
  collide: () => collide(bodies[0], bodies[1], margin),
  /** Pose of shape 0 (A) or 1 (B), and where its position is on the page (client pixels). */
  pose(which: 0 | 1) {
    const b = bodies[which];
    const r = canvas.getBoundingClientRect();
    const s = camera.worldToScreen(b.position);
    return { x: b.position.x, y: b.position.y, angle: b.angle, clientX: r.left + s.x, clientY: r.top + s.y };
  },
  setPose,
  setShape,
  setStage,
};
