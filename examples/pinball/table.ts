/**
 * The pinball page's table, apart from the page so it runs headless too
 * (test/pinball-table.test.ts): every wall is a `Chain`, the flippers are
 * turning boxes on motorised revolute joints, the bumpers kick.
 *
 * The table is 8 m wide and 14.5 m tall (y up, gravity 8 m/s² down the
 * table), a ball of radius 0.25 m:
 *
 * - The outer wall is one looped chain, drawn clockwise: a chain segment
 *   collides on the right of its direction, so a clockwise loop keeps the
 *   ball inside it (a counter-clockwise one keeps bodies outside). Its top
 *   is a half circle of 24 points, which turns the launched ball left
 *   across the table.
 * - The launch lane on the right is split off by a thin counter-clockwise
 *   loop (a post solid on every side); the ball waits at its bottom.
 *   `launch(charge)` gives it 14–18 m/s up the lane (the plunger).
 * - Two inlane guides are open chains drawn from each flipper's pivot
 *   outwards and up, so their solid side, the right, faces up.
 * - Each flipper is a dynamic `Box` hinged at its outer end on a revolute
 *   joint with limits (0.9 rad of travel) and a motor: held down against
 *   its lower limit at rest, swung up at 16 rad/s while its key is held.
 * - Three round bumpers kick the ball on: restitution 0.8, and each hit (a
 *   `contactHit` event, faster than the world's 1 m/s threshold) adds an
 *   impulse of 3 m/s × the ball's mass away from the bumper, and 100 points:
 *   a ball that hits head on at v leaves at 0.8 v + 3 m/s, faster than it
 *   came below 15 m/s.
 * - The ball is a `bullet`: continuous collision sweeps it against the
 *   moving flippers too (not only the static walls), so a flipper swinging
 *   at 16 rad/s into a falling ball never lets it through.
 *
 * A ball that drops below the flippers' tips into the drain (y < 0.9 m,
 * left of the lane) is lost: it goes back to the lane.
 */
import { Box, Chain, Circle, type Body, type Joint, type Vec2, type World } from "../../src/entries/capsule2d.js";

export const GRAVITY = { x: 0, y: -8 };
/**
 * The table's step, s: 120 a second, so a flipper at 16 rad/s turns
 * 0.13 rad a step. A contact keeps its normal for the whole step while the
 * flipper's face turns under it, so a ball that a swinging flipper meets
 * sinks into it: with 60 steps a second (and flippers at 20 rad/s, 0.24 m
 * thick) measured up to 0.3 m, more than the ball's radius; as built here,
 * at most 0.12 m (test/pinball-table.test.ts holds it below the radius).
 */
export const TABLE_DT = 1 / 120;
/** The table's world options (the page's and the tests'). */
export const WORLD_OPTIONS = { gravity: GRAVITY, fixedDt: TABLE_DT };
export const BALL_RADIUS = 0.25;
/** The table's walls: x in [−HALF_WIDTH, HALF_WIDTH], from y = 0 up to the top of the arch. */
export const HALF_WIDTH = 4;
/** Where the arch's half circle starts (its centre's height; its radius is HALF_WIDTH). */
export const ARCH_Y = 10.5;
/** The launch lane: between the post's right side and the right wall. */
export const LANE_LEFT = 3.35;
export const LANE_TOP = 9;
/** Where the ball waits for the plunger. */
export const BALL_START: Vec2 = { x: (LANE_LEFT + HALF_WIDTH) / 2, y: BALL_RADIUS + 0.01 };
/** The drain: a ball whose centre is below this, left of the lane, is lost. */
export const DRAIN_Y = 0.9;
export const FLIPPER_HALF_LENGTH = 0.75;
export const FLIPPER_HALF_THICKNESS = 0.16;
/** How far in from the flipper's outer end its pivot is. */
export const PIVOT_INSET = 0.1;
/** The flippers' pivots (left; the right one is its mirror image). */
export const PIVOT: Vec2 = { x: -1.9, y: 1.8 };
/** A flipper at rest points 0.5 rad below the horizontal, towards the middle; flipped, 0.4 rad above. */
export const REST_ANGLE = 0.5;
export const FLIP_TRAVEL = 0.9;
export const FLIP_SPEED = 16;
export const FLIP_TORQUE = 600;
export const BUMPERS: readonly Vec2[] = [
  { x: -1.4, y: 8.2 },
  { x: 1.4, y: 8.2 },
  { x: 0, y: 10.2 },
];
export const BUMPER_RADIUS = 0.45;
/** Below 1, so that hit after hit the ball does not gain speed without end: with the kick, v_out = 0.8 v_in + 3 m/s (15 m/s at most, head on). */
export const BUMPER_RESTITUTION = 0.8;
/** The kick of a bumper hit, m/s added to the ball away from the bumper. */
export const BUMPER_KICK = 3;
export const POINTS_PER_BUMPER = 100;

