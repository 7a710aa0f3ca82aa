/**
 * Box2D v3 (C) compiled to WebAssembly by the box2d3-wasm package.
 *
 * The package's entry picks its "deluxe" build (SIMD, built with pthreads)
 * when WebAssembly SIMD validates and there is no browser window, as under
 * Node; otherwise its "compat" build. The deluxe build starts
 * `navigator.hardwareConcurrency ?? 4` pthread workers unless told
 * otherwise: here `pthreadCount: 0`, and the world is made with
 * b2CreateWorld (no task system), so Box2D runs on this one thread like
 * every other engine here. Box2D v3 is built with 32-bit floats.
 *
 * Settings: Box2D v3's defaults (b2DefaultWorldDef: soft step, contact
 * hertz 30, damping ratio 10; joint softness and everything else as
 * Box2D sets it) and the 4 sub-steps Box2D recommends (b2World_Step's
 * subStepCount; its own benchmarks use 4). Continuous collision is on (the
 * default). Revolute joints: B's angle relative to A's is 0 at creation
 * (the joint frames' rotations are left at identity), and limits bound it.
 *
 * Kinematic container (tumbler): one kinematic body with an offset box per
 * wall, given its angular velocity once.
 *
 * Embind objects (definitions, returned vectors and rotations) live in
 * WebAssembly memory; the definitions are made once and reused, and what is
 * read back is deleted at once (body, shape and joint ids are plain values).
 */
import Box2DFactory from "box2d3-wasm";
import { buildWorld, densityOf, localPoint } from "./common.mjs";

export const describe = { label: "Box2D v3 (wasm)", package: "box2d3-wasm 5.2.0", language: "C → WASM" };

const SUB_STEPS = 4;

export function unsupported() {
  return null;
}

