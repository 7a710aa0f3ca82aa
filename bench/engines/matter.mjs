/**
 * matter-js 0.20.
 *
 * Units. matter works in pixels, with y pointing down, and its time step is
 * given in milliseconds. The scene is converted so that it is physically the
 * same:
 *   - 1 m = SCALE = 50 px, so the bodies are 12.5–50 px across, the sizes
 *     matter's tolerances (slop 0.05 px, resting thresholds) are tuned for;
 *   - y_px = −y_m × SCALE (y flips: matter's y grows downwards);
 *   - gravity: matter accelerates bodies by gravity.y × gravity.scale px/ms².
 *     10 m/s² = 500 px/s² = 5e−4 px/ms², so with the default scale 0.001,
 *     gravity.y = +0.5 (positive is down in matter);
 *   - time step: Engine.update(engine, 1000/60) ms;
 *   - density 1 kg/m² = 1 / SCALE² kg/px² (masses only matter relative to
 *     each other here, but this keeps them in kilograms).
 * Settings: matter's defaults (6 position, 4 velocity iterations), frictionAir
 * 0 (no damping), friction 0.4, restitution 0.1, static friction left at its
 * default. matter approximates a circle by a polygon (13–25 sides at this
 * scale) and fixed rotation by infinite inertia. It has no capsule shape, so
 * capsule scenes are skipped, no revolute joint, so joint scenes are too, and
 * no kinematic body, so tumbler is. A body's velocity at creation (smash) is
 * set with Body.setVelocity, in px per 1000/60 ms.
 */
import Matter from "matter-js";
import { isJointScene } from "../scenes.mjs";
import { densityOf, noChains } from "./common.mjs";

const { Body, Engine, Bodies, Composite } = Matter;

export const describe = { label: "matter-js", package: "matter-js 0.20.0", language: "JS" };

const SCALE = 50;

export function unsupported(scene) {
  if (isJointScene(scene)) return "matter-js has no revolute joint (its constraints are springs between points, without angle limits)";
  if (noChains(scene, "matter-js")) return noChains(scene, "matter-js");
  if (scene.kinematic) return "matter-js has no kinematic body (a static body moved by hand does not push what it touches)";
  return scene.bodies.some((b) => b.kind === "capsule") ? "matter-js has no capsule shape" : null;
}

export async function create(scene) {
  const gravityScale = 0.001;
  const engine = Engine.create({
    enableSleeping: false,
    gravity: {
      x: (-scene.gravity.x * SCALE) / 1e6 / gravityScale,
      y: (-scene.gravity.y * SCALE) / 1e6 / gravityScale,
      scale: gravityScale,
    },
  });
  const { density, friction, restitution } = scene.material;
  const material = { friction, restitution, frictionAir: 0, density: density / (SCALE * SCALE) };

  const rect = (b, options) =>
    Bodies.rectangle(b.x * SCALE, -b.y * SCALE, 2 * b.halfWidth * SCALE, 2 * b.halfHeight * SCALE, options);

  const statics = scene.statics.map((s) => rect(s, { ...material, isStatic: true }));
  // A compound is one body of parts (matter's compound bodies), built unturned at its place and turned about its
  // origin; matter's position of a compound is its centre of mass (reported as is: only the sanity check reads it).
  const compound = (b, own) => {
    const parts = b.parts.map((p) =>
      p.kind === "circle"
        ? Bodies.circle((b.x + p.x) * SCALE, -(b.y + p.y) * SCALE, p.radius * SCALE, own)
        : Bodies.rectangle((b.x + p.x) * SCALE, -(b.y + p.y) * SCALE, 2 * p.halfWidth * SCALE, 2 * p.halfHeight * SCALE, {
            ...own,
            angle: -(p.angle ?? 0),
          }),
    );
    const body = Body.create({ ...own, parts });
    Body.rotate(body, -(b.angle ?? 0), { x: b.x * SCALE, y: -b.y * SCALE });
    return body;
  };
  const bodies = scene.bodies.map((b) => {
    const own = { ...material, density: densityOf(b, scene) / (SCALE * SCALE) };
    const body =
      b.kind === "compound"
        ? compound(b, own)
        : b.kind === "circle"
          ? Bodies.circle(b.x * SCALE, -b.y * SCALE, b.radius * SCALE, own)
          : rect(b, b.fixedRotation ? { ...own, inertia: Infinity } : own);
    // matter's velocity is in px per 1000/60 ms (its base delta); y points down.
    if (b.velocity) Body.setVelocity(body, { x: (b.velocity.x * SCALE) / 60, y: (-b.velocity.y * SCALE) / 60 });
    return body;
  });
  Composite.add(engine.world, statics);
  Composite.add(engine.world, bodies);

  const deltaMs = scene.dt * 1000;
  return {
    settings:
      `defaults: positionIterations ${engine.positionIterations}, velocityIterations ${engine.velocityIterations}; ` +
      `1 m = ${SCALE} px, delta ${deltaMs.toFixed(3)} ms; sleeping off`,
    step() {
      Engine.update(engine, deltaMs);
    },
    readPositions(out) {
      for (let i = 0; i < bodies.length; i++) {
        const p = bodies[i].position;
        out[2 * i] = p.x / SCALE;
        out[2 * i + 1] = -p.y / SCALE;
      }
    },
  };
}
