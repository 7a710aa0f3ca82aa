/**
 * Rapier 2D (Rust, compiled to WebAssembly; the "-compat" build embeds the
 * .wasm so it loads under Node without a file path).
 *
 * Settings: Rapier's defaults (TGS-soft solver, 4 solver iterations, 1
 * internal PGS iteration, CCD off), printed from the world it built.
 * Friction and restitution combine by average in Rapier and by sqrt/max in
 * Box2D; every shape here has the same values, so the rule makes no difference.
 */
import RAPIER from "@dimforge/rapier2d-compat";

export const describe = { label: "Rapier", package: "@dimforge/rapier2d-compat 0.21.0", language: "Rust → WASM" };

export function unsupported() {
  return null;
}

export async function create(scene) {
  await RAPIER.init();
  const world = new RAPIER.World({ x: scene.gravity.x, y: scene.gravity.y });
  world.timestep = scene.dt;
  const { density, friction, restitution } = scene.material;

  for (const s of scene.statics) {
    const body = world.createRigidBody(RAPIER.RigidBodyDesc.fixed().setTranslation(s.x, s.y));
    world.createCollider(
      RAPIER.ColliderDesc.cuboid(s.halfWidth, s.halfHeight).setFriction(friction).setRestitution(restitution),
      body,
    );
  }

  const bodies = [];
  for (const b of scene.bodies) {
    const desc = RAPIER.RigidBodyDesc.dynamic().setTranslation(b.x, b.y).setCanSleep(false);
    let collider;
    if (b.kind === "circle") {
      collider = RAPIER.ColliderDesc.ball(b.radius);
    } else if (b.kind === "capsule") {
      // Rapier's capsule runs along its local y axis, the scene's along local
      // x: rotating by angle − π/2 turns (0, 1) into (cos angle, sin angle).
      collider = RAPIER.ColliderDesc.capsule(b.halfLength, b.radius);
      desc.setRotation(b.angle - Math.PI / 2);
    } else {
      collider = RAPIER.ColliderDesc.cuboid(b.halfWidth, b.halfHeight);
    }
    if (b.fixedRotation) desc.lockRotations();
    const body = world.createRigidBody(desc);
    world.createCollider(collider.setDensity(density).setFriction(friction).setRestitution(restitution), body);
    bodies.push(body);
  }

  const ip = world.integrationParameters;
  const settings =
    `defaults: numSolverIterations ${ip.numSolverIterations}, numInternalPgsIterations ${ip.numInternalPgsIterations}, ` +
    `CCD off; sleeping off`;

  return {
    settings,
    step() {
      world.step();
    },
    readPositions(out) {
      for (let i = 0; i < bodies.length; i++) {
        const t = bodies[i].translation();
        out[2 * i] = t.x;
        out[2 * i + 1] = t.y;
      }
    },
  };
}
