/**
 * The contact passes in WebAssembly (`capsule2d/wasm`):
 * AssemblyScript, compiled by `scripts/build-wasm.mjs` into
 * src/wasm/contact-passes-wasm.ts. They are the JavaScript kernels of
 * src/solver/contact-kernels.ts (`warmStartContacts` and `solveContacts`)
 * written again operation for operation, in the same order:
 * WebAssembly's f64 arithmetic is IEEE 754 with no fused or reordered
 * operations, so they give the JavaScript kernels' bits in every engine.
 * Keep the two in step: test/wasm-solver.test.ts compares them.
 *
 * WebAssembly runs them faster than JavaScript because V8 checks bounds and
 * element types on every typed-array access in JavaScript, and not on
 * loads from linear memory.
 *
 * The arrays live in the module's memory (imported, one per world; see
 * src/wasm/wasm-passes.ts), at the byte offsets `setLayout` was given: the
 * constraint blocks (`values`, CONTACT_STRIDE doubles each; `ints`,
 * INT_STRIDE ints each), the pass's parameters and the body columns. The
 * offsets within a block are those of the row layout table, imported from
 * src/solver/row-layout.ts as the JavaScript kernels import them; a field's
 * byte offset (8 × its index) is a load's immediate offset.
 */
import {
  C_FRICTION, C_NX, C_NY, C_POINT, C_RESTITUTION, C_ROLLING, C_ROLLING_IMPULSE, C_ROLLING_MASS, C_TANGENT_SPEED, CONTACT_STRIDE,
  I_COUNT, I_SLOT_A, I_SLOT_B, I_STIFF, INT_STRIDE,
  P_BOUNCE_BELOW, P_INV_H, P_MAX_PUSH, P_SOFT_BIAS, P_SOFT_IMPULSE, P_SOFT_MASS, P_STIFF_BIAS, P_STIFF_IMPULSE, P_STIFF_MASS,
  POINT_STRIDE, PT_BIAS, PT_NORMAL_IMPULSE, PT_NORMAL_MASS, PT_RAX, PT_RAY, PT_RBX, PT_RBY, PT_SAX, PT_SAY, PT_SBX, PT_SBY,
  PT_SEPARATION, PT_TANGENT_IMPULSE, PT_TANGENT_MASS, PT_TOTAL_NORMAL, PT_TOTAL_TANGENT,
} from "../src/solver/row-layout";

let VALUES: usize = 0;
let INTS: usize = 0;
let PARAMS: usize = 0;
let VX: usize = 0;
let VY: usize = 0;
let W: usize = 0;
let IM: usize = 0;
let II: usize = 0;
let DPX: usize = 0;
let DPY: usize = 0;
let DQC: usize = 0;
let DQS: usize = 0;

/** Where each array starts (bytes). */
export function setLayout(values: usize, ints: usize, params: usize, vx: usize, vy: usize, w: usize, invMass: usize, invI: usize, dpx: usize, dpy: usize, dqc: usize, dqs: usize): void {
  VALUES = values; INTS = ints; PARAMS = params;
  VX = vx; VY = vy; W = w; IM = invMass; II = invI;
  DPX = dpx; DPY = dpy; DQC = dqc; DQS = dqs;
}

@inline function ld(p: usize, i: i32): f64 { return load<f64>(p + (<usize>i << 3)); }
@inline function st(p: usize, i: i32, x: f64): void { store<f64>(p + (<usize>i << 3), x); }
@inline function li(i: i32): i32 { return load<i32>(INTS + (<usize>i << 2)); }

