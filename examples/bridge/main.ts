/**
 * Bridge: a rope bridge of capsule planks hung between two static pillars.
 *
 * The planks are laid along a sagging curve (a rope bridge has slack: a
 * taut one would need an enormous tension to carry anything) and joined end
 * to end, each end cap's centre on the next one's, so the deck stays smooth
 * where it bends. Two ways to join them:
 *
 * - revolute: hinges. The bridge is a chain that swings and takes whatever
 *   shape the load gives it.
 * - weld: welds made soft with `linearHertz` / `angularHertz`. Each joint is a
 *   spring that wants to keep the angle it was built with: a bendy bridge that
 *   springs back to its curve when the load leaves.
 *
 * Click empty space to drop a crate or a ball (toolbar). The readout shows
 * the sag (how far the deck hangs below the pillar tops) and the worst joint
 * separation: the largest distance between the two anchors of a joint, now
 * and the most since the last reset. A rigid joint would keep it at zero;
 * soft-step joints are very stiff springs, so it is a few millimetres.
 */
import { AABB, Capsule, Circle, type Body, type Joint, type World } from "../../src/entries/capsule2d.js";
import { runDemo } from "../shared/demo.js";
import { worstSeparation } from "../shared/joints.js";
import { addContainer } from "../shared/scenery.js";

type Mode = "revolute" | "weld";
type Drop = "crate" | "ball" | "heavy crate";

/** Pillar tops: the bridge hangs between (−SPAN/2, TOP) and (SPAN/2, TOP). */
const SPAN = 14;
const TOP = 5;
const PLANKS = 20;
const PLANK_RADIUS = 0.08;
/** Slope (dy/dx) of the outermost planks; the slopes of the planks in between change evenly from −SLOPE to SLOPE (a parabola). */
const SLOPE = 0.36;
/** Planks are dense (oak on steel cables): the loads do not outweigh the deck by much. */
const PLANK_DENSITY = 6;

const params = new URLSearchParams(location.search);
let mode: Mode = params.get("mode") === "weld" ? "weld" : "revolute";
let drop: Drop = "crate";
/** Weld springs, Hz: 0 is rigid. Rigid in line (the planks stay joined), springy in angle (the deck bends). */
let linearHertz = 0;
let angularHertz = 20;
const WELD_DAMPING = 1;
/** Hinge friction, N·m: a motor held at speed 0 that can apply up to this torque (as in Box2D's bridge). */
let friction = 10;

const planks: Capsule[] = [];
const loads: Body[] = [];
let deckJoints: Joint[] = [];
/** The largest joint separation seen since the last reset, m. */
let worstEver = 0;
/** The sag when the bridge was built, m. */
let builtSag = 0;

/** Where the joints go: PLANKS + 1 points from pillar to pillar, one plank length apart. */
function jointPoints(): { x: number; y: number }[] {
  // Each plank's direction, a unit vector (no sine or cosine: the same numbers in every JavaScript engine).
  const dirs: { x: number; y: number }[] = [];
  for (let i = 0; i < PLANKS; i++) {
    const slope = -SLOPE * (1 - (2 * (i + 0.5)) / PLANKS);
    const n = Math.sqrt(1 + slope * slope);
    dirs.push({ x: 1 / n, y: slope / n });
  }
  // The plank length that makes the chain land exactly on the right-hand pillar.
  let across = 0;
  for (const d of dirs) across += d.x;
  const length = SPAN / across;
  const points = [{ x: -SPAN / 2, y: TOP }];
  for (let i = 0; i < PLANKS; i++) {
    const p = points[i]!;
    points.push({ x: p.x + length * dirs[i]!.x, y: p.y + length * dirs[i]!.y });
  }
  points[PLANKS] = { x: SPAN / 2, y: TOP }; // exact (the sum above lands within rounding of it)
  return points;
}

/** How far the lowest plank centre hangs below the pillar tops, m. */
function sag(): number {
  let lowest = TOP;
  for (const p of planks) lowest = Math.min(lowest, p.position.y);
  return TOP - lowest;
}

function addLoad(world: World, kind: Drop, x: number, y: number): void {
  const body =
    kind === "ball"
      ? new Circle({ position: { x, y }, radius: 0.35, density: 3, friction: 0.6, label: "ball" })
      : new AABB({
          position: { x, y },
          halfWidth: kind === "crate" ? 0.35 : 0.5,
          halfHeight: kind === "crate" ? 0.35 : 0.5,
          density: kind === "crate" ? 3 : 10,
          friction: 0.8,
          label: kind,
        });
  loads.push(world.add(body));
}

