/**
 * What the capsule2d adapters share: building a scene in a World of a given
 * capsule2d module (the Node adapters load dist/capsule2d.js through
 * capsule2d-load.mjs; the browser runner and the benchmark page pass theirs).
 * No Node API here, so it bundles for the browser.
 *
 * Kinematic container (tumbler): capsule2d has neither compound bodies nor
 * rotating boxes, so each wall is a kinematic capsule (radius: the wall's
 * half-thickness; its caps centred on the container's corners) turning at
 * the container's angular velocity, its linear velocity set before each
 * step (inside the timed step) so that it lands where the turning container
 * puts it after the step.
 */
import { buildWorld, densityOf } from "./common.mjs";
import { needsTurningShapes } from "../scenes.mjs";

/**
 * Why capsule2d skips a scene: none now. Bodies of several shapes are
 * `Compound` bodies and boxes that turn `Box` bodies; a build from before
 * them throws in `buildCapsule2dWorld` (not faked with AABBs).
 */
export function notYet(scene) {
  // compound bodies are capsule2d's `Compound` now; a build from before them throws in buildCapsule2dWorld
  void scene;
  return null;
}

/**
 * The capsule2d adapter for a capsule2d module `lib` (its exports), with
 * default settings (the soft-step solver, 4 sub-steps; sleeping off) and
 * `from` saying where `lib` came from (the table's package column).
 */
export function capsule2dAdapter(lib, from) {
  return {
    describe: { label: "capsule2d", package: `capsule2d (this repo, ${from})`, language: "TypeScript → JS" },
    unsupported: notYet,
    create: async (scene) => buildCapsule2dWorld(lib, scene, {}, "defaults"),
  };
}

/**
 * The same, with the contact passes in WebAssembly (`capsule2d/wasm`,
 * `wasm` its module: `enableWasmSolver(world)` is called on the world once it
 * is made, before its bodies are added). Same settings and the same results
 * bit for bit; only the speed differs.
 */
export function capsule2dWasmAdapter(lib, wasm, from) {
  return {
    describe: { label: "capsule2d + wasm", package: `capsule2d (this repo, ${from}) with capsule2d/wasm`, language: "TypeScript → JS + WebAssembly" },
    unsupported: notYet,
    create: async (scene) =>
      buildCapsule2dWorld(lib, scene, {}, "defaults, contact passes in WebAssembly", (world) => {
        if (!wasm.enableWasmSolver(world)) throw new Error("capsule2d/wasm: WebAssembly is not available here");
      }),
  };
}

/**
 * `lib` with the solver threads of `threads` (the `capsule2d/threads` module
 * of the same copy): its `World` in place of `lib`'s, for `solverThreads` ≥ 2.
 * A build from before that World (whose `enableSolverThreads()` switched
 * every world of its copy) gets that call, and `lib` as it is.
 */
export function withSolverThreads(lib, threads) {
  if (threads.World !== undefined) return { ...lib, World: threads.World };
  threads.enableSolverThreads();
  return lib;
}

/**
 * Builds `scene` in a new capsule2d World made with `worldOptions` (on top of
 * the scene's gravity and sleeping off) and returns the adapter's simulation;
 * `prefix` starts its settings line (the rest is read back from `world.options`);
 * `prepare`, when given, sees the new world before its bodies are added.
 */
export function buildCapsule2dWorld(lib, scene, worldOptions, prefix, prepare = null) {
  const { World, Circle, Capsule, AABB, Box, Compound, Chain } = lib;
  if (Chain === undefined && scene.statics.some((s) => s.kind === "chain")) throw new Error("not yet: this build of capsule2d has no chains (Chain, issue 31)");
  if (Compound === undefined && scene.bodies.some((b) => b.kind === "compound")) throw new Error("not yet: this build of capsule2d has no compound bodies (Compound, issue 30)");
  if (Box === undefined && needsTurningShapes(scene)) throw new Error("not yet: this build of capsule2d has no turning boxes (Box, issue 30)");
  const world = new World({ ...worldOptions, gravity: { x: scene.gravity.x, y: scene.gravity.y }, sleeping: false });
  prepare?.(world);
  const { friction, restitution } = scene.material;
  const walls = [];
  const built = buildWorld(scene, {
    addKinematic(k) {
      for (const w of k.boxes) {
        const along = w.halfHeight > w.halfWidth ? Math.PI / 2 : 0;
        const body = new Capsule({
          type: "kinematic",
          position: { x: k.x + w.x, y: k.y + w.y },
          angle: along,
          halfLength: Math.max(w.halfWidth, w.halfHeight),
          radius: Math.min(w.halfWidth, w.halfHeight),
          angularVelocity: k.angularVelocity,
          friction,
          restitution,
        });
        world.add(body);
        walls.push({ body, offset: { x: w.x, y: w.y } });
      }
    },
    addChain(c) {
      // one static Chain of the scene's points, in world coordinates (its position is (0, 0))
      world.add(new Chain({ type: "static", points: c.points, friction, restitution }));
    },
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
      const common = { position: { x: b.x, y: b.y }, density: densityOf(b, scene), friction, restitution };
      if (b.velocity) common.velocity = { x: b.velocity.x, y: b.velocity.y };
      if (b.static) common.type = "static";
      if (b.filter) common.collisionFilter = { category: b.filter.category, mask: b.filter.mask };
      let body;
      if (b.kind === "compound") {
        // one body of its parts, each placed in the body's frame (capsule2d's Compound)
        const shapes = b.parts.map((p) =>
          p.kind === "circle"
            ? { shape: "circle", radius: p.radius, offset: { x: p.x, y: p.y } }
            : { shape: "box", halfWidth: p.halfWidth, halfHeight: p.halfHeight, offset: { x: p.x, y: p.y }, angle: p.angle ?? 0 },
        );
        body = new Compound({ ...common, angle: b.angle ?? 0, shapes });
      } else if (b.kind === "circle") body = new Circle({ ...common, radius: b.radius });
      else if (b.kind === "capsule") body = new Capsule({ ...common, angle: b.angle, halfLength: b.halfLength, radius: b.radius });
      else if (b.fixedRotation === true) body = new AABB({ ...common, halfWidth: b.halfWidth, halfHeight: b.halfHeight }); // the box that never turns
      else body = new Box({ ...common, angle: b.angle ?? 0, halfWidth: b.halfWidth, halfHeight: b.halfHeight });
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
  const k = scene.kinematic;
  const velocity = { x: 0, y: 0 };
  let steps = 0;
  /** Each wall's velocity for the coming step: from where it is to where the turning container puts it. */
  const driveWalls = () => {
    steps++;
    const c = Math.cos(k.angularVelocity * dt * steps);
    const s = Math.sin(k.angularVelocity * dt * steps);
    for (const { body, offset } of walls) {
      const p = body.position;
      velocity.x = (k.x + c * offset.x - s * offset.y - p.x) / dt;
      velocity.y = (k.y + s * offset.x + c * offset.y - p.y) / dt;
      body.setVelocity(velocity);
    }
  };
  return {
    settings:
      `${prefix}: ${describeOptions(world.options)}; sleeping off` +
      (k ? "; the container's walls are 4 kinematic capsules, their velocities set before each step" : ""),
    step: k
      ? () => {
          driveWalls();
          world.step(dt);
        }
      : () => {
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
    /** The World itself (for stateHash comparisons and dispose()). */
    world,
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
