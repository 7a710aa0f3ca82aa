/**
 * The row layout table: where each number of a contact constraint and of a
 * joint lies in its rows of typed arrays (the field's offset in its row, and
 * the numbers per row). Everything that reads the rows takes the offsets from
 * here, under these names:
 *
 * - the JavaScript contact kernels (contact-kernels.ts, which re-exports the
 *   contact part for the other modules) and the joint rows
 *   (../joints/joint-rows.ts, which re-exports the joint part);
 * - the WebAssembly passes: wasm/contact-passes.ts (AssemblyScript) imports
 *   this file, so it holds only lines `export const NAME = <integer>;`, which
 *   AssemblyScript compiles too (scripts/row-layout.mjs checks that).
 *
 * The kernels need the offsets as literals (V8 does not fold an imported
 * constant: a loop of typed-array loads ran 1.8× slower with imported offsets
 * than with literals, Node 20; and the solver threads' workers compile them
 * from their source text, which must stand alone). So every pipeline that runs the sources writes the numbers
 * into the modules that import this file: scripts/row-layout.mjs, used by
 * scripts/build.mjs (dist/), scripts/serve.mjs (the examples) and
 * vitest.config.ts.
 */

// ---- contact constraints (contact-kernels.ts): `values`, one block of CONTACT_STRIDE per constraint
/** Numbers per constraint in `values` (five 64-byte cache lines): its own, then POINT_STRIDE for each of its two points. */
export const CONTACT_STRIDE = 40;
/** The normal (unit, from A to B): x and y. */
export const C_NX = 0;
/** See `C_NX`. */
export const C_NY = 1;
/** Friction coefficient (mixed). */
export const C_FRICTION = 2;
/** Conveyor speed along the tangent (the bodies' `tangentSpeed` summed, as in Box2D v3.1). */
export const C_TANGENT_SPEED = 3;
/** Restitution (mixed). */
export const C_RESTITUTION = 4;
/** Rolling resistance: the coefficient × the larger radius (m). */
export const C_ROLLING = 5;
/** Rolling resistance: 1 / (1/IA + 1/IB). */
export const C_ROLLING_MASS = 6;
/** Rolling resistance: the accumulated impulse (N·m·s). */
export const C_ROLLING_IMPULSE = 7;
/** Point j's numbers start at C_POINT + POINT_STRIDE · j of the constraint's block. */
export const C_POINT = 8;
/** Numbers per point. */
export const POINT_STRIDE = 16;
// within a point
/** Anchors from each body's centre: rA (x, y), then rB. */
export const PT_RAX = 0;
/** See `PT_RAX`. */
export const PT_RAY = 1;
/** See `PT_RAX`. */
export const PT_RBX = 2;
/** See `PT_RAX`. */
export const PT_RBY = 3;
/**
 * Separation anchors: each body's *core* point under the contact (its
 * surface point moved in by its radius: a circle's centre, a point of a
 * capsule's segment, a box's surface), relative to the body's centre, sA
 * (x, y) then sB. The separation estimate carries these with the bodies, so
 * a spinning circle's separation does not change (its centre does not move
 * when it turns), even for a speculative point far from its surface.
 */
export const PT_SAX = 4;
/** See `PT_SAX`. */
export const PT_SAY = 5;
/** See `PT_SAX`. */
export const PT_SBX = 6;
/** See `PT_SAX`. */
export const PT_SBY = 7;
/** Separation (−depth) at the start of the step. */
export const PT_SEPARATION = 8;
/** Effective masses along the normal and the tangent. */
export const PT_NORMAL_MASS = 9;
/** See `PT_NORMAL_MASS`. */
export const PT_TANGENT_MASS = 10;
/** Accumulated impulses along the normal and the tangent (of the current sub-step). */
export const PT_NORMAL_IMPULSE = 11;
/** See `PT_NORMAL_IMPULSE`. */
export const PT_TANGENT_IMPULSE = 12;
/** PGS: the normal velocity aimed for (Baumgarte push-out or speculative gap). */
export const PT_BIAS = 13;
/** Normal and tangent impulse applied over the whole step (all sub-steps and bounces). */
export const PT_TOTAL_NORMAL = 14;
/** See `PT_TOTAL_NORMAL`. */
export const PT_TOTAL_TANGENT = 15;

// ---- contact constraints: `ints`, one block of INT_STRIDE per constraint
/** Integers per constraint in `ints`. */
export const INT_STRIDE = 4;
/** The bodies' solver slots. */
export const I_SLOT_A = 0;
/** See `I_SLOT_A`. */
export const I_SLOT_B = 1;
/** Points: 1 or 2. */
export const I_COUNT = 2;
/** 1 for a contact with a still body (the stiffer softness), else 0. */
export const I_STIFF = 3;

// ---- contact passes: `params`, set before each pass
/** 1 / sub-step length. */
export const P_INV_H = 0;
/** −restitutionThreshold: a relax pass leaves a point arriving faster than this for its bounce. */
export const P_BOUNCE_BELOW = 1;
/** maxContactPushSpeed. */
export const P_MAX_PUSH = 2;
/** Softness of contacts between moving bodies: bias rate, mass scale, impulse scale. */
export const P_SOFT_BIAS = 3;
/** See `P_SOFT_BIAS`. */
export const P_SOFT_MASS = 4;
/** See `P_SOFT_BIAS`. */
export const P_SOFT_IMPULSE = 5;
/** Softness of contacts with a still body. */
export const P_STIFF_BIAS = 6;
/** See `P_STIFF_BIAS`. */
export const P_STIFF_MASS = 7;
/** See `P_STIFF_BIAS`. */
export const P_STIFF_IMPULSE = 8;
/** Length of `params`. */
export const PARAM_COUNT = 9;

