/**
 * The step context (Box2D v3's `b2StepContext`): the numbers of one step
 * (dt, the sub-step h and 1/h, the contacts' and joints' softness, the
 * options the solver reads) and the parts the solver works on (the solver's
 * body arrays, the contact constraints, the joints, the integrator, the
 * colouring), in one object that the world owns and hands to the solve
 * (src/solver/solve.ts). The world fills in what changes from step to step
 * (`dt`, the collected contacts, the awake bodies) before each solve; the
 * options are the world's own object (changed by `setOptions` and `restore`).
 */
import type { Body } from "../bodies/body.js";
import type { Contact } from "../contacts/contact.js";
import type { JointManager } from "../joints/joint-manager.js";
import type { ContactConstraints } from "./contact-solver.js";
import type { GraphColouring } from "./graph-colour.js";
import type { Integrator } from "./integrate.js";
import type { PositionCorrection } from "./position-correction.js";
import { Softness } from "./softness.js";
import type { SolverBodies } from "./solver-bodies.js";

/** The options the solver reads (the world's resolved options have them all). */
export interface SolverOptions {
  readonly subSteps: number;
  readonly warmStarting: boolean;
  readonly contactHertz: number;
  readonly contactDampingRatio: number;
  readonly jointHertz: number;
  readonly jointDampingRatio: number;
  readonly jointIterations: number;
  readonly jointPositionIterations: number;
  readonly restitutionThreshold: number;
  readonly maxContactPushSpeed: number;
  readonly velocityIterations: number;
  readonly positionIterations: number;
  readonly positionCorrection: PositionCorrection;
  readonly percent: number;
  readonly slop: number;
  readonly hitEventThreshold: number;
}

export class StepContext {
  /** The step, s. */
  dt = 0;
  /** The (sub-)step the solver integrates over, s, and its inverse (soft-step: dt / subSteps; pgs: dt). */
  h = 0;
  invH = 0;
  /** soft-step: the contacts' softness for this h, and that of contacts with a static body (twice as stiff). */
  readonly soft = new Softness();
  readonly stiff = new Softness();
  /** The contact hertz, damping ratio and sub-step that `soft` and `stiff` were set for. */
  readonly softFor = { hertz: -1, zeta: -1, h: -1 };
  /** The same for the joints' rigid softness (a negative zeta: Baumgarte, for pgs). */
  readonly jointSoftFor = { hertz: -1, zeta: -1, h: -1 };
  /** The joints' rigid softness this step asks for (fields, not arguments: V8 boxed numbers passed to prepareJoints). */
  readonly jointSoftWant = { hertz: 0.5, zeta: 0.5 };

  /** The contacts the solver works on this step (solid, with points; those with a static body last), `constraintCount` of them. */
  readonly constraints: Contact[] = [];
  constraintCount = 0;
  /** The awake bodies, in id order (the islands' list), `awakeCount` of them. */
  awake: readonly Body[] = [];
  awakeCount = 0;
  /**
   * This step's contacts are solved in colour order (`colouring`): always
   * with `solverThreads` ≥ 1 (`alwaysColoured`), and in a world that holds
   * a body other than a circle, capsule or AABB (a box, polygon or segment:
   * bodies that stack, lean and topple, whose piles stand as in Box2D only
   * with its colour order; see docs/solvers.md). A world of circles, capsules
   * and AABBs only keeps its contacts in the order of their bodies' ids.
   */
  coloured = false;
  /** `solverThreads` ≥ 1: colour every step. */
  alwaysColoured = false;

  constructor(
    /** The world's options (its own object: what `setOptions` and `restore` change). */
    readonly options: SolverOptions,
    /** The awake bodies' velocities and poses during the solve. */
    readonly bodies: SolverBodies,
    /** The contact constraints. */
    readonly contacts: ContactConstraints,
    /** Forces, gravity, damping; velocities into poses. */
    readonly integrator: Integrator,
    /** The joints, or null in a world without the joints module. */
    readonly joints: JointManager | null,
    /** The contacts' colours, remade each step when the contacts are solved in colour order (src/solver/graph-colour.ts). */
    readonly colouring: GraphColouring,
  ) {}
}