/** The outer wall's points, clockwise (up the left wall, over the arch, down the right wall; the loop closes along the bottom). */
export function outline(): Vec2[] {
  const points: Vec2[] = [{ x: -HALF_WIDTH, y: 0 }];
  const n = 24;
  for (let i = 0; i <= n; i++) {
    const a = Math.PI - (Math.PI * i) / n; // from the left (π) over the top to the right (0)
    points.push({ x: HALF_WIDTH * Math.cos(a), y: ARCH_Y + HALF_WIDTH * Math.sin(a) });
  }
  points.push({ x: HALF_WIDTH, y: 0 });
  return points;
}

/** Whether a point is inside a polygon (even-odd rule). */
export function insidePolygon(p: Vec2, polygon: readonly Vec2[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i]!;
    const b = polygon[j]!;
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

export interface Flipper {
  body: Body;
  joint: Joint;
  /** −1 for the left flipper, 1 for the right one. */
  side: -1 | 1;
  /** The motor's speed that swings it up (the sign of its upward turn × FLIP_SPEED). */
  upSpeed: number;
}

export class PinballTable {
  readonly ball: Body;
  readonly flippers: readonly [Flipper, Flipper];
  readonly bumpers: Body[] = [];
  readonly walls: Body[] = [];
  readonly outline = outline();
  score = 0;
  bumperHits = 0;
  launches = 0;
  ballsLost = 0;
  /** Steps in which the ball's centre was outside the outer wall (0 in a sound table). */
  escapes = 0;
  /** Steps in which a number of the ball was not finite. */
  nonFinite = 0;
  /** How far the ball's surface went into a flipper at worst, m (0 when it never overlapped one). */
  deepestIntoFlipper = 0;
  /** Each flipper's key (or button, or touch) held. */
  readonly held = { left: false, right: false };

  constructor(readonly world: World) {
    const wall = { type: "static" as const, friction: 0.2, restitution: 0.3, label: "wall" };
    this.walls.push(world.add(new Chain({ ...wall, points: this.outline, loop: true })));
    // the lane's post: counter-clockwise, so solid on its outside (both faces of the thin wall)
    const post = [
      { x: LANE_LEFT - 0.1, y: 0 },
      { x: LANE_LEFT, y: 0 },
      { x: LANE_LEFT, y: LANE_TOP },
      { x: LANE_LEFT - 0.1, y: LANE_TOP },
    ];
    this.walls.push(world.add(new Chain({ ...wall, points: post, loop: true, label: "lane post" })));
    // the inlane guides: from the pivot outwards and up, solid side (the right) up
    for (const side of [-1, 1] as const) {
      const outer = side < 0 ? -HALF_WIDTH : LANE_LEFT - 0.1;
      // It ends above the flipper's outer end, so the ball rolls off it onto the flipper, and clear of
      // the flipper's swing: a flipper whose end rose into the guide (its centre in front of the guide's
      // line, so the one-sided chain holds it) would be pushed back down while flipped.
      const end = { x: side * (-PIVOT.x + 0.1), y: PIVOT.y + 0.3 };
      const guide = side < 0 ? [end, { x: outer, y: PIVOT.y + 1.6 }] : [{ x: outer, y: PIVOT.y + 1.6 }, end];
      this.walls.push(world.add(new Chain({ ...wall, points: guide, label: "inlane" })));
    }
    for (const at of BUMPERS) {
      this.bumpers.push(world.add(new Circle({ position: at, radius: BUMPER_RADIUS, type: "static", restitution: BUMPER_RESTITUTION, friction: 0, label: "bumper" })));
    }
    this.flippers = [this.addFlipper(-1), this.addFlipper(1)];
    this.ball = world.add(
      new Circle({ position: BALL_START, radius: BALL_RADIUS, density: 2, friction: 0.2, bullet: true, enableSleep: false, label: "ball" }),
    );
    world.on("contactHit", ({ hits }) => {
      for (const h of hits) {
        const bumper = h.bodyA.label === "bumper" ? h.bodyA : h.bodyB.label === "bumper" ? h.bodyB : null;
        const other = bumper === h.bodyA ? h.bodyB : h.bodyA;
        if (bumper === null || other !== this.ball) continue;
        this.bumperHits++;
        this.score += POINTS_PER_BUMPER;
        // kick: an impulse away from the bumper's centre
        const dx = this.ball.position.x - bumper.position.x;
        const dy = this.ball.position.y - bumper.position.y;
        const d = Math.sqrt(dx * dx + dy * dy);
        if (d > 0) {
          const j = (this.ball.mass * BUMPER_KICK) / d;
          this.ball.applyImpulse({ x: dx * j, y: dy * j });
        }
      }
    });
  }

  private addFlipper(side: -1 | 1): Flipper {
    const world = this.world;
    const pivot = { x: side * -PIVOT.x, y: PIVOT.y };
    // the box runs from the pivot towards the middle, REST_ANGLE below the horizontal
    const dx = -side * Math.cos(REST_ANGLE);
    const dy = -Math.sin(REST_ANGLE);
    const body = world.add(
      new Box({
        position: { x: pivot.x + dx * (FLIPPER_HALF_LENGTH - PIVOT_INSET), y: pivot.y + dy * (FLIPPER_HALF_LENGTH - PIVOT_INSET) },
        angle: side * REST_ANGLE,
        halfWidth: FLIPPER_HALF_LENGTH,
        halfHeight: FLIPPER_HALF_THICKNESS,
        radius: 0.02,
        density: 4,
        friction: 0.6,
        enableSleep: false,
        label: side < 0 ? "left flipper" : "right flipper",
      }),
    );
    // the hinge's body: a static pin that collides with nothing (the flipper's own end covers it)
    const hinge = world.add(
      new Circle({ position: pivot, radius: 0.05, type: "static", collisionFilter: { category: 1, mask: 0 }, label: "pivot" }),
    );
    // The left flipper swings up counter-clockwise (positive angles), the right one clockwise.
    const upSpeed = -side * FLIP_SPEED;
    const joint = world.addJoint({
      type: "revolute", bodyA: hinge, bodyB: body, anchor: pivot,
      enableLimit: true, lowerAngle: side < 0 ? 0 : -FLIP_TRAVEL, upperAngle: side < 0 ? FLIP_TRAVEL : 0,
      enableMotor: true, motorSpeed: -upSpeed, maxMotorTorque: FLIP_TORQUE,
    });
    return { body, joint, side, upSpeed };
  }

  /** Whether the ball waits in the lane for the plunger. */
  ballInLane(): boolean {
    const p = this.ball.position;
    return p.x > LANE_LEFT && p.y < 1.5 && Math.abs(this.ball.velocity.y) < 0.5;
  }

  /** The plunger: `charge` in [0, 1] launches a waiting ball up the lane at 14–18 m/s. Returns whether it did. */
  launch(charge: number): boolean {
    if (!this.ballInLane()) return false;
    const c = Math.min(1, Math.max(0, charge));
    this.ball.setVelocity({ x: 0, y: 14 + 4 * c });
    this.launches++;
    return true;
  }

  /** Before each step: the flippers' motors from what is held (only a change is passed on). */
  beforeStep(): void {
    for (const f of this.flippers) {
      const up = f.side < 0 ? this.held.left : this.held.right;
      const speed = up ? f.upSpeed : -f.upSpeed;
      if (f.joint.motorSpeed !== speed) f.joint.setMotorSpeed(speed);
    }
  }

  /** After each step: the checks (inside, finite, into a flipper), and a drained ball back to the lane. */
  afterStep(): void {
    const b = this.ball;
    const p = b.position;
    const v = b.velocity;
    if (![p.x, p.y, v.x, v.y, b.angularVelocity].every(Number.isFinite)) this.nonFinite++;
    if (!insidePolygon(p, this.outline)) this.escapes++;
    for (const f of this.flippers) this.deepestIntoFlipper = Math.max(this.deepestIntoFlipper, BALL_RADIUS - boxDistance(f.body, p));
    if (p.y < DRAIN_Y && p.x < LANE_LEFT - 0.1) {
      this.ballsLost++;
      b.setPosition(BALL_START);
      b.setVelocity({ x: 0, y: 0 });
      b.setAngularVelocity(0);
    }
  }

  /** A flipper's angle up from rest, rad (0 at rest, FLIP_TRAVEL flipped). */
  lift(f: Flipper): number {
    return f.side < 0 ? f.joint.angle : -f.joint.angle;
  }
}

/** The distance from a point to a Box body's rounded outline (negative inside). */
function boxDistance(box: Body, p: Vec2): number {
  const c = box.rotCos;
  const s = box.rotSin;
  const dx = p.x - box.position.x;
  const dy = p.y - box.position.y;
  const lx = Math.abs(c * dx + s * dy) - box.halfWidth;
  const ly = Math.abs(-s * dx + c * dy) - box.halfHeight;
  const outside = Math.hypot(Math.max(lx, 0), Math.max(ly, 0));
  return outside + Math.min(Math.max(lx, ly), 0) - 0.02;
}

/**
 * A simple player for tests and the page's "auto" switch: a flipper is
 * flipped when the ball comes down over it (within reach of its tip), held
 * up for 0.2 s (`HOLD` steps), then let go for at least 0.25 s, so a ball
 * that comes to rest in the crook of a raised flipper rolls back down it
 * and is flipped again. Plain numbers in, which flippers to hold out.
 */
export class FlipperBot {
  static readonly HOLD = Math.round(0.2 / TABLE_DT);
  static readonly REST = Math.round(0.25 / TABLE_DT);
  private readonly hold = [0, 0];
  private readonly rest = [0, 0];
  readonly held = { left: false, right: false };

  /** Decide for the next step from the ball's position and vertical velocity. */
  decide(x: number, y: number, vy: number): { left: boolean; right: boolean } {
    for (const i of [0, 1]) {
      const side = i === 0 ? -1 : 1;
      const over = y < PIVOT.y + 1.6 && side * x > -0.2 && side * x < -PIVOT.x + 0.3;
      let up = false;
      if (this.hold[i]! > 0) {
        this.hold[i]!--;
        up = true;
        if (this.hold[i] === 0) this.rest[i] = FlipperBot.REST;
      } else if (this.rest[i]! > 0) {
        this.rest[i]!--;
      } else if (over && vy < -0.3) {
        this.hold[i] = FlipperBot.HOLD - 1;
        up = true;
      }
      if (i === 0) this.held.left = up;
      else this.held.right = up;
    }
    return this.held;
  }
}
