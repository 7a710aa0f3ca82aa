/**
 * Box2D v2.4 (C++) compiled to WebAssembly by the box2d-wasm package.
 *
 * Under Node its loader tries to fetch the .wasm by a path and fails, so the
 * bytes are read from disk here and handed to the Emscripten factory as
 * `wasmBinary`. The SIMD build is used when the runtime validates SIMD
 * (Node ≥ 16 does), as the package's own entry point would choose.
 *
 * Settings: 8 velocity and 3 position iterations (Box2D v2's recommended
 * values), continuous physics and warm starting on (defaults). Box2D v2 has
 * no capsule shape, so capsules-2000 is skipped; in ragdoll_rain and tumbler,
 * where capsules stand for any rounded body, each capsule is a polygon of
 * 4–8 vertices instead (engines/common.mjs capsulePolygon). Kinematic
 * container (tumbler): one kinematic body with an offset box fixture per wall.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { buildWorld, capsulePolygon, capsulePolygonNote, densityOf, noCapsules } from "./common.mjs";

export const describe = { label: "Box2D v2.4 (wasm)", package: "box2d-wasm 7.0.0", language: "C++ → WASM" };

const VELOCITY_ITERATIONS = 8;
const POSITION_ITERATIONS = 3;

export function unsupported(scene) {
  return noCapsules(scene, "Box2D v2.4");
}

/** Box2D v2's b2_polygonRadius (2 × b2_linearSlop): the skin around every polygon. */
const POLYGON_RADIUS = 0.01;

/** wasm-feature-detect's SIMD probe: a module that uses one v128 instruction. */
const SIMD_PROBE = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11]);

async function loadBox2D() {
  const require = createRequire(import.meta.url);
  const dir = join(dirname(require.resolve("box2d-wasm")), "..", "umd");
  const flavour = WebAssembly.validate(SIMD_PROBE) ? "Box2D.simd" : "Box2D";
  const factory = require(join(dir, `${flavour}.js`));
  const wasmBinary = readFileSync(join(dir, `${flavour}.wasm`));
  return { box2d: await factory({ wasmBinary }), flavour };
}

