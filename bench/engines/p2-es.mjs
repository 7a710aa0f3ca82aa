/**
 * p2-es 1.2 (the maintained ES-module fork of p2.js).
 *
 * Settings: p2's defaults, printed from the world it built (GSSolver with 10
 * iterations, SAP broadphase, island splitting). p2 bodies default to 10 %
 * linear and angular damping; it is set to 0 here as the scenes ask. Friction
 * and restitution come from the world's default contact material. p2 takes a
 * body's mass rather than a density, so mass = density × shape area.
 * Joints: RevoluteConstraint with p2's defaults (its maxForce unlimited,
 * solved by the same GSSolver as contacts); limits with setLimits (p2
 * measures B's angle minus A's, which is 0 at creation in these scenes).
 * Kinematic container (tumbler): one kinematic body with an offset box
 * shape per wall.
 */
import { World, Body, Circle, Capsule, Box, RevoluteConstraint } from "p2-es";
import { buildWorld, densityOf, noChains } from "./common.mjs";

export const describe = { label: "p2-es", package: "p2-es 1.2.3", language: "JS" };

export function unsupported(scene) {
  return noChains(scene, "p2-es"); // (its Heightfield is a terrain, not a chain of segments)
}

export async function create(scene) {
  const world = new World({ gravity: [scene.gravity.x, scene.gravity.y] });
  const { friction, restitution } = scene.material;
  world.defaultContactMaterial.friction = friction;
  world.defaultContactMaterial.restitution = restitution;

  const built = buildWorld(scene, {
    addKinematic(k) {
      const body = new Body({ type: Body.KINEMATIC, position: [k.x, k.y], angularVelocity: k.angularVelocity });
      for (const w of k.boxes) {
        body.addShape(new Box({ width: 2 * w.halfWidth, height: 2 * w.halfHeight, collisionMask: 0xffffffff }), [w.x, w.y], 0);
      }
      world.addBody(body);
    },
    addStatic(s) {
      const body = new Body({ type: Body.STATIC, mass: 0, position: [s.x, s.y] });
      // p2's shapes default to collisionGroup 1 and collisionMask 1: the container
      // takes every bit so the ragdolls' own bits (ragdoll_rain) hit it too.
      body.addShape(new Box({ width: 2 * s.halfWidth, height: 2 * s.halfHeight, collisionMask: 0xffffffff }));
      world.addBody(body);
    },
    addBody(b) {
      if (b.kind === "compound") {
        // one shape per part at its offset and angle; mass from the parts' areas
        const parts = b.parts.map((p) => ({
          shape: p.kind === "circle" ? new Circle({ radius: p.radius }) : new Box({ width: 2 * p.halfWidth, height: 2 * p.halfHeight }),
          p,
        }));
        const area = parts.reduce((sum, { shape }) => sum + shape.area, 0);
        const body = new Body({
          mass: densityOf(b, scene) * area,
          velocity: b.velocity ? [b.velocity.x, b.velocity.y] : [0, 0],
          position: [b.x, b.y],
          angle: b.angle ?? 0,
          damping: 0,
          angularDamping: 0,
        });
        for (const { shape, p } of parts) body.addShape(shape, [p.x, p.y], p.angle ?? 0);
        world.addBody(body);
        return body;
      }
      let shape;
      if (b.kind === "circle") shape = new Circle({ radius: b.radius });
      // p2's capsule runs along its local x axis like the scene's; `length` is the segment's full length.
      else if (b.kind === "capsule") shape = new Capsule({ length: 2 * b.halfLength, radius: b.radius });
      else shape = new Box({ width: 2 * b.halfWidth, height: 2 * b.halfHeight });
      if (b.filter) {
        shape.collisionGroup = b.filter.category;
        shape.collisionMask = b.filter.mask;
      }
      const body = b.static
        ? new Body({ type: Body.STATIC, mass: 0, position: [b.x, b.y], angle: b.angle ?? 0 })
        : new Body({
            mass: densityOf(b, scene) * shape.area,
            velocity: b.velocity ? [b.velocity.x, b.velocity.y] : [0, 0],
            position: [b.x, b.y],
            angle: b.angle ?? 0,
            fixedRotation: b.fixedRotation === true,
            damping: 0,
            angularDamping: 0,
          });
      body.addShape(shape);
      world.addBody(body);
      return body;
    },
    addJoint(j, bodyA, bodyB) {
      const c = new RevoluteConstraint(bodyA, bodyB, { worldPivot: [j.anchor.x, j.anchor.y] });
      if (j.limit) c.setLimits(j.limit.lower, j.limit.upper);
      world.addConstraint(c);
      return c;
    },
    removeJoint(c) {
      world.removeConstraint(c);
    },
    removeBody(body) {
      world.removeBody(body);
    },
  });
  const bodies = built.handles;

  const solver = world.solver;
  const settings =
    `defaults: GSSolver iterations ${solver.iterations}, tolerance ${solver.tolerance}, ` +
    `${world.broadphase.constructor.name}, islandSplit ${world.islandSplit}; damping 0; sleeping off`;
  const dt = scene.dt;
  return {
    settings,
    step() {
      world.step(dt);
    },
    readPositions(out) {
      for (let i = 0; i < bodies.length; i++) {
        if (bodies[i] === null) continue;
        const p = bodies[i].position;
        out[2 * i] = p[0];
        out[2 * i + 1] = p[1];
      }
    },
    readAngles(out) {
      for (let i = 0; i < bodies.length; i++) {
        if (bodies[i] !== null) out[i] = bodies[i].angle;
      }
    },
    spawn: built.spawn,
    despawn: built.despawn,
  };
}
