/**
 * The chain page's scene, apart from the page so it reads (and runs
 * headless) on its own: capsule links hinged end to end with revolute
 * joints, hanging from a static block, with a heavy ball on the last link.
 *
 * A floor lies below (a chain of more than 26 links reaches it).
 *
 * The chain starts straight out to the side of its pivot and swings down:
 * at the bottom of the swing the joints carry the ball's weight several
 * times over, the hardest moment for a soft joint solver with a heavy mass
 * on light links.
 */
import { AABB, Capsule, Circle, type Body, type Joint, type Vec2, type World } from "../../src/entries/capsule2d.js";

/** Each link is a capsule of this half length and radius; hinge to hinge it is 2 × LINK_HALF_LENGTH long. */
export const LINK_HALF_LENGTH = 0.15;
export const LINK_RADIUS = 0.05;
export const BALL_RADIUS = 0.3;

export interface ChainOptions {
  /** Where the chain hangs from. */
  pivot: Vec2;
  links: number;
  /** The ball's mass over one link's. */
  massRatio: number;
  /** Direction the chain starts in, radians (0: straight out to the right, −π/2: hanging down). */
  angle: number;
}

export interface Chain {
  anchor: Body;
  links: Body[];
  ball: Body;
  /** From the anchor block down to the ball, in order. */
  joints: Joint[];
  /** Hinge to hinge along the chain, m: links × 2 × LINK_HALF_LENGTH. */
  restLength: number;
}

export function addChain(world: World, o: ChainOptions): Chain {
  const dx = Math.cos(o.angle);
  const dy = Math.sin(o.angle);
  const at = (d: number): Vec2 => ({ x: o.pivot.x + dx * d, y: o.pivot.y + dy * d });
  const anchor = world.add(new AABB({ position: { x: o.pivot.x, y: o.pivot.y + 0.15 }, halfWidth: 0.3, halfHeight: 0.15, type: "static", label: "anchor" }));
  // A floor a little below the lowest a 20-link chain reaches; longer chains lie on it.
  world.add(AABB.fromBounds({ x: -15, y: -1 }, { x: 15, y: 0 }, { type: "static", label: "floor" }));
  const links: Body[] = [];
  const joints: Joint[] = [];
  const step = 2 * LINK_HALF_LENGTH;
  let prev: Body = anchor;
  for (let i = 0; i < o.links; i++) {
    const link = world.add(
      new Capsule({ position: at((i + 0.5) * step), angle: o.angle, halfLength: LINK_HALF_LENGTH, radius: LINK_RADIUS, label: "link" }),
    );
    joints.push(world.addJoint({ type: "revolute", bodyA: prev, bodyB: link, anchor: at(i * step) }));
    links.push(link);
    prev = link;
  }
  const linkMass = links[0]?.mass ?? 0.1;
  const ball = world.add(
    new Circle({ position: at(o.links * step + BALL_RADIUS), radius: BALL_RADIUS, mass: o.massRatio * linkMass, label: "ball" }),
  );
  joints.push(world.addJoint({ type: "revolute", bodyA: prev, bodyB: ball, anchor: at(o.links * step) }));
  return { anchor, links, ball, joints, restLength: o.links * step };
}

/**
 * The chain's length now, hinge to hinge: the path through the middle of
 * each joint's two anchors, from the anchor block's joint to the ball's.
 * Each link is rigid, so anything above `restLength` is the joints giving.
 */
export function chainLength(chain: Chain): number {
  let length = 0;
  let px = 0;
  let py = 0;
  for (let i = 0; i < chain.joints.length; i++) {
    const j = chain.joints[i]!;
    const a = j.anchorA;
    const b = j.anchorB;
    const mx = (a.x + b.x) / 2;
    const my = (a.y + b.y) / 2;
    if (i > 0) length += Math.sqrt((mx - px) * (mx - px) + (my - py) * (my - py));
    px = mx;
    py = my;
  }
  return length;
}
