/**
 * @box2d/core 0.11: box2d.ts, a TypeScript port of Box2D v2.4.
 *
 * Settings: 8 velocity and 3 position iterations (Box2D v2's recommended
 * values). Box2D v2 has no capsule shape, so capsule scenes are skipped; in
 * the joint scenes (ragdoll_rain), where the capsules are only the
 * ragdolls' limbs, each capsule is a polygon of 4–8 vertices instead
 * (engines/common.mjs capsulePolygon).
 */
import { b2World, b2BodyType, b2CircleShape, b2PolygonShape, b2RevoluteJointDef, b2_polygonRadius } from "@box2d/core";
import { buildWorld, capsulePolygon } from "./common.mjs";
import { isJointScene } from "../scenes.mjs";

export const describe = { label: "box2d.ts", package: "@box2d/core 0.11.0", language: "TS → JS" };

const ITERATIONS = { velocityIterations: 8, positionIterations: 3 };

export function unsupported(scene) {
  return scene.bodies.some((b) => b.kind === "capsule") && !isJointScene(scene) ? "Box2D v2.4 has no capsule shape" : null;
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

export async function create(scene) {
  const world = b2World.Create({ x: scene.gravity.x, y: scene.gravity.y });
  world.SetAllowSleeping(false);
  const { density, friction, restitution } = scene.material;

  const built = buildWorld(scene, {
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
      });
      const fixture = { shape: shapeOf(b), density, friction, restitution };
      if (b.filter) fixture.filter = { categoryBits: b.filter.category, maskBits: b.filter.mask };
      body.CreateFixture(fixture);
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
      (scene.bodies.some((b) => b.kind === "capsule") ? "; capsules as polygons (4–8 vertices)" : ""),
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