export async function create(scene) {
  const B = await Box2DFactory({ pthreadCount: 0 });
  const flavour = typeof B.b2CreateThreadedWorld === "function" ? "deluxe (SIMD), pthreadCount 0" : "compat";

  const worldDef = B.b2DefaultWorldDef();
  worldDef.gravity.Set(scene.gravity.x, scene.gravity.y);
  worldDef.enableSleep = false;
  const defaults = `contactHertz ${worldDef.contactHertz}, contactDampingRatio ${worldDef.contactDampingRatio}, workerCount ${worldDef.workerCount}`;
  const worldId = B.b2CreateWorld(worldDef);
  const { friction, restitution } = scene.material;

  const bodyDef = B.b2DefaultBodyDef();
  const shapeDef = B.b2DefaultShapeDef();
  shapeDef.material.friction = friction;
  shapeDef.material.restitution = restitution;
  const defaultFilter = { category: shapeDef.filter.categoryBits, mask: shapeDef.filter.maskBits };
  const circle = new B.b2Circle();
  circle.center.Set(0, 0);
  const capsule = new B.b2Capsule();
  const jointDef = B.b2DefaultRevoluteJointDef();

  const setFilter = (filter) => {
    shapeDef.filter.categoryBits = filter ? filter.category : defaultFilter.category;
    shapeDef.filter.maskBits = filter ? filter.mask : defaultFilter.mask;
  };

  const makeBody = (type, x, y, angle, fixedRotation) => {
    bodyDef.type = type;
    bodyDef.position.Set(x, y);
    const rot = B.b2MakeRot(angle);
    bodyDef.rotation = rot;
    rot.delete();
    bodyDef.motionLocks.angularZ = fixedRotation;
    bodyDef.enableSleep = false;
    return B.b2CreateBody(worldId, bodyDef);
  };

  const built = buildWorld(scene, {
    addKinematic(k) {
      const id = makeBody(B.b2BodyType.b2_kinematicBody, k.x, k.y, 0, false);
      B.b2Body_SetAngularVelocity(id, k.angularVelocity);
      setFilter(null);
      shapeDef.density = 0;
      const rot = B.b2MakeRot(0);
      const centre = new B.b2Vec2(0, 0);
      for (const w of k.boxes) {
        centre.Set(w.x, w.y);
        const box = B.b2MakeOffsetBox(w.halfWidth, w.halfHeight, centre, rot);
        B.b2CreatePolygonShape(id, shapeDef, box);
        box.delete();
      }
      centre.delete();
      rot.delete();
    },
    addChain(c) {
      // b2CreateChain on a static body at the origin; its one material carries friction and restitution
      const id = makeBody(B.b2BodyType.b2_staticBody, 0, 0, 0, false);
      const chainDef = B.b2DefaultChainDef();
      chainDef.SetPoints(c.points.map((p) => ({ x: p.x, y: p.y })));
      const materials = chainDef.GetMaterials();
      const material = materials[0];
      material.friction = friction;
      material.restitution = restitution;
      chainDef.SetMaterials([material]);
      chainDef.isLoop = false;
      B.b2CreateChain(id, chainDef);
      for (const m of materials) m.delete();
      chainDef.delete();
    },
    addStatic(s) {
      const id = makeBody(B.b2BodyType.b2_staticBody, s.x, s.y, 0, false);
      setFilter(null);
      shapeDef.density = 0;
      const box = B.b2MakeBox(s.halfWidth, s.halfHeight);
      B.b2CreatePolygonShape(id, shapeDef, box);
      box.delete();
    },
    addBody(b) {
      const type = b.static ? B.b2BodyType.b2_staticBody : B.b2BodyType.b2_dynamicBody;
      const id = makeBody(type, b.x, b.y, b.angle ?? 0, b.fixedRotation === true);
      if (b.velocity) {
        const v = new B.b2Vec2(b.velocity.x, b.velocity.y);
        B.b2Body_SetLinearVelocity(id, v);
        v.delete();
      }
      setFilter(b.filter);
      shapeDef.density = densityOf(b, scene);
      if (b.kind === "circle") {
        circle.radius = b.radius;
        B.b2CreateCircleShape(id, shapeDef, circle);
      } else if (b.kind === "capsule") {
        capsule.center1.Set(-b.halfLength, 0);
        capsule.center2.Set(b.halfLength, 0);
        capsule.radius = b.radius;
        B.b2CreateCapsuleShape(id, shapeDef, capsule);
      } else if (b.kind === "compound") {
        const centre = new B.b2Vec2(0, 0);
        for (const p of b.parts) {
          if (p.kind === "circle") {
            circle.center.Set(p.x, p.y);
            circle.radius = p.radius;
            B.b2CreateCircleShape(id, shapeDef, circle);
          } else {
            centre.Set(p.x, p.y);
            const rot = B.b2MakeRot(p.angle ?? 0);
            const box = B.b2MakeOffsetBox(p.halfWidth, p.halfHeight, centre, rot);
            B.b2CreatePolygonShape(id, shapeDef, box);
            box.delete();
            rot.delete();
          }
        }
        circle.center.Set(0, 0);
        centre.delete();
      } else {
        const box = B.b2MakeBox(b.halfWidth, b.halfHeight);
        B.b2CreatePolygonShape(id, shapeDef, box);
        box.delete();
      }
      return id;
    },
    addJoint(j, idA, idB) {
      const A = scene.bodies[j.a];
      const B_ = scene.bodies[j.b];
      const a = localPoint(j.anchor.x, j.anchor.y, A.x, A.y, A.angle ?? 0);
      const b = localPoint(j.anchor.x, j.anchor.y, B_.x, B_.y, B_.angle ?? 0);
      jointDef.base.bodyIdA = idA;
      jointDef.base.bodyIdB = idB;
      jointDef.base.localFrameA.p.Set(a.x, a.y);
      jointDef.base.localFrameB.p.Set(b.x, b.y);
      jointDef.enableLimit = j.limit !== undefined;
      jointDef.lowerAngle = j.limit ? j.limit.lower : 0;
      jointDef.upperAngle = j.limit ? j.limit.upper : 0;
      return B.b2CreateRevoluteJoint(worldId, jointDef);
    },
    removeJoint(id) {
      B.b2DestroyJoint(id, true);
    },
    removeBody(id) {
      B.b2DestroyBody(id);
    },
  });
  const bodies = built.handles;

  const dt = scene.dt;
  return {
    settings: `defaults (${defaults}), subStepCount ${SUB_STEPS}; ${flavour}, b2CreateWorld (no task system); sleeping off`,
    step() {
      B.b2World_Step(worldId, dt, SUB_STEPS);
    },
    readPositions(out) {
      for (let i = 0; i < bodies.length; i++) {
        if (bodies[i] === null) continue;
        const p = B.b2Body_GetPosition(bodies[i]);
        out[2 * i] = p.x;
        out[2 * i + 1] = p.y;
        p.delete();
      }
    },
    readAngles(out) {
      for (let i = 0; i < bodies.length; i++) {
        if (bodies[i] === null) continue;
        const q = B.b2Body_GetRotation(bodies[i]);
        out[i] = Math.atan2(q.s, q.c);
        q.delete();
      }
    },
    spawn: built.spawn,
    despawn: built.despawn,
  };
}
