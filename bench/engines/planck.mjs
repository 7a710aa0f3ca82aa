/**
 * planck.js 1.5 (a JavaScript port of Box2D v2.x).
 *
 * Settings: 8 velocity and 3 position iterations (planck's and Box2D v2's
 * recommended values). planck has no capsule shape, so capsule scenes are
 * skipped. (planck 1.5 declares Node ≥ 24 in its package.json; it runs on
 * the Node this benchmark uses, only npm warns.)
 */
import { World, Circle, Box } from "planck";

export const describe = { label: "planck.js", package: "planck 1.5.0", language: "JS" };

const VELOCITY_ITERATIONS = 8;
const POSITION_ITERATIONS = 3;

export function unsupported(scene) {
  return scene.bodies.some((b) => b.kind === "capsule") ? "planck has no capsule shape" : null;
}

export async function create(scene) {
  const world = new World({ gravity: { x: scene.gravity.x, y: scene.gravity.y }, allowSleep: false });
  const { density, friction, restitution } = scene.material;

  for (const s of scene.statics) {
    const body = world.createBody({ type: "static", position: { x: s.x, y: s.y } });
    body.createFixture({ shape: new Box(s.halfWidth, s.halfHeight), friction, restitution });
  }
  const bodies = [];
  for (const b of scene.bodies) {
    const body = world.createBody({
      type: "dynamic",
      position: { x: b.x, y: b.y },
      fixedRotation: b.fixedRotation === true,
      allowSleep: false,
    });
    const shape = b.kind === "circle" ? new Circle(b.radius) : new Box(b.halfWidth, b.halfHeight);
    body.createFixture({ shape, density, friction, restitution });
    bodies.push(body);
  }

  const dt = scene.dt;
  return {
    settings: `velocityIterations ${VELOCITY_ITERATIONS}, positionIterations ${POSITION_ITERATIONS}; sleeping off`,
    step() {
      world.step(dt, VELOCITY_ITERATIONS, POSITION_ITERATIONS);
    },
    readPositions(out) {
      for (let i = 0; i < bodies.length; i++) {
        const p = bodies[i].getPosition();
        out[2 * i] = p.x;
        out[2 * i + 1] = p.y;
      }
    },
  };
}
