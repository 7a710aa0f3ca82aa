/**
 * Mouse input for the demos: drag a dynamic body, pan the view by dragging
 * empty space, zoom with the wheel, click empty space for the page's action.
 *
 * A dragged body is never moved by hand (teleporting it would push it through
 * its neighbours). It is pulled by a spring-damper force applied at the point
 * that was grabbed, before every step, so the solver still sees every contact:
 *
 *     F = m_eff (ω² (target - anchor) - 2ζω v_anchor),   |F| <= m · A_MAX
 *
 * where `anchor` is the grabbed point on the body, `v_anchor = v + ω_body × r`
 * is its velocity, ω = 2π f sets how fast it follows (f = 4 Hz) and ζ = 1 is
 * critical damping (no overshoot). `m_eff = 1 / (1/m + r²/I)` is the mass the
 * force "feels" at a point a distance r from the centre (it is smaller than m,
 * because the body can also turn); using it keeps the turning motion as stable
 * as the sliding motion. With ω·dt ≈ 0.42 at 60 Hz the explicit force is well
 * inside the stable range of the integrator.
 */
import type { Body, Vec2 } from "../../src/index.js";
import type { Demo } from "./demo.js";

const FREQUENCY = 4; // Hz
const DAMPING_RATIO = 1;
/** Largest pull, as an acceleration of the whole body (m/s²). */
const A_MAX = 300;
const CLICK_SLOP = 4; // pixels a click may wander before it counts as a drag

export class BodyDragger {
  /** The body being dragged, or null. */
  body: Body | null = null;
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

  /** Start dragging `body` by the world point `p`. */
  grab(body: Body, p: Vec2): void {
    const centre = body.getPosition(this.centre);
    const dx = p.x - centre.x;
    const dy = p.y - centre.y;
    // Rotate into the body frame: multiply by the conjugate rotation (cos, -sin).
    this.localX = body.rotCos * dx + body.rotSin * dy;
    this.localY = -body.rotSin * dx + body.rotCos * dy;
    this.target.x = p.x;
    this.target.y = p.y;
    this.body = body;
    body.wake();
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

  release(): void {
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
  private readonly velocity: Vec2 = { x: 0, y: 0 };
  private readonly anchorPoint: Vec2 = { x: 0, y: 0 };
  private readonly force: Vec2 = { x: 0, y: 0 };

  /** Apply the spring-damper pull for the coming step (Demo calls it from the world's beforeStep event). */
  applyForce(): void {
    const body = this.body;
    if (!body) return;
    if (body.world === null) {
      this.body = null; // removed from the world meanwhile
      return;
    }
    const p = body.getPosition(this.centre);
    const v = body.getVelocity(this.velocity);
    const a = this.anchor(p, body.rotCos, body.rotSin, this.anchorPoint);
    const rx = a.x - p.x;
    const ry = a.y - p.y;
    const w = body.angularVelocity;
    const vx = v.x - w * ry;
    const vy = v.y + w * rx;
    const mEff = 1 / (body.invMass + body.invInertia * (rx * rx + ry * ry));
    const omega = 2 * Math.PI * FREQUENCY;
    const k = mEff * omega * omega;
    const c = 2 * mEff * DAMPING_RATIO * omega;
    let fx = k * (this.target.x - a.x) - c * vx;
    let fy = k * (this.target.y - a.y) - c * vy;
    const max = body.mass * A_MAX;
    const len = Math.sqrt(fx * fx + fy * fy);
    if (len > max) {
      fx *= max / len;
      fy *= max / len;
    }
    this.force.x = fx;
    this.force.y = fy;
    body.applyForce(this.force, a);
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
