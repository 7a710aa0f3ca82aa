/**
 * The journal hook: how a recorder (src/replay/, outside the core) hears of
 * every call that changes a world.
 *
 * Every method that changes a world, one of its bodies or one of its joints
 * reports itself here once its input has been checked and before it changes
 * anything (so a call that throws is not reported): bodies and joints
 * through the same `mutable(what, ...)` check that refuses changes during a
 * step, the world from `add`, `remove`, `addJoint`, `removeJoint`,
 * `setOptions` (and the `gravity` setter), `setForceField`, `step` and
 * `advance`. The report is the target, the method's name and its arguments
 * as given: replaying means calling the same method with the same arguments.
 * `stepped` follows each step, before its events are delivered (handlers'
 * changes are reported after it).
 *
 * With no journal attached (the default) the cost is one null test per
 * changing call and none inside the step.
 */
/** The world as a journal sees it (kept abstract: the core does not depend on who listens). */
export type JournalTarget = object;

export interface WorldJournal {
  /**
   * `target` (the world, or a body or joint in it) is about to run `method`
   * with the arguments `a`, `b`, `c` (checked). Two calls are reported once
   * they have succeeded instead: `add` (`a` is the body, with its new id)
   * and `addJoint` (`a` is the definition, `b` the new joint).
   */
  call(target: JournalTarget, method: string, a?: unknown, b?: unknown, c?: unknown): void;
  /** A step (the world's `stepCount`-th) has finished; its events are not yet delivered. */
  stepped(): void;
}