export async function create(scene) {
  const { box2d: B, flavour } = await loadBox2D();
  const world = new B.b2World(new B.b2Vec2(scene.gravity.x, scene.gravity.y));
  world.SetAllowSleeping(false);
  const { friction, restitution } = scene.material;

  const fixtureDef = (shape, d, filter) => {
    const fd = new B.b2FixtureDef();
    fd.set_shape(shape);
    fd.set_density(d);
    fd.set_friction(friction);
    fd.set_restitution(restitution);
    if (filter) {
      const f = fd.get_filter();
      f.set_categoryBits(filter.category);
      f.set_maskBits(filter.mask);
    }
    return fd;
  };
  const makeBody = (type, b, shape, fixedRotation, filter) => {
    const bd = new B.b2BodyDef();
    bd.set_type(type);
    bd.set_position(new B.b2Vec2(b.x, b.y));
    bd.set_angle(b.angle ?? 0);
    bd.set_fixedRotation(fixedRotation);
    bd.set_allowSleep(false);
    if (b.velocity) bd.set_linearVelocity(new B.b2Vec2(b.velocity.x, b.velocity.y));
    const body = world.CreateBody(bd);
    for (const s of Array.isArray(shape) ? shape : [shape]) {
      body.CreateFixture(fixtureDef(s, type === B.b2_staticBody ? 0 : densityOf(b, scene), filter));
    }
    return body;
  };
  const box = (hw, hh) => {
    const shape = new B.b2PolygonShape();
    shape.SetAsBox(hw, hh);
    return shape;
  };
  const polygon = (points) => {
    const ptr = B._malloc(8 * points.length);
    for (let k = 0; k < points.length; k++) {
      B.HEAPF32[(ptr >> 2) + 2 * k] = points[k].x;
      B.HEAPF32[(ptr >> 2) + 2 * k + 1] = points[k].y;
    }
    const shape = new B.b2PolygonShape();
    shape.Set(ptr, points.length);
    B._free(ptr);
    return shape;
  };

  const built = buildWorld(scene, {
    addKinematic(k) {
      const bd = new B.b2BodyDef();
      bd.set_type(B.b2_kinematicBody);
      bd.set_position(new B.b2Vec2(k.x, k.y));
      bd.set_angularVelocity(k.angularVelocity);
      const body = world.CreateBody(bd);
      for (const w of k.boxes) {
        const shape = new B.b2PolygonShape();
        shape.SetAsBox(w.halfWidth, w.halfHeight, new B.b2Vec2(w.x, w.y), 0);
        body.CreateFixture(fixtureDef(shape, 0, null));
      }
    },
    addChain(c) {
      // a b2ChainShape (v2.4: one-sided edges); as in Box2D v3, the outer points are ghosts only
      const n = c.points.length - 2;
      const ptr = B._malloc(8 * n);
      for (let k = 0; k < n; k++) {
        B.HEAPF32[(ptr >> 2) + 2 * k] = c.points[k + 1].x;
        B.HEAPF32[(ptr >> 2) + 2 * k + 1] = c.points[k + 1].y;
      }
      const first = c.points[0];
      const last = c.points[c.points.length - 1];
      const shape = new B.b2ChainShape();
      shape.CreateChain(ptr, n, new B.b2Vec2(first.x, first.y), new B.b2Vec2(last.x, last.y));
      B._free(ptr);
      makeBody(B.b2_staticBody, { x: 0, y: 0 }, shape, false, null);
    },
    addStatic(s) {
      makeBody(B.b2_staticBody, s, box(s.halfWidth, s.halfHeight), false, null);
    },
    addBody(b) {
      let shape;
      if (b.kind === "circle") {
        shape = new B.b2CircleShape();
        shape.set_m_radius(b.radius);
      } else if (b.kind === "capsule") {
        shape = polygon(capsulePolygon(b.halfLength, b.radius, POLYGON_RADIUS));
      } else if (b.kind === "compound") {
        // one fixture per part, placed in the body's frame
        shape = b.parts.map((p) => {
          if (p.kind === "circle") {
            const c = new B.b2CircleShape();
            c.set_m_radius(p.radius);
            c.set_m_p(new B.b2Vec2(p.x, p.y));
            return c;
          }
          const s = new B.b2PolygonShape();
          s.SetAsBox(p.halfWidth, p.halfHeight, new B.b2Vec2(p.x, p.y), p.angle ?? 0);
          return s;
        });
      } else {
        shape = box(b.halfWidth, b.halfHeight);
      }
      return makeBody(b.static ? B.b2_staticBody : B.b2_dynamicBody, b, shape, b.fixedRotation === true, b.filter);
    },
    addJoint(j, bodyA, bodyB) {
      const jd = new B.b2RevoluteJointDef();
      jd.Initialize(bodyA, bodyB, new B.b2Vec2(j.anchor.x, j.anchor.y));
      if (j.limit) {
        jd.set_enableLimit(true);
        jd.set_lowerAngle(j.limit.lower);
        jd.set_upperAngle(j.limit.upper);
      }
      return world.CreateJoint(jd);
    },
    removeJoint(joint) {
      world.DestroyJoint(joint);
    },
    removeBody(body) {
      world.DestroyBody(body);
    },
  });
  const bodies = built.handles;

  const dt = scene.dt;
  return {
    settings:
      `velocityIterations ${VELOCITY_ITERATIONS}, positionIterations ${POSITION_ITERATIONS}; ${flavour}.wasm; sleeping off` +
      capsulePolygonNote(scene),
    step() {
      world.Step(dt, VELOCITY_ITERATIONS, POSITION_ITERATIONS);
    },
    readPositions(out) {
      for (let i = 0; i < bodies.length; i++) {
        if (bodies[i] === null) continue;
        const p = bodies[i].GetPosition();
        out[2 * i] = p.get_x();
        out[2 * i + 1] = p.get_y();
      }
    },
    readAngles(out) {
      for (let i = 0; i < bodies.length; i++) {
        if (bodies[i] !== null) out[i] = bodies[i].GetAngle();
      }
    },
    spawn: built.spawn,
    despawn: built.despawn,
  };
}
