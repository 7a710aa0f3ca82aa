/**
 * Draw an outline: press on empty space and draw a closed shape with the
 * mouse (or a finger); let go and it falls as one body. The outline may be
 * concave (an L, a U, a star): `Compound.fromOutline` cuts it into convex
 * polygons of at most 8 vertices whose areas add up to the outline's, and
 * the pieces move as one rigid body (a `Compound`), turning about their
 * common centre of mass. An outline that crosses itself is refused (a
 * RangeError, shown in the corner).
 *
 * The pen takes the pointer before the frame's body dragger does (a capture
 * listener on the window), only for a press on empty space: a press on a
 * body still drags it.
 */
import { AABB, Compound, type Vec2, type World } from "../../src/entries/capsule2d.js";
import { runDemo, type Demo } from "../shared/demo.js";

const ROOM = { minX: -12, maxX: 12, minY: 0, maxY: 14 };
/** Points of the pen closer than this are dropped, m. */
const SPACING = 0.2;
/** Outlines of more points are thinned to about this many (the cut is O(n³)). */
const MAX_POINTS = 60;

/** The outline being drawn (world points), or null. */
let pen: Vec2[] | null = null;
let made = 0;
let refused = 0;
let lastError = "";
let lastPieces = 0;

function room(world: World): void {
  const s = { type: "static" as const };
  world.add(AABB.fromBounds({ x: ROOM.minX - 1, y: ROOM.minY - 1 }, { x: ROOM.maxX + 1, y: ROOM.minY }, s));
  world.add(AABB.fromBounds({ x: ROOM.minX - 1, y: ROOM.minY }, { x: ROOM.minX, y: ROOM.maxY }, s));
  world.add(AABB.fromBounds({ x: ROOM.maxX, y: ROOM.minY }, { x: ROOM.maxX + 1, y: ROOM.maxY }, s));
}

/** Every k-th point, so that at most about MAX_POINTS are left. */
function thinned(points: Vec2[]): Vec2[] {
  const k = Math.ceil(points.length / MAX_POINTS);
  return k <= 1 ? points : points.filter((_, i) => i % k === 0);
}

/** The drawn outline as a body (in world coordinates: the body's origin is the world's), or the reason it is not one. */
function makeBody(world: World, demo: Demo, points: Vec2[]): void {
  if (points.length < 3) return;
  try {
    const body = Compound.fromOutline({ outline: thinned(points), radius: 0.01, friction: 0.6, label: "drawn" });
    world.add(body);
    made++;
    lastPieces = body.shapes.length;
    lastError = "";
  } catch (e) {
    if (!(e instanceof RangeError || e instanceof TypeError)) throw e;
    refused++;
    lastError = e.message.replace(/^capsule2d: /, "");
  }
  demo.invalidate();
}

/** A drawn shape, for tests: `outline` in world points, as if drawn with the pen. */
function drawShape(demo: Demo, outline: Vec2[]): void {
  makeBody(demo.world, demo, outline);
}

function installPen(demo: Demo): void {
  const canvas = demo.canvas;
  const toWorld = (e: PointerEvent): Vec2 => demo.clientToWorld(e.clientX, e.clientY);
  addEventListener(
    "pointerdown",
    (e) => {
      if (e.target !== canvas || e.button !== 0) return;
      const p = toWorld(e);
      if (demo.world.queryPoint(p).length > 0) return; // on a body: the dragger's
      e.stopPropagation();
      pen = [p];
      demo.invalidate();
    },
    { capture: true },
  );
  addEventListener(
    "pointermove",
    (e) => {
      if (!pen) return;
      e.stopPropagation();
      const p = toWorld(e);
      const last = pen[pen.length - 1]!;
      if (Math.hypot(p.x - last.x, p.y - last.y) >= SPACING) pen.push(p);
      demo.invalidate();
    },
    { capture: true },
  );
  addEventListener(
    "pointerup",
    (e) => {
      if (!pen) return;
      e.stopPropagation();
      const points = pen;
      pen = null;
      makeBody(demo.world, demo, points);
    },
    { capture: true },
  );
}

let installed = false;

const demo = runDemo({
  title: "Draw an outline",
  description:
    "Press on empty space and draw a closed outline; let go and it falls as one body. Concave outlines (an L, a U, a star) are cut into convex pieces of one rigid body (Compound.fromOutline); an outline that crosses itself is refused.",
  view: { minX: ROOM.minX - 1, minY: ROOM.minY - 1, maxX: ROOM.maxX + 1, maxY: ROOM.maxY + 1 },
  build(world, d) {
    room(world);
    // something to land on: a U drawn in advance
    makeBody(world, d, [
      { x: -3, y: 0.1 }, { x: 3, y: 0.1 }, { x: 3, y: 3 }, { x: 2, y: 3 }, { x: 2, y: 1.1 }, { x: -2, y: 1.1 }, { x: -2, y: 3 }, { x: -3, y: 3 },
    ]);
    made = 0;
    refused = 0;
    lastError = "";
    pen = null;
    if (!installed) {
      installed = true;
      installPen(d);
    }
  },
  draw(ctx, d) {
    const px = 1 / d.camera.scale;
    if (pen && pen.length > 0) {
      ctx.lineWidth = 2 * px;
      ctx.strokeStyle = "#ffd166";
      ctx.beginPath();
      ctx.moveTo(pen[0]!.x, pen[0]!.y);
      for (const p of pen) ctx.lineTo(p.x, p.y);
      ctx.stroke();
    }
    if (lastError !== "") d.label(`refused: ${lastError}`, { x: ROOM.minX + 0.5, y: ROOM.maxY - 0.5 }, "#ff5468", "left");
    else if (made === 0) d.label("draw a shape on empty space", { x: 0, y: ROOM.maxY - 1 });
  },
  readout: () => `${made} drawn, ${lastPieces} pieces in the last`,
  info: (d) => {
    let lowest = Infinity;
    for (const b of d.world.bodies) {
      if (b.label !== "drawn") continue;
      for (const s of b.shapes) for (const v of s.getWorldVertices()) lowest = Math.min(lowest, v.y);
    }
    return {
      made,
      refused,
      lastPieces,
      lastError,
      drawing: pen !== null,
      compounds: d.world.bodies.filter((b) => b instanceof Compound).length,
      lowest: Number.isFinite(lowest) ? lowest : 0,
    };
  },
});

// for the browser test and the console: draw a shape without the mouse
(window as unknown as { __drawShape?: (outline: Vec2[]) => void }).__drawShape = (outline) => drawShape(demo, outline);
