/**
 * Joints' rows and records (src/joints/joint-rows.ts, joint-constraints.ts),
 * written for the mutation run (issue 34, docs/testing.md), which cannot use
 * test/joints.test.ts's long scenes: short closed forms that every kind's
 * records must get right, in creation order across runs of revolute and
 * other joints, and rows that come back clean when a joint is removed.
 */
import { describe, expect, it } from "vitest";
import { AABB, Circle, World, type Body, type Joint, type JointDef, type WorldOptions } from "../src/entries/capsule2d.js";

const dt = 1 / 60;
const g = 9.81;
const SOLVERS: NonNullable<WorldOptions["solver"]>[] = ["soft-step", "pgs"];

function steps(world: World, n: number): void {
  for (let i = 0; i < n; i++) world.step(dt);
}

type Link = (a: Body, b: Body, at: { x: number; y: number }) => JointDef;
const LINKS: Record<string, Link> = {
  revolute: (bodyA, bodyB, anchor) => ({ type: "revolute", bodyA, bodyB, anchor }),
  distance: (bodyA, bodyB, anchor) => ({ type: "distance", bodyA, bodyB, anchorA: anchor, anchorB: { x: anchor.x, y: anchor.y - 0.1 } }),
  weld: (bodyA, bodyB, anchor) => ({ type: "weld", bodyA, bodyB, anchor }),
  prismatic: (bodyA, bodyB, anchor) => ({ type: "prismatic", bodyA, bodyB, anchor, axis: { x: 0, y: 1 }, enableLimit: true, lower: 0, upper: 0 }),
};

/** A vertical chain hung from a static pivot: links joined by the kinds given (top first), each link 1 kg. */
function chain(world: World, kinds: string[]): { links: Body[]; joints: Joint[] } {
  const pivot = world.add(new AABB({ type: "static", halfWidth: 0.1, halfHeight: 0.1, position: { x: 0, y: 0 } }));
  const links: Body[] = [];
  const joints: Joint[] = [];
  let above: Body = pivot;
  let y = 0;
  for (const kind of kinds) {
    const anchor = { x: 0, y };
    y -= kind === "distance" ? 0.6 : 0.5;
    const link = world.add(new Circle({ radius: 0.2, mass: 1, position: { x: 0, y: y + 0.25 - (kind === "distance" ? 0.1 : 0) } }));
    joints.push(world.addJoint(LINKS[kind]!(above, link, anchor)));
    links.push(link);
    above = link;
  }
  return { links, joints };
}

describe("a mixed chain at rest: each joint carries the weight below it", () => {
  const orders = [
    ["revolute", "distance", "revolute", "weld", "revolute"],
    ["distance", "revolute", "revolute", "prismatic", "distance"],
    ["weld", "prismatic", "distance", "distance", "revolute"],
  ];
  for (const solver of SOLVERS) {
    for (const kinds of orders) {
      it(`${solver}: ${kinds.join(", ")}`, () => {
        const world = new World({ solver, sleeping: false });
        const { joints } = chain(world, kinds);
        steps(world, 240);
        for (let k = 0; k < joints.length; k++) {
          const below = joints.length - k; // 1 kg links
          const f = joints[k]!.reactionForce;
          expect(f.y / (below * g), `${kinds[k]} joint ${k}`).toBeCloseTo(1, 2);
          expect(Math.abs(f.x)).toBeLessThan(1e-3 * below * g);
        }
      });
    }
  }
});

describe("a removed joint's row comes back clean", () => {
  for (const solver of SOLVERS) {
    it(`${solver}: a pendulum on a reused row moves with the same bits as one on a new row`, () => {
      const run = (reuse: boolean): number[] => {
        const world = new World({ solver, sleeping: false });
        const pivot = world.add(new AABB({ type: "static", halfWidth: 0.1, halfHeight: 0.1, position: { x: 0, y: 0 } }));
        if (reuse) {
          // a joint of every row part (spring, motor, limits), loaded for a while, then removed
          const other = world.add(new Circle({ radius: 0.2, position: { x: -1, y: 0 } }));
          const j = world.addJoint({ type: "revolute", bodyA: pivot, bodyB: other, anchor: { x: 0, y: 0 }, enableMotor: true, motorSpeed: 3, maxMotorTorque: 50, enableLimit: true, lowerAngle: -0.5, upperAngle: 0.5, enableSpring: true, hertz: 2 });
          steps(world, 30);
          world.removeJoint(j);
          world.remove(other);
        }
        const bob = world.add(new Circle({ radius: 0.2, position: { x: 1, y: 0 } }));
        world.addJoint({ type: "revolute", bodyA: pivot, bodyB: bob, anchor: { x: 0, y: 0 } });
        const out: number[] = [];
        for (let i = 0; i < 60; i++) {
          world.step(dt);
          out.push(bob.position.x, bob.position.y, bob.angularVelocity);
        }
        return out;
      };
      expect(run(true)).toEqual(run(false));
    });
  }
});

describe("warm starting off: every step starts from zero impulses", () => {
  it("a hanging mass's reaction is still its weight, and a pendulum still swings at its period", () => {
    const world = new World({ sleeping: false, warmStarting: false });
    const pivot = world.add(new AABB({ type: "static", halfWidth: 0.1, halfHeight: 0.1, position: { x: 0, y: 0 } }));
    const hang = world.add(new Circle({ radius: 0.1, mass: 2, position: { x: 0, y: -1 } }));
    const j = world.addJoint({ type: "revolute", bodyA: pivot, bodyB: hang, anchor: { x: 0, y: 0 } });
    const pivot2 = world.add(new AABB({ type: "static", halfWidth: 0.1, halfHeight: 0.1, position: { x: 10, y: 0 } }));
    const bob = world.add(new Circle({ radius: 0.05, position: { x: 10 + Math.sin(0.1), y: -Math.cos(0.1) } }));
    world.addJoint({ type: "distance", bodyA: pivot2, bodyB: bob, anchorA: { x: 10, y: 0 }, anchorB: bob.position });
    const L = 1;
    const T = 2 * Math.PI * Math.sqrt(L / g);
    let crossings: number[] = [];
    let last = bob.position.x - 10;
    for (let i = 1; i <= 240; i++) {
      world.step(dt);
      const x = bob.position.x - 10;
      if (last > 0 && x <= 0) crossings.push(i * dt - (x / (x - last)) * dt);
      last = x;
    }
    crossings = crossings.slice(0, 2);
    expect(crossings.length).toBe(2);
    expect((crossings[1]! - crossings[0]!) / T).toBeCloseTo(1, 1);
    expect(j.reactionForce.y / (2 * g)).toBeCloseTo(1, 2);
  });
});
