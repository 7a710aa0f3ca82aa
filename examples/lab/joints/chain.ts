/**
 * The joint lab's scene and settings, without the page: a long chain of
 * capsule links on revolute joints, pinned at the top to a static block, with
 * a heavy ball at the end, built in one World per setting; and how the lab
 * measures it (worst joint separation, stretch along the chain).
 *
 * Every world gets the same chain, the same steps and the same kicks, so
 * the runs differ only in their options. Nothing here touches the DOM: the
 * numbers can be reproduced in Node by importing this file.
 */
import {
  AABB, Capsule, Circle, DEFAULT_WORLD_OPTIONS, World, type Body, type Joint, type PositionCorrection, type SolverName, type WorldOptions,
} from "../../../src/entries/capsule2d.js";

const D = DEFAULT_WORLD_OPTIONS;

/** A setting the lab can show: a label, a colour and the World options that make it. */
export interface Setting {
  id: string;
  label: string;
  color: string;
  options: WorldOptions;
  /** One line on what to expect. */
  about: string;
}

/** How the defaults make a joint's rigid parts hold, for labels. */
const DEFAULT_JOINTS =
  (D.jointHertz > 0 ? `${D.jointHertz} Hz` : "rigid") + (D.jointPositionIterations > 0 ? ` + ${D.jointPositionIterations} projections` : "");

/**
 * The fixed settings. In soft-step a joint's rigid parts are either rigid
 * velocity constraints (`jointHertz` 0) or Box2D v3's soft constraints of
 * stiffness `jointHertz` (capped at a quarter of the sub-step rate: 60 Hz at
 * 60 steps/s with 4 sub-steps) and damping ratio `jointDampingRatio`; after
 * the sub-steps, `jointPositionIterations` passes of position projection
 * close what is left. PGS has no stiffness, only iterations and a position
 * correction. Options not given are the World's defaults.
 */
export const SETTINGS: readonly Setting[] = [
  {
    id: "soft",
    label: "soft joints: 10 Hz, ζ 1",
    color: "#e5534b",
    options: { jointHertz: 10, jointDampingRatio: 1 },
    about: "jointHertz 10: each joint is a spring-damper that a heavy load visibly stretches",
  },
  {
    id: "box2d-v3",
    label: "Box2D v3: 60 Hz, ζ 2, no projection",
    color: "#f69d50",
    options: { jointHertz: 60, jointDampingRatio: 2, jointPositionIterations: 0, jointIterations: 1 },
    about: "Box2D v3's joint softness (60 Hz, damping ratio 2), one pass per sub-step as in Box2D, and nothing after the sub-steps",
  },
  {
    id: "stiff-16",
    label: "16 sub-steps, 240 Hz",
    color: "#c2187f",
    options: { subSteps: 16, jointHertz: 240 },
    about: "16 sub-steps allow soft joints up to 240 Hz: 16× the stiffness of 60 Hz, 1/16 of the stretch",
  },
  {
    id: "substeps-1",
    label: "1 sub-step",
    color: "#e0c341",
    options: { subSteps: 1, jointIterations: 1 },
    about: "one sub-step (h = dt) and one pass over the joints in it: the chain is solved once per step",
  },
  {
    id: "default",
    label: `default: ${D.subSteps} sub-steps, ${DEFAULT_JOINTS}`,
    color: "#57ab5a",
    options: {},
    about: "the World's defaults",
  },
  {
    id: "no-projection",
    label: "default without joint projection",
    color: "#a3c45a",
    options: { jointPositionIterations: 0 },
    about: "the defaults with jointPositionIterations 0: only the velocity passes hold the joints",
  },
  {
    id: "substeps-8",
    label: "8 sub-steps",
    color: "#2e86de",
    options: { subSteps: 8 },
    about: "8 sub-steps: the load passes down the chain in twice as many passes per step",
  },
  {
    id: "pgs-8",
    label: "pgs: 8 iterations, baumgarte",
    color: "#b8860b",
    options: { solver: "pgs", velocityIterations: 8, positionCorrection: "baumgarte" },
    about: "sequential impulses, 8 sweeps, a Baumgarte push of percent/dt × the error in the velocity solve",
  },
  {
    id: "pgs-30",
    label: "pgs: 30 iterations, baumgarte",
    color: "#39a0a0",
    options: { solver: "pgs", velocityIterations: 30, positionCorrection: "baumgarte" },
    about: "sequential impulses with 30 sweeps: closer to the exact velocity solution",
  },
  {
    id: "pgs-ngs",
    label: "pgs: 8 iterations, ngs",
    color: "#986ee2",
    options: { solver: "pgs", velocityIterations: 8, positionCorrection: "ngs" },
    about: "sequential impulses, then nonlinear Gauss-Seidel position iterations (positionIterations)",
  },
  {
    id: "pgs-none",
    label: "pgs: 8 iterations, none",
    color: "#8d6e63",
    options: { solver: "pgs", velocityIterations: 8, positionCorrection: "none" },
    about: "sequential impulses without position correction: errors are never pushed back",
  },
];

/** The settings shown when the page opens. */
export const DEFAULT_SHOWN: readonly string[] = ["soft", "box2d-v3", "stiff-16", "substeps-1", "default", "substeps-8", "pgs-8", "pgs-ngs"];

/** The position corrections `positionCorrection` accepts (src/world/options.ts). */
export const CORRECTIONS: readonly PositionCorrection[] = ["baumgarte", "projection", "ngs", "none"];

/** The "custom" setting's controls. */
export interface CustomOptions {
  solver: SolverName;
  subSteps: number;
  jointHertz: number;
  jointDampingRatio: number;
  jointPositionIterations: number;
  velocityIterations: number;
  positionIterations: number;
  positionCorrection: PositionCorrection;
  percent: number;
}

