/**
 * The stages of one `world.step()`, as data: the step runs them in this
 * order, `world.profile` times each one, and the lab's pipeline page lists
 * them from here.
 */

/** Stage numbers, in the order the step runs them. */
export const Stage = {
  /** Apply what changed between steps (bodies added, moved, retyped). */
  Changes: 0,
  /** Integrate and solve contacts and joints. */
  Solve: 1,
  /** Update the broadphase boxes. */
  Bounds: 2,
  /** Time-of-impact sweeps for fast bodies. */
  Continuous: 3,
  /** Find the pairs whose boxes overlap. */
  Pairs: 4,
  /** Build the contact manifolds. */
  Narrowphase: 5,
  /** Islands and sleep. */
  Sleep: 6,
  /** Fill the event buffers. */
  Events: 7,
} as const;
/** A stage number (a value of `Stage`). */
export type Stage = (typeof Stage)[keyof typeof Stage];

/** One stage of a step, as `STEP_STAGES` describes it. */
export interface StageInfo {
  /** The key of the stage in `world.profile`. */
  readonly name: StageName;
  /** A short title. */
  readonly title: string;
  /** What it does. */
  readonly summary: string;
  /** Where its code lives. */
  readonly source: string;
}

/** The stages' names: the keys of `world.profile`. */
export type StageName = "changes" | "solve" | "bounds" | "continuous" | "pairs" | "narrowphase" | "sleep" | "events";

/** Every stage, indexed by `Stage`. */
export const STEP_STAGES: readonly StageInfo[] = [
  {
    name: "changes",
    title: "user changes",
    summary:
      "bodies added, moved, pushed or changed since the last step get fresh broadphase boxes and contacts; the awake lists are brought up to date",
    source: "src/world/world.ts, src/world/membership.ts, src/contacts/contact-manager.ts",
  },
  {
    name: "solve",
    title: "solve",
    summary:
      "per sub-step: forces change velocities, impacts bounce (restitution, at the moment of contact), contact impulses (warm-started, soft), velocities move the bodies, relax; pgs: the same once, then position correction",
    source: "src/solver/solve.ts, src/solver/soft-step.ts, src/solver/pgs.ts",
  },
  {
    name: "bounds",
    title: "bounds",
    summary: "moved bodies' broadphase boxes, swept ahead over their motion in the next step",
    source: "src/collision/broadphase/, src/solver/motion-bounds.ts",
  },
  {
    name: "continuous",
    title: "continuous collision",
    summary: "fast bodies that crossed something this step are put back at their time of impact",
    source: "src/solver/continuous.ts",
  },
  {
    name: "pairs",
    title: "broadphase pairs",
    summary: "pairs whose boxes began to overlap become contacts; the awake contact list is merged in key order",
    source: "src/collision/broadphase/, src/contacts/contact-manager.ts",
  },
  {
    name: "narrowphase",
    title: "narrowphase",
    summary:
      "every awake contact gets a manifold for the bodies' new poses (impulses carried over by feature id); contacts whose boxes parted end",
    source: "src/collision/narrowphase/, src/contacts/contact-manager.ts",
  },
  {
    name: "sleep",
    title: "islands and sleep",
    summary: "islands whose bodies have been still long enough fall asleep",
    source: "src/solver/islands.ts",
  },
  {
    name: "events",
    title: "events",
    summary: "the step's begin, end, hit and sensor events become readable; callbacks run",
    source: "src/world/events.ts, src/world/event-adapter.ts",
  },
];

/** Milliseconds per stage of the last step (updated in place), and their total. */
export type StepProfile = { -readonly [K in StageName]: number } & {
  /** The whole step, ms. */
  total: number;
};

export function newProfile(): StepProfile {
  return { changes: 0, solve: 0, bounds: 0, continuous: 0, pairs: 0, narrowphase: 0, sleep: 0, events: 0, total: 0 };
}

/** A clock in milliseconds (performance.now where there is one). */
export const now: () => number =
  typeof performance !== "undefined" && typeof performance.now === "function" ? () => performance.now() : () => Date.now();
