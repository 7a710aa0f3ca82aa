/**
 * The integrator lab's three scenes, each with its energy and, where one
 * exists, its exact (analytic) solution.
 *
 * Every scene is built once per integrator in a World of its own, so the
 * three worlds differ only in `integrator`. Energy is "total mechanical
 * energy": kinetic ½mv² (+ ½Iω², zero here) plus the potential of every
 * force that acts — gravity (−m g·p) and, for the spring, ½k|p − anchor|².
 * A perfect integrator keeps it constant; how it drifts is the lesson.
 */
import { AABB, Circle, World, type Body, type Vec2 } from "../../../src/entries/capsule2d.js";

export type IntegratorName = "explicit-euler" | "semi-implicit-euler" | "velocity-verlet";
export type SceneName = "projectile" | "spring" | "bounce";

export const INTEGRATORS: readonly { name: IntegratorName; label: string; color: string }[] = [
  { name: "explicit-euler", label: "explicit Euler", color: "#e5534b" },
  { name: "semi-implicit-euler", label: "semi-implicit Euler", color: "#57ab5a" },
  { name: "velocity-verlet", label: "velocity Verlet", color: "#539bf5" },
];

export const SCENES: readonly { name: SceneName; label: string; about: string }[] = [
  {
    name: "projectile",
    label: "Projectile",
    about:
      "A ball thrown at 10 m/s, 55° up, no air. Exact path: p(t) = p0 + v0 t + ½ g t². " +
      "Explicit Euler uses the old velocity for the whole step and lands late and high; " +
      "semi-implicit Euler uses the new one and lands early and low; velocity Verlet is exact for a constant force.",
  },
  {
    name: "spring",
    label: "Mass on a spring",
    about:
      "1 kg on a spring of stiffness k = π² N/m (period 2 s), no gravity, released 2 m from its anchor. " +
      "Exact: x(t) = A cos(ωt). Explicit Euler multiplies the energy by (1 + ω²dt²) every step: it spirals out. " +
      "Semi-implicit Euler (symplectic) keeps a slightly wrong but bounded energy; Verlet's error is second order.",
  },
  {
    name: "bounce",
    label: "Bouncing ball (restitution 1)",
    about:
      "A ball dropped 3 m onto a floor, ball and floor with restitution 1, so it should return to the same height forever. " +
      "The integrator's error in flight and the solver's handling of the impact both show in the energy.",
  },
];

/** One scene in one world. */
export interface SceneInstance {
  readonly world: World;
  /** The body the plot and the reference follow. */
  readonly body: Body;
  /** Total mechanical energy now, J. */
  energy(): number;
  /** Energy at t = 0, J: what an exact solution keeps forever. */
  readonly initialEnergy: number;
  /** Exact position of `body` at time t, or null when there is no closed form. */
  exact(t: number): Vec2 | null;
  /** Start over after this many simulated seconds (Infinity: never). */
  readonly duration: number;
  /** World rectangle to show: minX, minY, maxX, maxY. */
  readonly view: readonly [number, number, number, number];
  /** The spring's anchor, drawn as a zig-zag to the body (spring scene only). */
  readonly anchor: Vec2 | null;
}

const G = 9.81;

/** Build `scene` in a fresh World using `integrator`, stepping `dt` seconds at a time. */
export function createScene(scene: SceneName, integrator: IntegratorName, dt: number): SceneInstance {
  switch (scene) {
    case "projectile":
      return projectile(labWorld({ x: 0, y: -G }, integrator, dt));
    case "spring":
      return spring(labWorld({ x: 0, y: 0 }, integrator, dt));
    case "bounce":
      return bounce(labWorld({ x: 0, y: -G }, integrator, dt));
  }
}

/** Simulated time one `world.advance()` may take at most, s: a slow frame drops the rest. */
const MAX_ADVANCE = 0.1;

/**
 * A world for the lab: one sub-step per step, so `dt` really is the
 * integrator's step h (the default soft-step solver splits each step into 4
 * sub-steps, which would hide a quarter of every error), and no sleeping.
 * `world.advance()` steps it by `dt` (its `fixedDt`), at most MAX_ADVANCE
 * seconds' worth of steps per call.
 */
