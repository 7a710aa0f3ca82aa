/**
 * The stages of one `world.step()`, as data: the step runs them in this
 * order, `world.profile` times each one, and the lab's pipeline page lists
 * them from here.
 */

/** Stage numbers, in the order the step runs them. */
export const Stage = {
  Changes: 0,
  Solve: 1,
  Bounds: 2,
  Continuous: 3,
  Pairs: 4,
  Narrowphase: 5,
  Sleep: 6,
  Events: 7,
} as const;
export type Stage = (typeof Stage)[keyof typeof Stage];

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

export type StageName = "changes" | "solve" | "bounds" | "continuous" | "pairs" | "narrowphase" | "sleep" | "events";

/** Every stage, indexed by `Stage`. */
export const STEP_STAGES: readonly StageInfo[] = [
  {
    name: "changes",
    title: "user changes",
    summary:
      "bodies added, moved, pushed or changed since the last step get fresh broadphase boxes and contacts; the awake lists are brought up to date",
    source: "src/world.ts, src/contacts/contact-manager.ts",
  },
  {
    name: "solve",
    title: "solve",
    summary:
      "per sub-step: forces change velocities, impacts bounce (restitution, at the moment of contact), contact impulses (warm-started, soft), velocities move the bodies, relax; pgs: the same once, then position correction",
    source: "src/solver/",
  },
  {
    name: "bounds",
    title: "bounds",
    summary: "moved bodies' broadphase boxes, swept ahead over their motion in the next step",
    source: "src/broadphase/, src/solver/continuous.ts",
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
    source: "src/broadphase/, src/contacts/contact-manager.ts",
  },
  {
    name: "narrowphase",
    title: "narrowphase",
    summary:
      "every awake contact gets a manifold for the bodies' new poses (impulses carried over by feature id); contacts whose boxes parted end",
    source: "src/narrowphase/, src/contacts/contact-manager.ts",
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
    source: "src/world/events.ts",
  },
];

/** Milliseconds per stage of the last step (updated in place), and their total. */
export type StepProfile = { -readonly [K in StageName]: number } & { total: number };

export function newProfile(): StepProfile {
  return { changes: 0, solve: 0, bounds: 0, continuous: 0, pairs: 0, narrowphase: 0, sleep: 0, events: 0, total: 0 };
}

/** A clock in milliseconds (performance.now where there is one). */
export const now: () => number =
  typeof performance !== "undefined" && typeof performance.now === "function" ? () => performance.now() : () => Date.now();
