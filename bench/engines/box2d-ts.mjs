/**
 * @box2d/core 0.11: box2d.ts, a TypeScript port of Box2D v2.4.
 *
 * Settings: 8 velocity and 3 position iterations (Box2D v2's recommended
 * values). Box2D v2 has no capsule shape, so capsules-2000 is skipped; in
 * ragdoll_rain and tumbler, where capsules stand for any rounded body, each
 * capsule is a polygon of 4–8 vertices instead (engines/common.mjs
 * capsulePolygon). Kinematic container (tumbler): one kinematic body with an
 * offset box fixture per wall.
 */
import { b2World, b2BodyType, b2ChainShape, b2CircleShape, b2PolygonShape, b2RevoluteJointDef, b2_polygonRadius } from "@box2d/core";
import { buildWorld, capsulePolygon, capsulePolygonNote, densityOf, noCapsules } from "./common.mjs";

export const describe = { label: "box2d.ts", package: "@box2d/core 0.11.0", language: "TS → JS" };

const ITERATIONS = { velocityIterations: 8, positionIterations: 3 };

export function unsupported(scene) {
  return noCapsules(scene, "Box2D v2.4");
}

function box(hw, hh) {
  const shape = new b2PolygonShape();
  shape.SetAsBox(hw, hh);
  return shape;
}

function shapeOf(b) {
  if (b.kind === "circle") return new b2CircleShape(b.radius);
  if (b.kind === "capsule") {
    const shape = new b2PolygonShape();
    shape.Set(capsulePolygon(b.halfLength, b.radius, b2_polygonRadius));
    return shape;
  }
  return box(b.halfWidth, b.halfHeight);
}

/** A part of a compound body, placed in the body's frame. */
function partShape(p) {
  if (p.kind === "circle") {
    const shape = new b2CircleShape(p.radius);
    shape.m_p.Set(p.x, p.y);
    return shape;
  }
  const shape = new b2PolygonShape();
  shape.SetAsBox(p.halfWidth, p.halfHeight, { x: p.x, y: p.y }, p.angle ?? 0);
  return shape;
}

export async function create(scene) {
  const world = b2World.Create({ x: scene.gravity.x, y: scene.gravity.y });
  world.SetAllowSleeping(false);
  const { friction, restitution } = scene.material;

  const built = buildWorld(scene, {
    addKinematic(k) {
      const body = world.CreateBody({
        type: b2BodyType.b2_kinematicBody,
        position: { x: k.x, y: k.y },
        angularVelocity: k.angularVelocity,
      });
      for (const w of k.boxes) {
        const shape = new b2PolygonShape();
        shape.SetAsBox(w.halfWidth, w.halfHeight, { x: w.x, y: w.y }, 0);
        body.CreateFixture({ shape, friction, restitution });
      }
    },
    addChain(c) {
      // a b2ChainShape (v2.4: one-sided edges); as in Box2D v3, the outer points are ghosts only
      const inner = c.points.slice(1, -1);
      const shape = new b2ChainShape();
      shape.CreateChain(inner, inner.length, c.points[0], c.points[c.points.length - 1]);
      const body = world.CreateBody({ type: b2BodyType.b2_staticBody, position: { x: 0, y: 0 } });
      body.CreateFixture({ shape, friction, restitution });
    },
    addStatic(s) {
      const body = world.CreateBody({ type: b2BodyType.b2_staticBody, position: { x: s.x, y: s.y } });
      body.CreateFixture({ shape: box(s.halfWidth, s.halfHeight), friction, restitution });
    },
    addBody(b) {
      const body = world.CreateBody({
        type: b.static ? b2BodyType.b2_staticBody : b2BodyType.b2_dynamicBody,
        position: { x: b.x, y: b.y },
        angle: b.angle ?? 0,
        fixedRotation: b.fixedRotation === true,
        allowSleep: false,
        ...(b.velocity ? { linearVelocity: { x: b.velocity.x, y: b.velocity.y } } : {}),
      });
      for (const shape of b.kind === "compound" ? b.parts.map(partShape) : [shapeOf(b)]) {
        const fixture = { shape, density: densityOf(b, scene), friction, restitution };
        if (b.filter) fixture.filter = { categoryBits: b.filter.category, maskBits: b.filter.mask };
        body.CreateFixture(fixture);
      }
      return body;
    },
    addJoint(j, bodyA, bodyB) {
      const def = new b2RevoluteJointDef();
      def.Initialize(bodyA, bodyB, j.anchor);
      if (j.limit) {
        def.enableLimit = true;
        def.lowerAngle = j.limit.lower;
        def.upperAngle = j.limit.upper;
      }
      return world.CreateJoint(def);
    },
    removeJoint(joint) {
      world.DestroyJoint(joint);
    },
    removeBody(body) {
      world.DestroyBody(body);
    },
  });
  const bodies = built.handles;

  const dt = scene.dt;
  return {
    settings:
      `velocityIterations ${ITERATIONS.velocityIterations}, positionIterations ${ITERATIONS.positionIterations}; sleeping off` +
      capsulePolygonNote(scene),
    step() {
      world.Step(dt, ITERATIONS);
    },
    readPositions(out) {
      for (let i = 0; i < bodies.length; i++) {
        if (bodies[i] === null) continue;
        const p = bodies[i].GetPosition();
        out[2 * i] = p.x;
        out[2 * i + 1] = p.y;
      }
    },
    readAngles(out) {
      for (let i = 0; i < bodies.length; i++) {
        if (bodies[i] !== null) out[i] = bodies[i].GetAngle();
      }
    },
    spawn: built.spawn,
    despawn: built.despawn,
  };
}
