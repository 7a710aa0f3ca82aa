/**
 * planck.js 1.5 (a JavaScript port of Box2D v2.x).
 *
 * Settings: 8 velocity and 3 position iterations (planck's and Box2D v2's
 * recommended values). planck has no capsule shape, so capsules-2000 is
 * skipped; in ragdoll_rain and tumbler, where capsules stand for any rounded
 * body, each capsule is a polygon of 4–8 vertices instead
 * (engines/common.mjs capsulePolygon). Kinematic container (tumbler): one
 * kinematic body with an offset box fixture per wall. (planck 1.5 declares Node ≥ 24 in
 * its package.json; it runs on the Node this benchmark uses, only npm warns.)
 */
import { World, Circle, Box, Chain, Polygon, RevoluteJoint, Vec2, Settings } from "planck";
import { buildWorld, capsulePolygon, capsulePolygonNote, densityOf, noCapsules } from "./common.mjs";

export const describe = { label: "planck.js", package: "planck 1.5.0", language: "JS" };

const VELOCITY_ITERATIONS = 8;
const POSITION_ITERATIONS = 3;

export function unsupported(scene) {
  return noCapsules(scene, "planck");
}

export async function create(scene) {
  const world = new World({ gravity: { x: scene.gravity.x, y: scene.gravity.y }, allowSleep: false });
  const { friction, restitution } = scene.material;

  const shapeOf = (b) => {
    if (b.kind === "circle") return new Circle(b.radius);
    if (b.kind === "capsule") {
      return new Polygon(capsulePolygon(b.halfLength, b.radius, Settings.polygonRadius).map((p) => Vec2(p.x, p.y)));
    }
    return new Box(b.halfWidth, b.halfHeight);
  };

  const built = buildWorld(scene, {
    addKinematic(k) {
      const body = world.createBody({ type: "kinematic", position: { x: k.x, y: k.y }, angularVelocity: k.angularVelocity });
      for (const w of k.boxes) {
        body.createFixture({ shape: new Box(w.halfWidth, w.halfHeight, Vec2(w.x, w.y), 0), friction, restitution });
      }
    },
    addChain(c) {
      // a ChainShape (Box2D v2's chain: edges with ghost vertices between neighbours)
      const body = world.createBody({ type: "static", position: { x: 0, y: 0 } });
      body.createFixture({ shape: new Chain(c.points.map((p) => Vec2(p.x, p.y)), false), friction, restitution });
    },
    addStatic(s) {
      const body = world.createBody({ type: "static", position: { x: s.x, y: s.y } });
      body.createFixture({ shape: new Box(s.halfWidth, s.halfHeight), friction, restitution });
    },
    addBody(b) {
      const body = world.createBody({
        type: b.static ? "static" : "dynamic",
        position: { x: b.x, y: b.y },
        angle: b.angle ?? 0,
        fixedRotation: b.fixedRotation === true,
        allowSleep: false,
        ...(b.velocity ? { linearVelocity: { x: b.velocity.x, y: b.velocity.y } } : {}),
      });
      const shapes =
        b.kind === "compound"
          ? b.parts.map((p) =>
              p.kind === "circle" ? new Circle(Vec2(p.x, p.y), p.radius) : new Box(p.halfWidth, p.halfHeight, Vec2(p.x, p.y), p.angle ?? 0),
            )
          : [shapeOf(b)];
      for (const shape of shapes) {
        const fixture = { shape, density: densityOf(b, scene), friction, restitution };
        if (b.filter) Object.assign(fixture, { filterCategoryBits: b.filter.category, filterMaskBits: b.filter.mask });
        body.createFixture(fixture);
      }
      return body;
    },
    addJoint(j, bodyA, bodyB) {
      const def = j.limit ? { enableLimit: true, lowerAngle: j.limit.lower, upperAngle: j.limit.upper } : {};
      return world.createJoint(new RevoluteJoint(def, bodyA, bodyB, Vec2(j.anchor.x, j.anchor.y)));
    },
    removeJoint(joint) {
      world.destroyJoint(joint);
    },
    removeBody(body) {
      world.destroyBody(body);
    },
  });
  const bodies = built.handles;

  const dt = scene.dt;
  return {
    settings:
      `velocityIterations ${VELOCITY_ITERATIONS}, positionIterations ${POSITION_ITERATIONS}; sleeping off` +
      capsulePolygonNote(scene),
    step() {
      world.step(dt, VELOCITY_ITERATIONS, POSITION_ITERATIONS);
    },
    readPositions(out) {
      for (let i = 0; i < bodies.length; i++) {
        if (bodies[i] === null) continue;
        const p = bodies[i].getPosition();
        out[2 * i] = p.x;
        out[2 * i + 1] = p.y;
      }
    },
    readAngles(out) {
      for (let i = 0; i < bodies.length; i++) {
        if (bodies[i] !== null) out[i] = bodies[i].getAngle();
      }
    },
    spawn: built.spawn,
    despawn: built.despawn,
  };
}
