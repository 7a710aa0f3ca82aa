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
 * constraint blocks (`values`, 40 doubles each; `ints`, 4 ints each), the
 * pass's parameters and the body columns.
 */

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

// A constraint's block is 320 bytes (40 doubles) at VALUES + 320·i; its points are 128 bytes
// (16 doubles) each from byte 64. The field offsets (bytes: 8 × the C_* and PT_* index of
// src/solver/contact-kernels.ts) are the loads' immediate offsets.
/** warmStartContacts: apply the accumulated impulses of constraints start .. end − 1. */
export function warmStart(start: i32, end: i32): void {
  for (let i = start; i < end; i++) {
    const c = VALUES + <usize>i * 320;
    const sA = li(4 * i), sB = li(4 * i + 1);
    const nx = load<f64>(c, 0), ny = load<f64>(c, 8);
    const mA = ld(IM, sA), iA = ld(II, sA), mB = ld(IM, sB), iB = ld(II, sB);
    let vAx = ld(VX, sA), vAy = ld(VY, sA), wA = ld(W, sA);
    let vBx = ld(VX, sB), vBy = ld(VY, sB), wB = ld(W, sB);
    if (iA == 0 && iB == 0) {
      // neither body turns: only the linear velocities change
      for (let p = c + 64, last = p + 128 * <usize>li(4 * i + 2); p < last; p += 128) {
        const ln = load<f64>(p, 88), lt = load<f64>(p, 96);
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
    for (let p = c + 64, last = p + 128 * <usize>li(4 * i + 2); p < last; p += 128) {
      const ln = load<f64>(p, 88), lt = load<f64>(p, 96); // PT_NORMAL_IMPULSE, PT_TANGENT_IMPULSE
      const px = ln * nx + lt * ny;
      const py = ln * ny - lt * nx;
      vAx -= mA * px;
      vAy -= mA * py;
      wA -= iA * (load<f64>(p, 0) * py - load<f64>(p, 8) * px);
      vBx += mB * px;
      vBy += mB * py;
      wB += iB * (load<f64>(p, 16) * py - load<f64>(p, 24) * px);
    }
    const lr = load<f64>(c, 56); // C_ROLLING_IMPULSE
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
  const invH = ld(PARAMS, 0), bounceBelow = ld(PARAMS, 1), maxPush = ld(PARAMS, 2);
  const softBias = ld(PARAMS, 3), softMass = ld(PARAMS, 4), softImpulse = ld(PARAMS, 5);
  const stiffBias = ld(PARAMS, 6), stiffMass = ld(PARAMS, 7), stiffImpulse = ld(PARAMS, 8);
  const bias0 = mode == 1;
  const pgs = mode == 2;
  for (let i = start; i < end; i++) {
    const c = VALUES + <usize>i * 320;
    const sA = li(4 * i), sB = li(4 * i + 1);
    const nx = load<f64>(c, 0), ny = load<f64>(c, 8);
    const mA = ld(IM, sA), iA = ld(II, sA), mB = ld(IM, sB), iB = ld(II, sB);
    let vAx = ld(VX, sA), vAy = ld(VY, sA), wA = ld(W, sA);
    let vBx = ld(VX, sB), vBy = ld(VY, sB), wB = ld(W, sB);
    const isStiff = li(4 * i + 3) == 1;
    const biasRate = isStiff ? stiffBias : softBias;
    const pushMass = isStiff ? stiffMass : softMass;
    const pushImpulse = isStiff ? stiffImpulse : softImpulse;
    const first = c + 64, last = first + 128 * <usize>li(4 * i + 2);
    if (iA == 0 && iB == 0 && wA == 0 && wB == 0) {
      // neither body turns in this step: the rows without their angular terms (solveContacts' first branch)
      const dx = ld(DPX, sB) - ld(DPX, sA), dy = ld(DPY, sB) - ld(DPY, sA);
      const bouncy = load<f64>(c, 32) > 0 && !bias0 && !pgs;
      for (let p = first; p < last; p += 128) {
        const dvx = vBx - vAx, dvy = vBy - vAy;
        const vn = dvx * nx + dvy * ny;
        let bias = 0.0, massScale = 1.0, impulseScale = 0.0;
        if (pgs) {
          bias = -load<f64>(p, 104);
        } else {
          const s = load<f64>(p, 64) + dx * nx + dy * ny;
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
        const old = load<f64>(p, 88);
        let lambda = old - load<f64>(p, 72) * massScale * (vn + bias) - impulseScale * old;
        if (lambda < 0) lambda = 0;
        store<f64>(p, lambda, 88);
        const impulse = lambda - old;
        const px = impulse * nx, py = impulse * ny;
        vAx -= mA * px; vAy -= mA * py;
        vBx += mB * px; vBy += mB * py;
      }
      const mu = load<f64>(c, 16), belt = load<f64>(c, 24);
      for (let p = first; p < last; p += 128) {
        const dvx = vBx - vAx, dvy = vBy - vAy;
        const vt = dvx * ny - dvy * nx - belt;
        const maxF = mu * load<f64>(p, 88);
        const old = load<f64>(p, 96);
        let lambda = old - load<f64>(p, 80) * vt;
        lambda = lambda < -maxF ? -maxF : lambda > maxF ? maxF : lambda;
        store<f64>(p, lambda, 96);
        const px = (lambda - old) * ny, py = -(lambda - old) * nx;
        vAx -= mA * px; vAy -= mA * py;
        vBx += mB * px; vBy += mB * py;
      }
      const rr = load<f64>(c, 40);
      if (rr > 0) {
        let total = load<f64>(first, 88);
        if (last - first == 256) total += load<f64>(first, 216);
        const maxR = rr * total;
        const old = load<f64>(c, 56);
        const lambda = old - load<f64>(c, 48) * (wB - wA);
        store<f64>(c, lambda < -maxR ? -maxR : lambda > maxR ? maxR : lambda, 56);
      }
      if (!bias0 && !pgs) {
        for (let p = first; p < last; p += 128) {
          store<f64>(p, load<f64>(p, 112) + load<f64>(p, 88), 112);
          store<f64>(p, load<f64>(p, 120) + load<f64>(p, 96), 120);
        }
      }
      st(VX, sA, vAx); st(VY, sA, vAy);
      st(VX, sB, vBx); st(VY, sB, vBy);
      continue;
    }
    const cA = ld(DQC, sA) - 1, sAr = ld(DQS, sA), cB = ld(DQC, sB) - 1, sBr = ld(DQS, sB);
    const dx = ld(DPX, sB) - ld(DPX, sA), dy = ld(DPY, sB) - ld(DPY, sA);
    const bouncy = load<f64>(c, 32) > 0 && !bias0 && !pgs; // C_RESTITUTION
    for (let p = first; p < last; p += 128) {
      const rAx = load<f64>(p, 0), rAy = load<f64>(p, 8), rBx = load<f64>(p, 16), rBy = load<f64>(p, 24);
      const dvx = vBx - wB * rBy - (vAx - wA * rAy);
      const dvy = vBy + wB * rBx - (vAy + wA * rAx);
      const vn = dvx * nx + dvy * ny;
      let bias = 0.0, massScale = 1.0, impulseScale = 0.0;
      if (pgs) {
        bias = -load<f64>(p, 104); // PT_BIAS
      } else {
        const aX = load<f64>(p, 32), aY = load<f64>(p, 40), bX = load<f64>(p, 48), bY = load<f64>(p, 56); // PT_SAX ... PT_SBY
        const ddx = dx + (cB * bX - sBr * bY) - (cA * aX - sAr * aY);
        const ddy = dy + (sBr * bX + cB * bY) - (sAr * aX + cA * aY);
        const s = load<f64>(p, 64) + ddx * nx + ddy * ny; // PT_SEPARATION
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
      const old = load<f64>(p, 88); // PT_NORMAL_IMPULSE
      let lambda = old - load<f64>(p, 72) * massScale * (vn + bias) - impulseScale * old; // PT_NORMAL_MASS
      if (lambda < 0) lambda = 0;
      store<f64>(p, lambda, 88);
      const impulse = lambda - old;
      const px = impulse * nx, py = impulse * ny;
      vAx -= mA * px; vAy -= mA * py; wA -= iA * (rAx * py - rAy * px);
      vBx += mB * px; vBy += mB * py; wB += iB * (rBx * py - rBy * px);
    }
    const mu = load<f64>(c, 16), belt = load<f64>(c, 24); // C_FRICTION, C_TANGENT_SPEED
    for (let p = first; p < last; p += 128) {
      const rAx = load<f64>(p, 0), rAy = load<f64>(p, 8), rBx = load<f64>(p, 16), rBy = load<f64>(p, 24);
      const dvx = vBx - wB * rBy - (vAx - wA * rAy);
      const dvy = vBy + wB * rBx - (vAy + wA * rAx);
      const vt = dvx * ny - dvy * nx - belt;
      const maxF = mu * load<f64>(p, 88);
      const old = load<f64>(p, 96); // PT_TANGENT_IMPULSE
      let lambda = old - load<f64>(p, 80) * vt; // PT_TANGENT_MASS
      lambda = lambda < -maxF ? -maxF : lambda > maxF ? maxF : lambda;
      store<f64>(p, lambda, 96);
      const px = (lambda - old) * ny, py = -(lambda - old) * nx;
      vAx -= mA * px; vAy -= mA * py; wA -= iA * (rAx * py - rAy * px);
      vBx += mB * px; vBy += mB * py; wB += iB * (rBx * py - rBy * px);
    }
    const rr = load<f64>(c, 40); // C_ROLLING
    if (rr > 0) {
      let total = load<f64>(first, 88); // point 0's PT_NORMAL_IMPULSE
      if (last - first == 256) total += load<f64>(first, 216); // and point 1's
      const maxR = rr * total;
      const old = load<f64>(c, 56); // C_ROLLING_IMPULSE
      let lambda = old - load<f64>(c, 48) * (wB - wA); // C_ROLLING_MASS
      lambda = lambda < -maxR ? -maxR : lambda > maxR ? maxR : lambda;
      store<f64>(c, lambda, 56);
      wA -= iA * (lambda - old);
      wB += iB * (lambda - old);
    }
    if (!bias0 && !pgs) {
      // the relax pass adds the sub-step's impulses to the step's totals
      for (let p = first; p < last; p += 128) {
        store<f64>(p, load<f64>(p, 112) + load<f64>(p, 88), 112); // PT_TOTAL_NORMAL
        store<f64>(p, load<f64>(p, 120) + load<f64>(p, 96), 120); // PT_TOTAL_TANGENT
      }
    }
    st(VX, sA, vAx); st(VY, sA, vAy); st(W, sA, wA);
    st(VX, sB, vBx); st(VY, sB, vBy); st(W, sB, wB);
  }
}
