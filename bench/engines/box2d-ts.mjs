/**
 * @box2d/core 0.11: box2d.ts, a TypeScript port of Box2D v2.4.
 *
 * Settings: 8 velocity and 3 position iterations (Box2D v2's recommended
 * values). Box2D v2 has no capsule shape, so capsule scenes are skipped.
 */
import { b2World, b2BodyType, b2CircleShape, b2PolygonShape } from "@box2d/core";

export const describe = { label: "box2d.ts", package: "@box2d/core 0.11.0", language: "TS → JS" };

const ITERATIONS = { velocityIterations: 8, positionIterations: 3 };

export function unsupported(scene) {
  return scene.bodies.some((b) => b.kind === "capsule") ? "Box2D v2.4 has no capsule shape" : null;
}

function box(hw, hh) {
  const shape = new b2PolygonShape();
  shape.SetAsBox(hw, hh);
  return shape;
}

export async function create(scene) {
  const world = b2World.Create({ x: scene.gravity.x, y: scene.gravity.y });
  world.SetAllowSleeping(false);
  const { density, friction, restitution } = scene.material;

  for (const s of scene.statics) {
    const body = world.CreateBody({ type: b2BodyType.b2_staticBody, position: { x: s.x, y: s.y } });
    body.CreateFixture({ shape: box(s.halfWidth, s.halfHeight), friction, restitution });
  }
  const bodies = [];
  for (const b of scene.bodies) {
    const body = world.CreateBody({
      type: b2BodyType.b2_dynamicBody,
      position: { x: b.x, y: b.y },
      fixedRotation: b.fixedRotation === true,
      allowSleep: false,
    });
    const shape = b.kind === "circle" ? new b2CircleShape(b.radius) : box(b.halfWidth, b.halfHeight);
    body.CreateFixture({ shape, density, friction, restitution });
    bodies.push(body);
  }

  const dt = scene.dt;
  return {
    settings: `velocityIterations ${ITERATIONS.velocityIterations}, positionIterations ${ITERATIONS.positionIterations}; sleeping off`,
    step() {
      world.Step(dt, ITERATIONS);
    },
    readPositions(out) {
      for (let i = 0; i < bodies.length; i++) {
        const p = bodies[i].GetPosition();
        out[2 * i] = p.x;
        out[2 * i + 1] = p.y;
      }
    },
  };
}
