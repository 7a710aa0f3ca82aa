/**
 * What the two Rapier adapters share (rapier.mjs: the plain "-compat" build;
 * rapier-simd.mjs: the "-simd-compat" build, compiled with WebAssembly SIMD).
 * Both "-compat" builds embed their .wasm as base64, so they load under Node
 * and in a browser bundle without a file path.
 *
 * Settings: Rapier's defaults (TGS-soft solver, 4 solver iterations, 1
 * internal PGS iteration, CCD off), printed from the world it built.
 * Friction and restitution combine by average in Rapier and by sqrt/max in
 * Box2D; every shape here has the same values, so the rule makes no difference.
 * Joints: impulse joints (JointData.revolute), Rapier's default joint
 * settings; limits set on the joint (setLimits, shifted by the relative rotation at creation). Collision bits: Rapier's
 * 16-bit membership and filter (InteractionGroups = membership << 16 | filter).
 * Kinematic container (tumbler): one velocity-based kinematic body with a
 * cuboid collider per wall.
 */
import { buildWorld, densityOf, localPoint } from "./common.mjs";

/** Builds `scene` with the Rapier module `RAPIER` (either build); the adapter's simulation. */
export async function createRapier(RAPIER, scene) {
  await RAPIER.init();
  const world = new RAPIER.World({ x: scene.gravity.x, y: scene.gravity.y });
  world.timestep = scene.dt;
  const { friction, restitution } = scene.material;

  // Rapier's capsule runs along its local y axis, the scene's along local x:
  // its capsule bodies are turned by −π/2 from the scene's angle.
  const turn = (b) => (b.kind === "capsule" ? -Math.PI / 2 : 0);
  const built = buildWorld(scene, {
    addKinematic(k) {
      const body = world.createRigidBody(
        RAPIER.RigidBodyDesc.kinematicVelocityBased().setTranslation(k.x, k.y).setAngvel(k.angularVelocity),
      );
      for (const w of k.boxes) {
        world.createCollider(
          RAPIER.ColliderDesc.cuboid(w.halfWidth, w.halfHeight).setTranslation(w.x, w.y).setFriction(friction).setRestitution(restitution),
          body,
        );
      }
    },
    addChain(c) {
      // a polyline collider (Rapier's segments are two-sided; it has no one-sided chain)
      const vertices = new Float32Array(2 * c.points.length);
      c.points.forEach((p, i) => {
        vertices[2 * i] = p.x;
        vertices[2 * i + 1] = p.y;
      });
      const body = world.createRigidBody(RAPIER.RigidBodyDesc.fixed());
      world.createCollider(RAPIER.ColliderDesc.polyline(vertices).setFriction(friction).setRestitution(restitution), body);
    },
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
      if (b.kind === "compound") {
        // one collider per part, placed in the body's frame
        desc.setRotation(b.angle ?? 0);
        if (b.velocity) desc.setLinvel(b.velocity.x, b.velocity.y);
        const body = world.createRigidBody(desc);
        for (const p of b.parts) {
          const part =
            p.kind === "circle"
              ? RAPIER.ColliderDesc.ball(p.radius).setTranslation(p.x, p.y)
              : RAPIER.ColliderDesc.cuboid(p.halfWidth, p.halfHeight).setTranslation(p.x, p.y).setRotation(p.angle ?? 0);
          world.createCollider(part.setDensity(densityOf(b, scene)).setFriction(friction).setRestitution(restitution), body);
        }
        return body;
      }
      if (b.kind === "circle") {
        collider = RAPIER.ColliderDesc.ball(b.radius);
      } else if (b.kind === "capsule") {
        // turned by angle − π/2: (0, 1) becomes (cos angle, sin angle)
        collider = RAPIER.ColliderDesc.capsule(b.halfLength, b.radius);
        desc.setRotation(b.angle + turn(b));
      } else {
        collider = RAPIER.ColliderDesc.cuboid(b.halfWidth, b.halfHeight);
        desc.setRotation(b.angle ?? 0);
      }
      if (b.fixedRotation) desc.lockRotations();
      if (b.velocity) desc.setLinvel(b.velocity.x, b.velocity.y);
      if (b.filter) collider.setCollisionGroups(((b.filter.category & 0xffff) << 16) | (b.filter.mask & 0xffff));
      const body = world.createRigidBody(desc);
      world.createCollider(collider.setDensity(densityOf(b, scene)).setFriction(friction).setRestitution(restitution), body);
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