// A constraint's block is 8 · CONTACT_STRIDE bytes at VALUES + 8 · CONTACT_STRIDE · i; its points
// are 8 · POINT_STRIDE bytes each from byte 8 · C_POINT.
/** warmStartContacts: apply the accumulated impulses of constraints start .. end − 1. */
export function warmStart(start: i32, end: i32): void {
  for (let i = start; i < end; i++) {
    const c = VALUES + <usize>i * (8 * CONTACT_STRIDE);
    const sA = li(INT_STRIDE * i + I_SLOT_A), sB = li(INT_STRIDE * i + I_SLOT_B);
    const nx = load<f64>(c, 8 * C_NX), ny = load<f64>(c, 8 * C_NY);
    const mA = ld(IM, sA), iA = ld(II, sA), mB = ld(IM, sB), iB = ld(II, sB);
    let vAx = ld(VX, sA), vAy = ld(VY, sA), wA = ld(W, sA);
    let vBx = ld(VX, sB), vBy = ld(VY, sB), wB = ld(W, sB);
    if (iA == 0 && iB == 0) {
      // neither body turns: only the linear velocities change
      for (let p = c + 8 * C_POINT, last = p + 8 * POINT_STRIDE * <usize>li(INT_STRIDE * i + I_COUNT); p < last; p += 8 * POINT_STRIDE) {
        const ln = load<f64>(p, 8 * PT_NORMAL_IMPULSE), lt = load<f64>(p, 8 * PT_TANGENT_IMPULSE);
        const px = ln * nx + lt * ny;
        const py = ln * ny - lt * nx;
        vAx -= mA * px;
        vAy -= mA * py;
        vBx += mB * px;
        vBy += mB * py;
      }
      st(VX, sA, vAx); st(VY, sA, vAy);
      st(VX, sB, vBx); st(VY, sB, vBy);
      continue;
    }
    for (let p = c + 8 * C_POINT, last = p + 8 * POINT_STRIDE * <usize>li(INT_STRIDE * i + I_COUNT); p < last; p += 8 * POINT_STRIDE) {
      const ln = load<f64>(p, 8 * PT_NORMAL_IMPULSE), lt = load<f64>(p, 8 * PT_TANGENT_IMPULSE);
      const px = ln * nx + lt * ny;
      const py = ln * ny - lt * nx;
      vAx -= mA * px;
      vAy -= mA * py;
      wA -= iA * (load<f64>(p, 8 * PT_RAX) * py - load<f64>(p, 8 * PT_RAY) * px);
      vBx += mB * px;
      vBy += mB * py;
      wB += iB * (load<f64>(p, 8 * PT_RBX) * py - load<f64>(p, 8 * PT_RBY) * px);
    }
    const lr = load<f64>(c, 8 * C_ROLLING_IMPULSE);
    if (lr != 0) {
      wA -= iA * lr;
      wB += iB * lr;
    }
    st(VX, sA, vAx); st(VY, sA, vAy); st(W, sA, wA);
    st(VX, sB, vBx); st(VY, sB, vBy); st(W, sB, wB);
  }
}

/**
 * solveContacts over start .. end − 1: `mode` 1, a soft-step solve pass (useBias);
 * 0, a relax pass; 2, a pgs iteration (pgs).
 */
