/** What the two capsule2d adapters share: loading the bundle and building a scene. */
import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { buildWorld } from "./common.mjs";

/**
 * The bundle measured: the root build's dist/capsule2d.js, or the file named
 * by the CAPSULE2D_BUNDLE environment variable (to compare two builds, say
 * before and after a change, in one sitting).
 */
const BUNDLE = process.env.CAPSULE2D_BUNDLE
  ? pathToFileURL(process.env.CAPSULE2D_BUNDLE)
  : new URL("../../dist/capsule2d.js", import.meta.url);

export async function loadCapsule2d() {
  if (!existsSync(BUNDLE)) {
    throw new Error(`${BUNDLE.pathname} is missing: run \`npm run build\` at the repository root`);
  }
  const lib = await import(BUNDLE.href);
  if (typeof lib.World !== "function") {
    throw new Error(`${BUNDLE.pathname} exports no World (src/world.ts not written or not exported)`);
  }
  return lib;
}

/**
 * Builds `scene` in a new capsule2d World made with `worldOptions` (on top of
 * the scene's gravity and sleeping off) and returns the adapter's simulation;
 * `prefix` starts its settings line (the rest is read back from `world.options`).
 */
export function buildCapsule2dWorld(lib, scene, worldOptions, prefix) {
  const { World, Circle, Capsule, AABB } = lib;
  const world = new World({ ...worldOptions, gravity: { x: scene.gravity.x, y: scene.gravity.y }, sleeping: false });
  const { density, friction, restitution } = scene.material;
  const built = buildWorld(scene, {
    addStatic(s) {
      world.add(
        new AABB({
          type: "static",
          position: { x: s.x, y: s.y },
          halfWidth: s.halfWidth,
          halfHeight: s.halfHeight,
          friction,
          restitution,
        }),
      );
    },
    addBody(b) {
      const common = { position: { x: b.x, y: b.y }, density, friction, restitution };
      if (b.static) common.type = "static";
      if (b.filter) common.collisionFilter = { category: b.filter.category, mask: b.filter.mask };
      let body;
      if (b.kind === "circle") body = new Circle({ ...common, radius: b.radius });
      else if (b.kind === "capsule") body = new Capsule({ ...common, angle: b.angle, halfLength: b.halfLength, radius: b.radius });
      else body = new AABB({ ...common, halfWidth: b.halfWidth, halfHeight: b.halfHeight }); // boxes never rotate
      world.add(body);
      return body;
    },
    addJoint(j, bodyA, bodyB) {
      const def = { type: "revolute", bodyA, bodyB, anchor: { x: j.anchor.x, y: j.anchor.y } };
      if (j.limit) Object.assign(def, { enableLimit: true, lowerAngle: j.limit.lower, upperAngle: j.limit.upper });
      return world.addJoint(def);
    },
    removeJoint(joint) {
      world.removeJoint(joint);
    },
    removeBody(body) {
      world.remove(body);
    },
  });
  const bodies = built.handles;
  const dt = scene.dt;
  return {
    settings: `${prefix}: ${describeOptions(world.options)}; sleeping off`,
    step() {
      world.step(dt);
    },
    readPositions(out) {
      for (let i = 0; i < bodies.length; i++) {
        if (bodies[i] === null) continue;
        const p = bodies[i].position;
        out[2 * i] = p.x;
        out[2 * i + 1] = p.y;
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

/** The solver settings a world actually runs with, read back from its resolved options. */
function describeOptions(o) {
  if (!o || typeof o !== "object") return "(world.options not available)";
  const solver =
    o.solver === "pgs"
      ? `solver pgs, velocityIterations ${o.velocityIterations}, positionIterations ${o.positionIterations}, positionCorrection ${o.positionCorrection}`
      : `solver ${o.solver}, subSteps ${o.subSteps}, contactHertz ${o.contactHertz}, contactDampingRatio ${o.contactDampingRatio}`;
  // Whatever joint options this build has (jointHertz, jointDampingRatio, ...), as they are.
  const joints = Object.keys(o)
    .filter((k) => k.startsWith("joint"))
    .map((k) => `, ${k} ${o[k]}`)
    .join("");
  return `${solver}${joints}, warmStarting ${o.warmStarting}, integrator ${o.integrator}, broadphase ${o.broadphase}`;
}
