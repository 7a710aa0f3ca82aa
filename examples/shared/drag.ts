/**
 * Mouse input for the demos: drag a dynamic body, pan the view by dragging
 * empty space, zoom with the wheel, click empty space for the page's action.
 *
 * A dragged body is never moved by hand (teleporting it would push it through
 * its neighbours). It is held by a motor joint, the "mouse joint" of Box2D's
 * samples, so the solver sees the pull together with every contact and joint:
 *
 * - On grab, a static "ground" body is added far below every scene (at
 *   GROUND_AT, out of reach of the pages' rays and queries) with a
 *   collision filter that collides with nothing, and a motor joint from it
 *   to the grabbed body. A motor joint drives a point of body B (`anchorB`:
 *   here the grabbed point) towards a target in body A's frame
 *   (`linearOffset`) and B's angle towards `angularOffset`, with at most
 *   `maxForce` and `maxTorque`.
 * - Before every step the target is set (`joint.setTarget`) to the pointer
 *   (in the ground body's frame) and the angle to the body's angle now, so
 *   the angular row only brakes its spin (rotational friction up to
 *   `maxTorque`): the body swings about the grabbed point like a picture
 *   held by one corner, and settles.
 * - `maxForce` is 1000 N per kg of the body (up to 1000 m/s², about 100 g:
 *   Box2D's samples use 1000 × mass) and `maxTorque` 10 N·m per kg·m² of
 *   its inertia. They scale with the body, so a light body follows as
 *   briskly as a heavy one, and they are finite, so a body pulled into a
 *   wall or the ground is held by the contacts, not pushed through them.
 *   They do not depend on gravity (pages without gravity drag the same).
 * - On release the joint and the ground body are removed, so the world is
 *   left as it was; while dragging, `ground` is the extra body, which the
 *   demo frame leaves out of its body counts, and `joint` the joint, which
 *   it leaves out of the debug drawing (`draw` shows the grab instead).
 */
import { Circle, type Body, type Joint, type Vec2, type World } from "../../src/entries/capsule2d.js";
import type { Demo } from "./demo.js";

/** Largest pull per kg of the dragged body, N (an acceleration, m/s²). */
const FORCE_PER_KG = 1000;
/** Largest torque braking its spin per kg·m² of its inertia, N·m (rad/s²). */
const TORQUE_PER_INERTIA = 10;
/** Where the mouse joint's ground body sits: far from every scene. */
const GROUND_AT: Vec2 = { x: 0, y: -10_000 };
const CLICK_SLOP = 4; // pixels a click may wander before it counts as a drag

export class BodyDragger {
  /** The body being dragged, or null. */
  body: Body | null = null;
  /** The mouse joint holding it (a motor joint from `ground`), or null. */
  joint: Joint | null = null;
  /** The static body the mouse joint hangs from while dragging (not part of the scene), or null. */
  ground: Body | null = null;
  /** The world the joint and ground body are in. */
  private world: World | null = null;
  /** Grab point in the body's own frame. */
  private localX = 0;
  private localY = 0;
  /** Where the pointer is, in world coordinates. */
  readonly target: Vec2 = { x: 0, y: 0 };
  private panning = false;
  private downX = 0;
  private downY = 0;
  private lastX = 0;
  private lastY = 0;
  private moved = false;

  constructor(private readonly demo: Demo) {
    const canvas = demo.canvas;
    canvas.addEventListener("pointerdown", (e) => this.down(e));
    canvas.addEventListener("pointermove", (e) => this.move(e));
    canvas.addEventListener("pointerup", (e) => this.up(e));
    canvas.addEventListener("pointercancel", () => this.release());
    canvas.addEventListener(
      "wheel",
      (e) => {
        e.preventDefault();
        const [sx, sy] = this.local(e);
        // exp gives a smooth zoom independent of the wheel's step size (UI code, not physics).
        demo.camera.zoomAt(Math.exp(-e.deltaY * 0.0015), sx, sy);
        demo.invalidate();
      },
      { passive: false },
    );
    canvas.addEventListener("contextmenu", (e) => e.preventDefault());
  }

  private local(e: MouseEvent): [number, number] {
    const r = this.demo.canvas.getBoundingClientRect();
    return [e.clientX - r.left, e.clientY - r.top];
  }

  private down(e: PointerEvent): void {
    const [sx, sy] = this.local(e);
    const p = this.demo.camera.screenToWorld(sx, sy);
    this.demo.canvas.setPointerCapture(e.pointerId);
    this.downX = this.lastX = sx;
    this.downY = this.lastY = sy;
    this.moved = false;
    const body = e.button === 0 ? pickDynamic(this.demo.world.queryPoint(p)) : undefined;
    if (body) {
      this.grab(body, p);
    } else {
      this.panning = true;
    }
  }

