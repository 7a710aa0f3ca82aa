/**
 * phaser-box2d 1.1: Phaser Studio's JavaScript port of Box2D v3 (v3.0's
 * API: local anchors and a reference angle on joints).
 *
 * The package's `main` (index.js) is not in the published package, so the
 * bundle dist/PhaserBox2D.js is imported by path; b2CreateWorldArray() must
 * be called once before the first world is made. The port keeps references
 * to the vectors and filters in the definitions it is given, so every body,
 * shape and joint gets fresh ones.
 *
 * Kinematic container (tumbler): one kinematic body with an offset box per
 * wall, given its angular velocity once.
 *
 * Settings: Box2D v3's defaults (b2DefaultWorldDef, printed) and the 4
 * sub-steps Box2D recommends (b2World_Step's subStepCount). Continuous
 * collision is on (the default). (The package lists eslint as a runtime
 * dependency, so installing it brings ~90 unrelated packages into
 * bench/node_modules; nothing here loads them.)
 */
import {
  b2BodyType,
  b2Body_GetPosition,
  b2Body_GetRotation,
  b2Body_SetAngularVelocity,
  b2Body_SetLinearVelocity,
  b2Capsule,
  b2Circle,
  b2CreateBody,
  b2CreateCapsuleShape,
  b2CreateChain,
  b2CreateCircleShape,
  b2CreatePolygonShape,
  b2CreateRevoluteJoint,
  b2CreateWorld,
  b2CreateWorldArray,
  b2DefaultBodyDef,
  b2DefaultChainDef,
  b2DefaultRevoluteJointDef,
  b2DefaultShapeDef,
  b2DefaultWorldDef,
  b2DestroyBody,
  b2DestroyJoint,
  b2MakeBox,
  b2MakeOffsetBox,
  b2MakeRot,
  b2Vec2,
  b2World_Step,
} from "phaser-box2d/dist/PhaserBox2D.js";
import { buildWorld, densityOf, localPoint } from "./common.mjs";

export const describe = { label: "Box2D v3 (phaser-box2d)", package: "phaser-box2d 1.1.0", language: "JS" };

const SUB_STEPS = 4;

export function unsupported() {
  return null;
}