runDemo({
  title: "Bridge",
  description:
    "A rope bridge of capsule planks between two pillars, joined by revolute hinges or by soft welds (a bendy bridge). Click to drop a crate or a ball; the readout gives the sag and the worst joint separation.",
  view: { minX: -11, minY: -1, maxX: 11, maxY: 11 },
  build(world) {
    planks.length = 0;
    loads.length = 0;
    worstEver = 0;
    addContainer(world, -12, 12, 0);
    const pillar = { type: "static" as const, label: "pillar" };
    const left = world.add(AABB.fromBounds({ x: -SPAN / 2 - 2, y: 0 }, { x: -SPAN / 2, y: TOP }, pillar));
    const right = world.add(AABB.fromBounds({ x: SPAN / 2, y: 0 }, { x: SPAN / 2 + 2, y: TOP }, pillar));
    const points = jointPoints();
    for (let i = 0; i < PLANKS; i++) {
      // Each plank's cap centres are the joint points at its two ends.
      const plank = Capsule.fromSegment(points[i]!, points[i + 1]!, PLANK_RADIUS, {
        density: PLANK_DENSITY,
        friction: 0.8,
        label: `plank ${i}`,
      });
      planks.push(world.add(plank));
    }
    const bodies: Body[] = [left, ...planks, right];
    deckJoints = [];
    for (let i = 0; i <= PLANKS; i++) {
      const bodyA = bodies[i]!;
      const bodyB = bodies[i + 1]!;
      const anchor = points[i]!;
      deckJoints.push(
        mode === "revolute"
          ? world.addJoint({
              type: "revolute", bodyA, bodyB, anchor, enableMotor: friction > 0, motorSpeed: 0, maxMotorTorque: friction,
              label: `hinge ${i}`,
            })
          : world.addJoint({ type: "weld", bodyA, bodyB, anchor, linearHertz, angularHertz, dampingRatio: WELD_DAMPING, label: `weld ${i}` }),
      );
    }
    builtSag = sag();
    // Something to carry from the start: two crates and a ball falling onto the deck.
    addLoad(world, "crate", -3, 8);
    addLoad(world, "ball", 0.5, 9);
    addLoad(world, "crate", 3.5, 10);
  },
  controls(toolbar, demo) {
    toolbar.addSelect<Mode>("joints", ["revolute", "weld"], mode, (v) => {
      mode = v;
      demo.reset();
    });
    toolbar.addSlider("hinge friction", { min: 0, max: 40, step: 1, value: friction, format: (v) => `${v} N·m` }, (v) => {
      friction = v;
      if (mode === "revolute") for (const j of deckJoints) j.setEnableMotor(v > 0).setMaxMotorTorque(v);
    });
    const hz = (v: number) => (v === 0 ? "rigid" : `${v} Hz`);
    toolbar.addSlider("weld linear", { min: 0, max: 60, step: 1, value: linearHertz, format: hz }, (v) => {
      linearHertz = v;
      if (mode === "weld") for (const j of deckJoints) j.setWeldStiffness(linearHertz, angularHertz, WELD_DAMPING);
    });
    toolbar.addSlider("weld angular", { min: 0, max: 60, step: 1, value: angularHertz, format: hz }, (v) => {
      angularHertz = v;
      if (mode === "weld") for (const j of deckJoints) j.setWeldStiffness(linearHertz, angularHertz, WELD_DAMPING);
    });
    toolbar.addSelect<Drop>("click drops", ["crate", "ball", "heavy crate"], drop, (v) => {
      drop = v;
    });
  },
  onClick(point, demo) {
    addLoad(demo.world, drop, point.x, point.y);
  },
  afterStep() {
    worstEver = Math.max(worstEver, worstSeparation(deckJoints));
  },
  readout: () =>
    `${mode} · sag ${sag().toFixed(2)} m (built ${builtSag.toFixed(2)} m) · worst joint separation ` +
    `${(worstSeparation(deckJoints) * 1000).toFixed(1)} mm (most ${(worstEver * 1000).toFixed(1)} mm)`,
  info: () => {
    let lowestLoad = Infinity;
    for (const b of loads) lowestLoad = Math.min(lowestLoad, b.position.y);
    return {
      mode,
      planks: planks.length,
      joints: deckJoints.filter((j) => j.isActive).length,
      loads: loads.length,
      sag: sag(),
      builtSag,
      separation: worstSeparation(deckJoints),
      worstSeparation: worstEver,
      /** The lowest load centre, m (the deck is between the pillar tops and TOP − 3 m). */
      lowestLoad,
    };
  },
  testBody: () => planks[PLANKS / 2],
});