function labWorld(gravity: Vec2, integrator: IntegratorName, dt: number): World {
  return new World({
    gravity,
    integrator,
    subSteps: 1,
    sleeping: false,
    fixedDt: dt,
    maxStepsPerAdvance: Math.max(1, Math.ceil(MAX_ADVANCE / dt)),
  });
}

/** Potential energy in uniform gravity g: U = −m g·p (zero at the origin). */
function gravityPotential(body: Body, g: Vec2): number {
  return -body.mass * (g.x * body.position.x + g.y * body.position.y);
}

function projectile(world: World): SceneInstance {
  const g = world.gravity;
  const angle = (55 * Math.PI) / 180;
  const v0 = { x: 10 * Math.cos(angle), y: 10 * Math.sin(angle) };
  const p0 = { x: -4, y: 0 };
  const body = world.add(new Circle({ position: p0, velocity: v0, radius: 0.2, mass: 1 }));
  const flightTime = (2 * v0.y) / G;
  const energy = () => body.kineticEnergy + gravityPotential(body, g);
  return {
    world,
    body,
    energy,
    initialEnergy: energy(),
    exact: (t) => ({ x: p0.x + v0.x * t, y: p0.y + v0.y * t - 0.5 * G * t * t }),
    duration: flightTime * 1.1,
    view: [-5, -1.5, 6, 5],
    anchor: null,
  };
}

/** Spring stiffness: ω = sqrt(k/m) = π rad/s for m = 1 kg, a period of 2 s. */
const SPRING_K = Math.PI * Math.PI;
const SPRING_AMPLITUDE = 2;

function spring(world: World): SceneInstance {
  const anchor = { x: 0, y: 0 };
  const body = world.add(new Circle({ position: { x: SPRING_AMPLITUDE, y: 0 }, radius: 0.25, mass: 1 }));
  // Hooke's law F = −k (p − anchor), evaluated by the integrator wherever its
  // scheme needs a force (velocity Verlet asks twice per step).
  world.setForceField((b, out) => {
    if (b !== body) return;
    out.x += -SPRING_K * (b.position.x - anchor.x);
    out.y += -SPRING_K * (b.position.y - anchor.y);
  });
  const energy = () => {
    const dx = body.position.x - anchor.x;
    const dy = body.position.y - anchor.y;
    return body.kineticEnergy + 0.5 * SPRING_K * (dx * dx + dy * dy);
  };
  const omega = Math.sqrt(SPRING_K / body.mass);
  return {
    world,
    body,
    energy,
    initialEnergy: energy(),
    exact: (t) => ({ x: anchor.x + SPRING_AMPLITUDE * Math.cos(omega * t), y: anchor.y }),
    duration: 30,
    view: [-3.5, -1.5, 3.5, 1.5],
    anchor,
  };
}

function bounce(world: World): SceneInstance {
  const g = world.gravity;
  world.add(AABB.fromBounds({ x: -2, y: -0.5 }, { x: 2, y: 0 }, { type: "static", restitution: 1, friction: 0 }));
  const radius = 0.3;
  const y0 = 3;
  const body = world.add(new Circle({ position: { x: 0, y: y0 }, radius, mass: 1, restitution: 1, friction: 0 }));
  const energy = () => body.kineticEnergy + gravityPotential(body, g);
  // Exact motion: fall a height h in tf = sqrt(2h/g), rebound to the same height, repeat (period 2 tf).
  const h = y0 - radius;
  const tf = Math.sqrt((2 * h) / G);
  return {
    world,
    body,
    energy,
    initialEnergy: energy(),
    exact: (t) => {
      const s = t % (2 * tf); // at the top when s = 0, at the floor when s = tf
      const d = Math.min(s, 2 * tf - s); // time from the nearest top
      return { x: 0, y: y0 - 0.5 * G * d * d };
    },
    duration: 30,
    view: [-2.5, -0.7, 2.5, 3.6],
    anchor: null,
  };
}