export async function create(scene) {
  b2CreateWorldArray();
  const worldDef = b2DefaultWorldDef();
  worldDef.gravity = new b2Vec2(scene.gravity.x, scene.gravity.y);
  worldDef.enableSleep = false;
  const defaults =
    `contactHertz ${worldDef.contactHertz}, contactDampingRatio ${worldDef.contactDampingRatio}, ` +
    `jointHertz ${worldDef.jointHertz}, jointDampingRatio ${worldDef.jointDampingRatio}`;
  const worldId = b2CreateWorld(worldDef);
  const { friction, restitution } = scene.material;

  const makeBody = (type, x, y, angle, fixedRotation) => {
    const def = b2DefaultBodyDef();
    def.type = type;
    def.position = new b2Vec2(x, y);
    def.rotation = b2MakeRot(angle);
    def.fixedRotation = fixedRotation;
    def.enableSleep = false;
    return b2CreateBody(worldId, def);
  };
  const shapeDef = (filter, d) => {
    const def = b2DefaultShapeDef();
    def.density = d;
    def.friction = friction;
    def.restitution = restitution;
    if (filter) {
      def.filter.categoryBits = filter.category;
      def.filter.maskBits = filter.mask;
    }
    return def;
  };

  const built = buildWorld(scene, {
    addKinematic(k) {
      const id = makeBody(b2BodyType.b2_kinematicBody, k.x, k.y, 0, false);
      b2Body_SetAngularVelocity(id, k.angularVelocity);
      for (const w of k.boxes) {
        b2CreatePolygonShape(id, shapeDef(null, 0), b2MakeOffsetBox(w.halfWidth, w.halfHeight, new b2Vec2(w.x, w.y), 0));
      }
    },
    addChain(c) {
      // b2CreateChain (Box2D v3.0's chain definition: points, count, one friction and restitution)
      const id = makeBody(b2BodyType.b2_staticBody, 0, 0, 0, false);
      const def = b2DefaultChainDef();
      def.points = c.points.map((p) => new b2Vec2(p.x, p.y));
      def.count = c.points.length;
      def.friction = friction;
      def.restitution = restitution;
      def.isLoop = false;
      b2CreateChain(id, def);
    },
    addStatic(s) {
      const id = makeBody(b2BodyType.b2_staticBody, s.x, s.y, 0, false);
      b2CreatePolygonShape(id, shapeDef(null, 0), b2MakeBox(s.halfWidth, s.halfHeight));
    },
    addBody(b) {
      const type = b.static ? b2BodyType.b2_staticBody : b2BodyType.b2_dynamicBody;
      const id = makeBody(type, b.x, b.y, b.angle ?? 0, b.fixedRotation === true);
      if (b.velocity) b2Body_SetLinearVelocity(id, new b2Vec2(b.velocity.x, b.velocity.y));
      const def = shapeDef(b.filter, densityOf(b, scene));
      if (b.kind === "circle") {
        b2CreateCircleShape(id, def, new b2Circle(new b2Vec2(0, 0), b.radius));
      } else if (b.kind === "capsule") {
        const capsule = new b2Capsule();
        capsule.center1 = new b2Vec2(-b.halfLength, 0);
        capsule.center2 = new b2Vec2(b.halfLength, 0);
        capsule.radius = b.radius;
        b2CreateCapsuleShape(id, def, capsule);
      } else if (b.kind === "compound") {
        for (const p of b.parts) {
          if (p.kind === "circle") b2CreateCircleShape(id, def, new b2Circle(new b2Vec2(p.x, p.y), p.radius));
          else b2CreatePolygonShape(id, def, b2MakeOffsetBox(p.halfWidth, p.halfHeight, new b2Vec2(p.x, p.y), p.angle ?? 0));
        }
      } else {
        b2CreatePolygonShape(id, def, b2MakeBox(b.halfWidth, b.halfHeight));
      }
      return id;
    },
    addJoint(j, idA, idB) {
      const A = scene.bodies[j.a];
      const B = scene.bodies[j.b];
      const a = localPoint(j.anchor.x, j.anchor.y, A.x, A.y, A.angle ?? 0);
      const b = localPoint(j.anchor.x, j.anchor.y, B.x, B.y, B.angle ?? 0);
      const def = b2DefaultRevoluteJointDef();
      def.bodyIdA = idA;
      def.bodyIdB = idB;
      def.localAnchorA = new b2Vec2(a.x, a.y);
      def.localAnchorB = new b2Vec2(b.x, b.y);
      def.referenceAngle = (B.angle ?? 0) - (A.angle ?? 0);
      if (j.limit) {
        def.enableLimit = true;
        def.lowerAngle = j.limit.lower;
        def.upperAngle = j.limit.upper;
      }
      return b2CreateRevoluteJoint(worldId, def);
    },
    removeJoint(id) {
      b2DestroyJoint(id);
    },
    removeBody(id) {
      b2DestroyBody(id);
    },
  });
  const bodies = built.handles;

  const dt = scene.dt;
  return {
    settings: `defaults (${defaults}), subStepCount ${SUB_STEPS}; sleeping off`,
    step() {
      b2World_Step(worldId, dt, SUB_STEPS);
    },
    readPositions(out) {
      for (let i = 0; i < bodies.length; i++) {
        if (bodies[i] === null) continue;
        const p = b2Body_GetPosition(bodies[i]);
        out[2 * i] = p.x;
        out[2 * i + 1] = p.y;
      }
    },
    readAngles(out) {
      for (let i = 0; i < bodies.length; i++) {
        if (bodies[i] === null) continue;
        const q = b2Body_GetRotation(bodies[i]);
        out[i] = Math.atan2(q.s, q.c);
      }
    },
    spawn: built.spawn,
    despawn: built.despawn,
  };
}
