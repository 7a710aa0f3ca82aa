/**
 * The joint kinds, by name and by internal index. A module of their own
 * (joint.ts re-exports them), so that code that only tells kinds apart
 * (the debug renderer) does not pull in the Joint class, whose accessors
 * are defined when its module loads.
 */

/** The seven joint types, as `def.type` and `joint.type` name them. */
export type JointType = "revolute" | "prismatic" | "distance" | "weld" | "wheel" | "motor" | "filter";
/** Every `JointType`, in the order of their internal indices. */
export const JOINT_TYPES: readonly JointType[] = ["revolute", "prismatic", "distance", "weld", "wheel", "motor", "filter"];

export const REVOLUTE = 0;
export const PRISMATIC = 1;
export const DISTANCE = 2;
export const WELD = 3;
export const WHEEL = 4;
export const MOTOR = 5;
export const FILTER = 6;