// ---- joints (../joints/joint-rows.ts): `rec`, JOINT_STRIDE numbers per row, what the velocity passes read
/** Numbers per row of `rec` (the base part first, then the impulses and the revolute part; the hot ones share the first cache lines). */
export const JOINT_STRIDE = 28;
/** Inverse masses and inverse inertias of A and B. */
export const R_MA = 0;
/** See `R_MA`. */
export const R_MB = 1;
/** See `R_MA`. */
export const R_IA = 2;
/** See `R_MA`. */
export const R_IB = 3;
/** Anchors rotated to the world at the step start (fA, fB). */
export const R_FAX = 4;
/** See `R_FAX`. */
export const R_FAY = 5;
/** See `R_FAX`. */
export const R_FBX = 6;
/** See `R_FAX`. */
export const R_FBY = 7;
/** Centre of B − centre of A at the step start. */
export const R_DCX = 8;
/** See `R_DCX`. */
export const R_DCY = 9;
/** Joint angle at the step start. */
export const R_DANGLE = 10;
/** 1 / (IA⁻¹ + IB⁻¹), 0 when neither turns. */
export const R_ANGULAR_MASS = 11;
/** Accumulated impulses, kept for the next warm start (`impX` ... `upperImp`): point (2D), spring, motor and limits. */
export const R_IMPX = 12;
/** See `R_IMPX`. */
export const R_IMPY = 13;
/** See `R_IMPX`. */
export const R_SPRING_IMP = 14;
/** See `R_IMPX`. */
export const R_MOTOR_IMP = 15;
/** See `R_IMPX`. */
export const R_LOWER_IMP = 16;
/** See `R_IMPX`. */
export const R_UPPER_IMP = 17;
/** Revolute: impulses summed over the step's sub-steps. */
export const R_SUMX = 18;
/** See `R_SUMX`. */
export const R_SUMY = 19;
/** See `R_SUMX`. */
export const R_SUMT = 20;
/** Revolute: the spring's softness this step. */
export const R_SPRING_BIAS = 21;
/** See `R_SPRING_BIAS`. */
export const R_SPRING_MASS = 22;
/** See `R_SPRING_BIAS`. */
export const R_SPRING_IMPULSE = 23;
/** Settings (`_motorSpeed`, `_maxMotor`, `_lower`, `_upper`): motor speed and largest torque or force, limits. */
export const R_MOTOR_SPEED = 24;
/** See `R_MOTOR_SPEED`. */
export const R_MAX_MOTOR = 25;
/** See `R_MOTOR_SPEED`. */
export const R_LOWER = 26;
/** See `R_MOTOR_SPEED`. */
export const R_UPPER = 27;

// ---- joints: `def`, DEF numbers per row, what the step reads once or not at all
/** Numbers per row of `def`. */
export const DEF = 13;
/** Anchors in the bodies' local frames (`lAx`, `lAy`, `lBx`, `lBy`). */
export const D_LAX = 0;
/** See `D_LAX`. */
export const D_LAY = 1;
/** See `D_LAX`. */
export const D_LBX = 2;
/** See `D_LAX`. */
export const D_LBY = 3;
/** Relative angle at which the joint angle is 0 (`_refAngle`). */
export const D_REF_ANGLE = 4;
/** The spring (`_hertz`, `_dampingRatio`). */
export const D_HERTZ = 5;
/** See `D_HERTZ`. */
export const D_DAMPING = 6;
/** Break thresholds (`_breakForce`, `_breakTorque`). */
export const D_BREAK_FORCE = 7;
/** See `D_BREAK_FORCE`. */
export const D_BREAK_TORQUE = 8;
/** The last step's reaction on B (`forceX`, `forceY`, `torque`). */
export const D_FORCEX = 9;
/** See `D_FORCEX`. */
export const D_FORCEY = 10;
/** See `D_FORCEX`. */
export const D_TORQUE = 11;
/** Angular (or axial) impulse of the other kinds (`impA`). */
export const D_IMPA = 12;

// ---- joints: `info`, INFO integers per row
/** Integers per row of `info`. */
export const INFO = 4;
/** The kind (joint.ts REVOLUTE ...). */
export const I_KIND = 0;
/** World slots (`body.slot`) of A and B. */
export const I_BODY_A = 1;
/** See `I_BODY_A`. */
export const I_BODY_B = 2;
/** The switches: `S_LIMIT`, `S_MOTOR`, `S_SPRING`. */
export const I_SWITCHES = 3;
/** Switch: limits on (`_enableLimit`). */
export const S_LIMIT = 1;
/** Switch: motor on (`_enableMotor`). */
export const S_MOTOR = 2;
/** Switch: spring on (`_enableSpring`). */
export const S_SPRING = 4;

// ---- joints: `slots`, SLOTS integers per row: solver slot of A, of B, the revolute part's flags
/** Integers per row of `slots`. */
export const SLOTS = 3;
/** Flag: the spring pulls (it turns, spring enabled, hertz > 0). */
export const F_SPRING = 1;
/** Flag: the motor drives (it turns, motor enabled). */
export const F_MOTOR = 2;
/** Flag: the angle limits hold (it turns, limits enabled). */
export const F_LIMIT = 4;
/** The flags of the parts solved (`F_SPRING`, `F_MOTOR`, `F_LIMIT`). */
export const F_PARTS = 7;
/**
 * Flag: a spring, motor or limit is switched on, so its impulse may not be 0.
 * Without it the four axial impulses are +0 for the whole step (`prepareRevolute`
 * zeroes them and no pass changes them), and the passes need not read them.
 */
export const F_AXIAL = 8;