  /** Start dragging `body` by the world point `p`: add the ground body and the mouse joint. */
  grab(body: Body, p: Vec2): void {
    this.release();
    const centre = body.getPosition(this.centre);
    const dx = p.x - centre.x;
    const dy = p.y - centre.y;
    // Rotate into the body frame: multiply by the conjugate rotation (cos, -sin).
    this.localX = body.rotCos * dx + body.rotSin * dy;
    this.localY = -body.rotSin * dx + body.rotCos * dy;
    this.target.x = p.x;
    this.target.y = p.y;
    const world = this.demo.world;
    const ground = world.add(
      new Circle({
        type: "static",
        position: GROUND_AT,
        radius: 0.05,
        collisionFilter: { category: 0, mask: 0 },
        label: "mouse joint ground",
      }),
    );
    this.body = body;
    this.world = world;
    this.ground = ground;
    this.joint = world.addJoint({
      type: "motor",
      bodyA: ground,
      bodyB: body,
      anchorB: p,
      linearOffset: this.pointerTarget(),
      angularOffset: body.angle,
      maxForce: FORCE_PER_KG * body.mass,
      maxTorque: TORQUE_PER_INERTIA * body.inertia,
      label: "mouse joint",
    });
  }

  /** The pointer in the ground body's frame (it sits at GROUND_AT, angle 0), in a reused vector. */
  private pointerTarget(): Vec2 {
    const out = this.offset;
    out.x = this.target.x - GROUND_AT.x;
    out.y = this.target.y - GROUND_AT.y;
    return out;
  }

  private move(e: PointerEvent): void {
    const [sx, sy] = this.local(e);
    if (Math.abs(sx - this.downX) + Math.abs(sy - this.downY) > CLICK_SLOP) this.moved = true;
    if (this.body) {
      this.demo.camera.screenToWorld(sx, sy, this.target);
      this.demo.invalidate();
    } else if (this.panning) {
      this.demo.camera.panPixels(sx - this.lastX, sy - this.lastY);
      this.demo.invalidate();
    }
    this.lastX = sx;
    this.lastY = sy;
  }

  private up(e: PointerEvent): void {
    const [sx, sy] = this.local(e);
    if (this.panning && !this.moved && e.button === 0) {
      this.demo.scene.onClick?.(this.demo.camera.screenToWorld(sx, sy), this.demo);
      this.demo.invalidate();
    }
    this.release();
  }

  /** Let go: remove the mouse joint and its ground body (if the world still has them). */
  release(): void {
    const world = this.world;
    if (world !== null) {
      if (this.joint !== null && this.joint.isActive) world.removeJoint(this.joint);
      if (this.ground !== null && this.ground.world === world) world.remove(this.ground);
    }
    this.world = null;
    this.joint = null;
    this.ground = null;
    this.body = null;
    this.panning = false;
  }

  /** The grabbed point in world coordinates, for a body whose centre is `c` and rotation (cos, sin). */
  private anchor(c: Vec2, cos: number, sin: number, out: Vec2): Vec2 {
    out.x = c.x + cos * this.localX - sin * this.localY;
    out.y = c.y + sin * this.localX + cos * this.localY;
    return out;
  }

  private readonly centre: Vec2 = { x: 0, y: 0 };
  private readonly offset: Vec2 = { x: 0, y: 0 };
  private readonly anchorPoint: Vec2 = { x: 0, y: 0 };

  /**
   * Move the mouse joint's target for the coming step (Demo calls it from
   * the world's beforeStep event). Only a changed target is set: setting it
   * wakes the body, and a body held still may fall asleep like any other.
   */
  update(): void {
    const body = this.body;
    const joint = this.joint;
    if (body === null || joint === null) return;
    if (!joint.isActive || body.world !== this.world) {
      this.release(); // the body was removed meanwhile, and its joint with it
      return;
    }
    const t = this.pointerTarget();
    const now = joint.linearOffset;
    const angle = body.angle;
    if (now.x !== t.x || now.y !== t.y || joint.angularOffset !== angle) joint.setTarget(t, angle);
  }

  /** A line from the grabbed point, on the body where it is drawn (its interpolated pose), to the pointer. */
  draw(ctx: CanvasRenderingContext2D): void {
    const body = this.body;
    if (!body) return;
    const pose = this.demo.pose(body);
    const a = this.anchor(pose, pose.rotCos, pose.rotSin, this.anchorPoint);
    const px = 1 / this.demo.camera.scale;
    ctx.strokeStyle = "#ffffff";
    ctx.lineWidth = 1.5 * px;
    ctx.beginPath();
    ctx.moveTo(a.x, a.y);
    ctx.lineTo(this.target.x, this.target.y);
    ctx.stroke();
    ctx.fillStyle = "#ffffff";
    ctx.beginPath();
    ctx.arc(a.x, a.y, 3 * px, 0, 2 * Math.PI);
    ctx.moveTo(this.target.x + 3 * px, this.target.y);
    ctx.arc(this.target.x, this.target.y, 3 * px, 0, 2 * Math.PI);
    ctx.fill();
  }
}

function pickDynamic(bodies: readonly Body[]): Body | undefined {
  for (const b of bodies) if (b.type === "dynamic" && !b.isSensor) return b;
  return undefined;
}