export function solve(start: i32, end: i32, mode: i32): void {
  const invH = ld(PARAMS, P_INV_H), bounceBelow = ld(PARAMS, P_BOUNCE_BELOW), maxPush = ld(PARAMS, P_MAX_PUSH);
  const softBias = ld(PARAMS, P_SOFT_BIAS), softMass = ld(PARAMS, P_SOFT_MASS), softImpulse = ld(PARAMS, P_SOFT_IMPULSE);
  const stiffBias = ld(PARAMS, P_STIFF_BIAS), stiffMass = ld(PARAMS, P_STIFF_MASS), stiffImpulse = ld(PARAMS, P_STIFF_IMPULSE);
  const bias0 = mode == 1;
  const pgs = mode == 2;
  for (let i = start; i < end; i++) {
    const c = VALUES + <usize>i * (8 * CONTACT_STRIDE);
    const sA = li(INT_STRIDE * i + I_SLOT_A), sB = li(INT_STRIDE * i + I_SLOT_B);
    const nx = load<f64>(c, 8 * C_NX), ny = load<f64>(c, 8 * C_NY);
    const mA = ld(IM, sA), iA = ld(II, sA), mB = ld(IM, sB), iB = ld(II, sB);
    let vAx = ld(VX, sA), vAy = ld(VY, sA), wA = ld(W, sA);
    let vBx = ld(VX, sB), vBy = ld(VY, sB), wB = ld(W, sB);
    const isStiff = li(INT_STRIDE * i + I_STIFF) == 1;
    const biasRate = isStiff ? stiffBias : softBias;
    const pushMass = isStiff ? stiffMass : softMass;
    const pushImpulse = isStiff ? stiffImpulse : softImpulse;
    const first = c + 8 * C_POINT, last = first + 8 * POINT_STRIDE * <usize>li(INT_STRIDE * i + I_COUNT);
    if (iA == 0 && iB == 0 && wA == 0 && wB == 0) {
      // neither body turns in this step: the rows without their angular terms (solveContacts' first branch)
      const dx = ld(DPX, sB) - ld(DPX, sA), dy = ld(DPY, sB) - ld(DPY, sA);
      const bouncy = load<f64>(c, 8 * C_RESTITUTION) > 0 && !bias0 && !pgs;
      for (let p = first; p < last; p += 8 * POINT_STRIDE) {
        const dvx = vBx - vAx, dvy = vBy - vAy;
        const vn = dvx * nx + dvy * ny;
        let bias = 0.0, massScale = 1.0, impulseScale = 0.0;
        if (pgs) {
          bias = -load<f64>(p, 8 * PT_BIAS);
        } else {
          const s = load<f64>(p, 8 * PT_SEPARATION) + dx * nx + dy * ny;
          if (s > 0) {
            if (bouncy && vn < bounceBelow) continue;
            bias = s * invH;
          } else if (bias0) {
            bias = biasRate * s;
            if (bias < -maxPush) bias = -maxPush;
            massScale = pushMass;
            impulseScale = pushImpulse;
          }
        }
        const old = load<f64>(p, 8 * PT_NORMAL_IMPULSE);
        let lambda = old - load<f64>(p, 8 * PT_NORMAL_MASS) * massScale * (vn + bias) - impulseScale * old;
        if (lambda < 0) lambda = 0;
        store<f64>(p, lambda, 8 * PT_NORMAL_IMPULSE);
        const impulse = lambda - old;
        const px = impulse * nx, py = impulse * ny;
        vAx -= mA * px; vAy -= mA * py;
        vBx += mB * px; vBy += mB * py;
      }
      const mu = load<f64>(c, 8 * C_FRICTION), belt = load<f64>(c, 8 * C_TANGENT_SPEED);
      for (let p = first; p < last; p += 8 * POINT_STRIDE) {
        const dvx = vBx - vAx, dvy = vBy - vAy;
        const vt = dvx * ny - dvy * nx - belt;
        const maxF = mu * load<f64>(p, 8 * PT_NORMAL_IMPULSE);
        const old = load<f64>(p, 8 * PT_TANGENT_IMPULSE);
        let lambda = old - load<f64>(p, 8 * PT_TANGENT_MASS) * vt;
        lambda = lambda < -maxF ? -maxF : lambda > maxF ? maxF : lambda;
        store<f64>(p, lambda, 8 * PT_TANGENT_IMPULSE);
        const px = (lambda - old) * ny, py = -(lambda - old) * nx;
        vAx -= mA * px; vAy -= mA * py;
        vBx += mB * px; vBy += mB * py;
      }
      const rr = load<f64>(c, 8 * C_ROLLING);
      if (rr > 0) {
        let total = load<f64>(first, 8 * PT_NORMAL_IMPULSE);
        if (last - first == 16 * POINT_STRIDE) total += load<f64>(first, 8 * (POINT_STRIDE + PT_NORMAL_IMPULSE));
        const maxR = rr * total;
        const old = load<f64>(c, 8 * C_ROLLING_IMPULSE);
        const lambda = old - load<f64>(c, 8 * C_ROLLING_MASS) * (wB - wA);
        store<f64>(c, lambda < -maxR ? -maxR : lambda > maxR ? maxR : lambda, 8 * C_ROLLING_IMPULSE);
      }
      if (!bias0 && !pgs) {
        for (let p = first; p < last; p += 8 * POINT_STRIDE) {
          store<f64>(p, load<f64>(p, 8 * PT_TOTAL_NORMAL) + load<f64>(p, 8 * PT_NORMAL_IMPULSE), 8 * PT_TOTAL_NORMAL);
          store<f64>(p, load<f64>(p, 8 * PT_TOTAL_TANGENT) + load<f64>(p, 8 * PT_TANGENT_IMPULSE), 8 * PT_TOTAL_TANGENT);
        }
      }
      st(VX, sA, vAx); st(VY, sA, vAy);
      st(VX, sB, vBx); st(VY, sB, vBy);
      continue;
    }
    const cA = ld(DQC, sA) - 1, sAr = ld(DQS, sA), cB = ld(DQC, sB) - 1, sBr = ld(DQS, sB);
    const dx = ld(DPX, sB) - ld(DPX, sA), dy = ld(DPY, sB) - ld(DPY, sA);
    const bouncy = load<f64>(c, 8 * C_RESTITUTION) > 0 && !bias0 && !pgs;
    for (let p = first; p < last; p += 8 * POINT_STRIDE) {
      const rAx = load<f64>(p, 8 * PT_RAX), rAy = load<f64>(p, 8 * PT_RAY), rBx = load<f64>(p, 8 * PT_RBX), rBy = load<f64>(p, 8 * PT_RBY);
      const dvx = vBx - wB * rBy - (vAx - wA * rAy);
      const dvy = vBy + wB * rBx - (vAy + wA * rAx);
      const vn = dvx * nx + dvy * ny;
      let bias = 0.0, massScale = 1.0, impulseScale = 0.0;
      if (pgs) {
        bias = -load<f64>(p, 8 * PT_BIAS);
      } else {
        const aX = load<f64>(p, 8 * PT_SAX), aY = load<f64>(p, 8 * PT_SAY), bX = load<f64>(p, 8 * PT_SBX), bY = load<f64>(p, 8 * PT_SBY);
        const ddx = dx + (cB * bX - sBr * bY) - (cA * aX - sAr * aY);
        const ddy = dy + (sBr * bX + cB * bY) - (sAr * aX + cA * aY);
        const s = load<f64>(p, 8 * PT_SEPARATION) + ddx * nx + ddy * ny;
        if (s > 0) {
          if (bouncy && vn < bounceBelow) continue;
          bias = s * invH;
        } else if (bias0) {
          bias = biasRate * s;
          if (bias < -maxPush) bias = -maxPush;
          massScale = pushMass;
          impulseScale = pushImpulse;
        }
      }
      const old = load<f64>(p, 8 * PT_NORMAL_IMPULSE);
      let lambda = old - load<f64>(p, 8 * PT_NORMAL_MASS) * massScale * (vn + bias) - impulseScale * old;
      if (lambda < 0) lambda = 0;
      store<f64>(p, lambda, 8 * PT_NORMAL_IMPULSE);
      const impulse = lambda - old;
      const px = impulse * nx, py = impulse * ny;
      vAx -= mA * px; vAy -= mA * py; wA -= iA * (rAx * py - rAy * px);
      vBx += mB * px; vBy += mB * py; wB += iB * (rBx * py - rBy * px);
    }
    const mu = load<f64>(c, 8 * C_FRICTION), belt = load<f64>(c, 8 * C_TANGENT_SPEED);
    for (let p = first; p < last; p += 8 * POINT_STRIDE) {
      const rAx = load<f64>(p, 8 * PT_RAX), rAy = load<f64>(p, 8 * PT_RAY), rBx = load<f64>(p, 8 * PT_RBX), rBy = load<f64>(p, 8 * PT_RBY);
      const dvx = vBx - wB * rBy - (vAx - wA * rAy);
      const dvy = vBy + wB * rBx - (vAy + wA * rAx);
      const vt = dvx * ny - dvy * nx - belt;
      const maxF = mu * load<f64>(p, 8 * PT_NORMAL_IMPULSE);
      const old = load<f64>(p, 8 * PT_TANGENT_IMPULSE);
      let lambda = old - load<f64>(p, 8 * PT_TANGENT_MASS) * vt;
      lambda = lambda < -maxF ? -maxF : lambda > maxF ? maxF : lambda;
      store<f64>(p, lambda, 8 * PT_TANGENT_IMPULSE);
      const px = (lambda - old) * ny, py = -(lambda - old) * nx;
      vAx -= mA * px; vAy -= mA * py; wA -= iA * (rAx * py - rAy * px);
      vBx += mB * px; vBy += mB * py; wB += iB * (rBx * py - rBy * px);
    }
    const rr = load<f64>(c, 8 * C_ROLLING);
    if (rr > 0) {
      let total = load<f64>(first, 8 * PT_NORMAL_IMPULSE); // point 0's
      if (last - first == 16 * POINT_STRIDE) total += load<f64>(first, 8 * (POINT_STRIDE + PT_NORMAL_IMPULSE)); // and point 1's
      const maxR = rr * total;
      const old = load<f64>(c, 8 * C_ROLLING_IMPULSE);
      let lambda = old - load<f64>(c, 8 * C_ROLLING_MASS) * (wB - wA);
      lambda = lambda < -maxR ? -maxR : lambda > maxR ? maxR : lambda;
      store<f64>(c, lambda, 8 * C_ROLLING_IMPULSE);
      wA -= iA * (lambda - old);
      wB += iB * (lambda - old);
    }
    if (!bias0 && !pgs) {
      // the relax pass adds the sub-step's impulses to the step's totals
      for (let p = first; p < last; p += 8 * POINT_STRIDE) {
        store<f64>(p, load<f64>(p, 8 * PT_TOTAL_NORMAL) + load<f64>(p, 8 * PT_NORMAL_IMPULSE), 8 * PT_TOTAL_NORMAL);
        store<f64>(p, load<f64>(p, 8 * PT_TOTAL_TANGENT) + load<f64>(p, 8 * PT_TANGENT_IMPULSE), 8 * PT_TOTAL_TANGENT);
      }
    }
    st(VX, sA, vAx); st(VY, sA, vAy); st(W, sA, wA);
    st(VX, sB, vBx); st(VY, sB, vBy); st(W, sB, wB);
  }
}
