/**
 * Rapier 2D (Rust, compiled to WebAssembly; the "-compat" build embeds the
 * .wasm so it loads under Node without a file path).
 *
 * Settings: Rapier's defaults (TGS-soft solver, 4 solver iterations, 1
 * internal PGS iteration, CCD off), printed from the world it built.
 * Friction and restitution combine by average in Rapier and by sqrt/max in
 * Box2D; every shape here has the same values, so the rule makes no difference.
 * Joints: impulse joints (JointData.revolute), Rapier's default joint
 * settings; limits set on the joint (setLimits, shifted by the relative rotation at creation). Collision bits: Rapier's
 * 16-bit membership and filter (InteractionGroups = membership << 16 | filter).
 */
import RAPIER from "@dimforge/rapier2d-compat";
import { buildWorld, localPoint } from "./common.mjs";

export const describe = { label: "Rapier", package: "@dimforge/rapier2d-compat 0.21.0", language: "Rust → WASM" };

export function unsupported() {
  return null;
}

export async function create(scene) {
  await RAPIER.init();
  const world = new RAPIER.World({ x: scene.gravity.x, y: scene.gravity.y });
  world.timestep = scene.dt;
  const { density, friction, restitution } = scene.material;

  // Rapier's capsule runs along its local y axis, the scene's along local x:
  // its capsule bodies are turned by −π/2 from the scene's angle.
  const turn = (b) => (b.kind === "capsule" ? -Math.PI / 2 : 0);
  const built = buildWorld(scene, {
    addStatic(s) {
      const body = world.createRigidBody(RAPIER.RigidBodyDesc.fixed().setTranslation(s.x, s.y));
      world.createCollider(
        RAPIER.ColliderDesc.cuboid(s.halfWidth, s.halfHeight).setFriction(friction).setRestitution(restitution),
        body,
      );
    },
    addBody(b) {
      const desc = b.static
        ? RAPIER.RigidBodyDesc.fixed().setTranslation(b.x, b.y)
        : RAPIER.RigidBodyDesc.dynamic().setTranslation(b.x, b.y).setCanSleep(false);
      let collider;
      if (b.kind === "circle") {
        collider = RAPIER.ColliderDesc.ball(b.radius);
      } else if (b.kind === "capsule") {
        // turned by angle − π/2: (0, 1) becomes (cos angle, sin angle)
        collider = RAPIER.ColliderDesc.capsule(b.halfLength, b.radius);
        desc.setRotation(b.angle + turn(b));
      } else {
        collider = RAPIER.ColliderDesc.cuboid(b.halfWidth, b.halfHeight);
      }
      if (b.fixedRotation) desc.lockRotations();
      if (b.filter) collider.setCollisionGroups(((b.filter.category & 0xffff) << 16) | (b.filter.mask & 0xffff));
      const body = world.createRigidBody(desc);
      world.createCollider(collider.setDensity(density).setFriction(friction).setRestitution(restitution), body);
      return body;
    },
    addJoint(j, bodyA, bodyB) {
      const A = scene.bodies[j.a];
      const B = scene.bodies[j.b];
      const a = localPoint(j.anchor.x, j.anchor.y, A.x, A.y, (A.angle ?? 0) + turn(A));
      const b = localPoint(j.anchor.x, j.anchor.y, B.x, B.y, (B.angle ?? 0) + turn(B));
      const joint = world.createImpulseJoint(RAPIER.JointData.revolute(a, b), bodyA, bodyB, true);
      // Rapier's revolute limits bound B's rotation minus A's as they are (no
      // reference angle taken at creation), so they are shifted by the bodies'
      // relative rotation now; JointData's limit fields are ignored for revolute
      // joints in 0.21, hence setLimits on the joint.
      if (j.limit) {
        const reference = (B.angle ?? 0) + turn(B) - ((A.angle ?? 0) + turn(A));
        joint.setLimits(j.limit.lower + reference, j.limit.upper + reference);
      }
      return joint;
    },
    removeJoint(joint) {
      world.removeImpulseJoint(joint, true);
    },
    removeBody(body) {
      world.removeRigidBody(body);
    },
  });
  const bodies = built.handles;

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
        if (bodies[i] === null) continue;
        const t = bodies[i].translation();
        out[2 * i] = t.x;
        out[2 * i + 1] = t.y;
      }
    },
    readAngles(out) {
      for (let i = 0; i < bodies.length; i++) {
        if (bodies[i] !== null) out[i] = bodies[i].rotation() - turn(scene.bodies[i]);
      }
    },
    spawn: built.spawn,
    despawn: built.despawn,
  };
}