/** The custom setting starts at the World's defaults. */
export const CUSTOM_DEFAULTS: Readonly<CustomOptions> = Object.freeze({
  solver: DEFAULT_WORLD_OPTIONS.solver,
  subSteps: DEFAULT_WORLD_OPTIONS.subSteps,
  jointHertz: DEFAULT_WORLD_OPTIONS.jointHertz,
  jointDampingRatio: DEFAULT_WORLD_OPTIONS.jointDampingRatio,
  jointPositionIterations: DEFAULT_WORLD_OPTIONS.jointPositionIterations,
  velocityIterations: DEFAULT_WORLD_OPTIONS.velocityIterations,
  positionIterations: DEFAULT_WORLD_OPTIONS.positionIterations,
  positionCorrection: DEFAULT_WORLD_OPTIONS.positionCorrection,
  percent: DEFAULT_WORLD_OPTIONS.percent,
});

export function customSetting(c: CustomOptions): Setting {
  const soft = c.solver === "soft-step";
  return {
    id: "custom",
    label: soft
      ? `custom: ${c.subSteps} sub-steps, ${c.jointHertz} Hz, ζ ${c.jointDampingRatio}, ${c.jointPositionIterations} projections`
      : `custom: pgs, ${c.velocityIterations} it, ${c.positionCorrection}`,
    color: "#e0a458",
    options: { ...c },
    about: "the settings chosen in the custom row",
  };
}

/** The chain: what the controls change. */
export interface ChainSpec {
  /** Number of capsule links. */
  links: number;
  /** End mass ÷ one link's mass. */
  massRatio: number;
  /** "hanging": straight down, at rest; "horizontal": released from horizontal. */
  start: "hanging" | "horizontal";
}

export const DT = 1 / 60;
/** A link: a capsule 0.4 m long (0.3 m between its joints), about 1 kg. */
export const LINK_HALF_LENGTH = 0.15;
export const LINK_RADIUS = 0.05;
export const LINK_DENSITY = 26;
export const BALL_RADIUS = 0.3;
/** A kick gives the end mass this speed change, sideways, m/s. */
export const KICK_SPEED = 5;

/** One chain in a World of its own. */
export interface ChainRun {
  setting: Setting;
  world: World;
  /** The joints from the pin down to the ball. */
  joints: Joint[];
  links: Body[];
  ball: Body;
  /** Length along the chain from the pin to the ball's joint at rest, m. */
  restLength: number;
}

export function buildChain(setting: Setting, spec: ChainSpec): ChainRun {
  const world = new World({ ...setting.options, sleeping: false, fixedDt: DT });
  const pin = world.add(new AABB({ position: { x: 0, y: 0 }, halfWidth: 0.25, halfHeight: 0.1, type: "static", label: "pin" }));
  const down = spec.start === "hanging";
  // Unit direction along the chain, from the pin outwards.
  const ux = down ? 0 : 1;
  const uy = down ? -1 : 0;
  const span = 2 * LINK_HALF_LENGTH;
  const joints: Joint[] = [];
  const links: Body[] = [];
  let prev: Body = pin;
  for (let i = 0; i < spec.links; i++) {
    const link = world.add(
      new Capsule({
        position: { x: ux * (i + 0.5) * span, y: uy * (i + 0.5) * span },
        angle: down ? -Math.PI / 2 : 0,
        halfLength: LINK_HALF_LENGTH,
        radius: LINK_RADIUS,
        density: LINK_DENSITY,
        label: `link ${i + 1}`,
      }),
    );
    joints.push(world.addJoint({ type: "revolute", bodyA: prev, bodyB: link, anchor: { x: ux * i * span, y: uy * i * span } }));
    links.push(link);
    prev = link;
  }
  const end = { x: ux * spec.links * span, y: uy * spec.links * span };
  const ball = world.add(
    new Circle({
      position: { x: end.x + ux * BALL_RADIUS, y: end.y + uy * BALL_RADIUS },
      radius: BALL_RADIUS,
      mass: spec.massRatio * links[0]!.mass,
      label: "end mass",
    }),
  );
  joints.push(world.addJoint({ type: "revolute", bodyA: prev, bodyB: ball, anchor: end }));
  return { setting, world, joints, links, ball, restLength: spec.links * span };
}

/** |anchorA − anchorB| of a joint now, m. */
export function separation(j: Joint): number {
  const a = j.anchorA;
  const b = j.anchorB;
  return Math.hypot(b.x - a.x, b.y - a.y);
}

/** The worst joint separation now (max over the joints), m. */
export function worstSeparation(run: ChainRun): number {
  let worst = 0;
  for (const j of run.joints) worst = Math.max(worst, separation(j));
  return worst;
}

/**
 * How much longer the chain is than at rest, as a fraction: its length
 * measured along it, from the pin's anchor through each joint's two
 * anchors to the ball's, over the rest length. The links are rigid, so what
 * it adds up is the joints' gaps.
 */
export function stretch(run: ChainRun): number {
  let length = 0;
  let prev = run.joints[0]!.anchorA;
  for (const j of run.joints) {
    const a = j.anchorA;
    const b = j.anchorB;
    length += Math.hypot(a.x - prev.x, a.y - prev.y) + Math.hypot(b.x - a.x, b.y - a.y);
    prev = b;
  }
  return length / run.restLength - 1;
}

/** Kick the end mass sideways: Δv = KICK_SPEED (m/s) through an impulse at its centre. */
export function kick(run: ChainRun): void {
  run.ball.applyImpulse({ x: KICK_SPEED * run.ball.mass, y: 0 });
}
