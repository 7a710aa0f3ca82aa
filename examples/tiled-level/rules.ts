/**
 * The Tiled level's rules, without the engine: the player's speeds, its own
 * gravity, and the scripted run that finishes the level. Shared by the
 * canvas page's game (level.ts, engine from source) and the Phaser page
 * (examples/tiled-level-phaser/, engine from the built package), so both
 * play the same game.
 */
export const STEP = 1 / 60;
export const RUN_SPEED = 5; // m/s
export const JUMP_SPEED = 7.5; // m/s
export const GRAVITY = 9.81; // m/s², the player's own
/** Below this y the player starts again at the spawn point. */
export const FALL_LIMIT = -3;
/** The player: a capsule standing up (halfLength, radius, m). */
export const PLAYER = { halfLength: 0.4, radius: 0.3 };
/** The controller's settings. */
export const CONTROLLER = { maxSlopeAngle: Math.PI / 4, stepHeight: 0.4, snapDistance: 0.3, skin: 0.01 };

/** The vertical speed for the next step: none on the ground, gravity in the air, a jump from the ground. */
export function nextVy(vy: number, grounded: boolean, onCeiling: boolean, jump: boolean): number {
  let v = vy;
  if (grounded && v <= 0) v = 0;
  else {
    if (onCeiling && v > 0) v = 0;
    v -= GRAVITY * STEP;
  }
  if (jump && grounded) v = JUMP_SPEED;
  return v;
}

/**
 * The scripted run (the browser tests press the same keys): hold →; from
 * the ground at x ≥ 24.5 jump once; once in the air past x = 25.5 let go
 * until landed (on the one-way platform, jumped up through); then hold →
 * again, over the platform's seam with the ledge, into the goal.
 * `phase`: 0 running to the jump, 1 jumping, 2 falling onto the platform,
 * 3 running to the goal. Returns the next phase and the keys for the next step.
 */
export function autopilot(phase: number, x: number, grounded: boolean): { phase: number; right: boolean; jump: boolean } {
  let p = phase;
  let jump = false;
  if (p === 0 && grounded && x >= 24.5) {
    jump = true;
    p = 1;
  } else if (p === 1 && !grounded && x >= 25.5) p = 2;
  else if (p === 2 && grounded) p = 3;
  return { phase: p, right: p !== 2, jump };
}
