/**
 * p2-es 1.2 (the maintained ES-module fork of p2.js).
 *
 * Settings: p2's defaults, printed from the world it built (GSSolver with 10
 * iterations, SAP broadphase, island splitting). p2 bodies default to 10 %
 * linear and angular damping; it is set to 0 here as the scenes ask. Friction
 * and restitution come from the world's default contact material. p2 takes a
 * body's mass rather than a density, so mass = density × shape area.
 */
import { World, Body, Circle, Capsule, Box } from "p2-es";

export const describe = { label: "p2-es", package: "p2-es 1.2.3", language: "JS" };

export function unsupported() {
  return null;
}

export async function create(scene) {
  const world = new World({ gravity: [scene.gravity.x, scene.gravity.y] });
  const { density, friction, restitution } = scene.material;
  world.defaultContactMaterial.friction = friction;
  world.defaultContactMaterial.restitution = restitution;

  for (const s of scene.statics) {
    const body = new Body({ type: Body.STATIC, mass: 0, position: [s.x, s.y] });
    body.addShape(new Box({ width: 2 * s.halfWidth, height: 2 * s.halfHeight }));
    world.addBody(body);
  }
  const bodies = [];
  for (const b of scene.bodies) {
    let shape;
    if (b.kind === "circle") shape = new Circle({ radius: b.radius });
    // p2's capsule runs along its local x axis like the scene's; `length` is the segment's full length.
    else if (b.kind === "capsule") shape = new Capsule({ length: 2 * b.halfLength, radius: b.radius });
    else shape = new Box({ width: 2 * b.halfWidth, height: 2 * b.halfHeight });
    const body = new Body({
      mass: density * shape.area,
      position: [b.x, b.y],
      angle: b.angle ?? 0,
      fixedRotation: b.fixedRotation === true,
      damping: 0,
      angularDamping: 0,
    });
    body.addShape(shape);
    world.addBody(body);
    bodies.push(body);
  }

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
        const p = bodies[i].position;
        out[2 * i] = p[0];
        out[2 * i + 1] = p[1];
      }
    },
  };
}
