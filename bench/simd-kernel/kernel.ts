/**
 * Experiment (see README.md): capsule2d's soft-step contact solve pass with
 * bias (src/solver/contact-kernels.ts, `solveContacts` with useBias true and
 * pgs false) in AssemblyScript, compiled to WebAssembly: once as scalar
 * code, once on f64x2 SIMD lanes that solve two constraints of one colour
 * at once. The arithmetic is the JavaScript kernel's, operation for
 * operation, so the results are the same bits.
 *
 * Rolling resistance and the relax pass's bounce rule are left out (the
 * runner solves constraints with rolling resistance on the scalar path).
 * Pointers are byte offsets into this module's memory: the constraint blocks
 * (`values`, 40 doubles each; `ints`, 4 ints each), the pass parameters,
 * and the body columns vx vy w invMass invI dpx dpy dqc dqs, `cap` doubles
 * each, one after the other.
 */
@inline function ld(p: usize, i: i32): f64 { return load<f64>(p + (<usize>i << 3)); }
@inline function st(p: usize, i: i32, x: f64): void { store<f64>(p + (<usize>i << 3), x); }
@inline function li(p: usize, i: i32): i32 { return load<i32>(p + (<usize>i << 2)); }

/** Constraints start .. end − 1, one after the other (the JavaScript kernel's loop). */
export function solveScalar(values: usize, ints: usize, params: usize, bodies: usize, cap: i32, start: i32, end: i32): void {
  const VX = bodies, VY = VX + (<usize>cap << 3), W = VY + (<usize>cap << 3), IM = W + (<usize>cap << 3), II = IM + (<usize>cap << 3);
  const DPX = II + (<usize>cap << 3), DPY = DPX + (<usize>cap << 3), DQC = DPY + (<usize>cap << 3), DQS = DQC + (<usize>cap << 3);
  const invH = ld(params, 0), maxPush = ld(params, 2);
  const softBias = ld(params, 3), softMass = ld(params, 4), softImpulse = ld(params, 5);
  const stiffBias = ld(params, 6), stiffMass = ld(params, 7), stiffImpulse = ld(params, 8);
  for (let i = start; i < end; i++) {
    const o = 40 * i;
    const sA = li(ints, 4 * i), sB = li(ints, 4 * i + 1);
    const nx = ld(values, o), ny = ld(values, o + 1);
    const mA = ld(IM, sA), iA = ld(II, sA), mB = ld(IM, sB), iB = ld(II, sB);
    let vAx = ld(VX, sA), vAy = ld(VY, sA), wA = ld(W, sA);
    let vBx = ld(VX, sB), vBy = ld(VY, sB), wB = ld(W, sB);
    const isStiff = li(ints, 4 * i + 3) == 1;
    const biasRate = isStiff ? stiffBias : softBias;
    const pushMass = isStiff ? stiffMass : softMass;
    const pushImpulse = isStiff ? stiffImpulse : softImpulse;
    const cA = ld(DQC, sA) - 1, sAr = ld(DQS, sA), cB = ld(DQC, sB) - 1, sBr = ld(DQS, sB);
    const dx = ld(DPX, sB) - ld(DPX, sA), dy = ld(DPY, sB) - ld(DPY, sA);
    const first = o + 8, last = first + 16 * li(ints, 4 * i + 2);
    for (let k = first; k < last; k += 16) {
      const rAx = ld(values, k), rAy = ld(values, k + 1), rBx = ld(values, k + 2), rBy = ld(values, k + 3);
      const dvx = vBx - wB * rBy - (vAx - wA * rAy);
      const dvy = vBy + wB * rBx - (vAy + wA * rAx);
      const vn = dvx * nx + dvy * ny;
      let bias = 0.0, massScale = 1.0, impulseScale = 0.0;
      const aX = ld(values, k + 4), aY = ld(values, k + 5), bX = ld(values, k + 6), bY = ld(values, k + 7);
      const ddx = dx + (cB * bX - sBr * bY) - (cA * aX - sAr * aY);
      const ddy = dy + (sBr * bX + cB * bY) - (sAr * aX + cA * aY);
      const s = ld(values, k + 8) + ddx * nx + ddy * ny;
      if (s > 0) {
        bias = s * invH;
      } else {
        bias = biasRate * s;
        if (bias < -maxPush) bias = -maxPush;
        massScale = pushMass;
        impulseScale = pushImpulse;
      }
      const old = ld(values, k + 11);
      let lambda = old - ld(values, k + 9) * massScale * (vn + bias) - impulseScale * old;
      if (lambda < 0) lambda = 0;
      st(values, k + 11, lambda);
      const impulse = lambda - old;
      const px = impulse * nx, py = impulse * ny;
      vAx -= mA * px; vAy -= mA * py; wA -= iA * (rAx * py - rAy * px);
      vBx += mB * px; vBy += mB * py; wB += iB * (rBx * py - rBy * px);
    }
    const mu = ld(values, o + 2), belt = ld(values, o + 3);
    for (let k = first; k < last; k += 16) {
      const rAx = ld(values, k), rAy = ld(values, k + 1), rBx = ld(values, k + 2), rBy = ld(values, k + 3);
      const dvx = vBx - wB * rBy - (vAx - wA * rAy);
      const dvy = vBy + wB * rBx - (vAy + wA * rAx);
      const vt = dvx * ny - dvy * nx - belt;
      const maxF = mu * ld(values, k + 11);
      const old = ld(values, k + 12);
      let lambda = old - ld(values, k + 10) * vt;
      lambda = lambda < -maxF ? -maxF : lambda > maxF ? maxF : lambda;
      st(values, k + 12, lambda);
      const px = (lambda - old) * ny, py = -(lambda - old) * nx;
      vAx -= mA * px; vAy -= mA * py; wA -= iA * (rAx * py - rAy * px);
      vBx += mB * px; vBy += mB * py; wB += iB * (rBx * py - rBy * px);
    }
    st(VX, sA, vAx); st(VY, sA, vAy); st(W, sA, wA);
    st(VX, sB, vBx); st(VY, sB, vBy); st(W, sB, wB);
  }
}

@inline function pair(p: usize, i: i32, j: i32): v128 { return f64x2(ld(p, i), ld(p, j)); }
@inline function sel(a: v128, b: v128, m: v128): v128 { return v128.bitselect(a, b, m); }

/**
 * Pairs (i, j) from `pairs` (i32 list, 2 per pair) of constraints of one
 * colour (no moving body in common) with the same number of points: lane 0
 * solves i, lane 1 solves j. The branches of the scalar kernel become lane
 * selects.
 */
export function solvePairs(values: usize, ints: usize, params: usize, bodies: usize, cap: i32, pairs: usize, pairCount: i32): void {
  const VX = bodies, VY = VX + (<usize>cap << 3), W = VY + (<usize>cap << 3), IM = W + (<usize>cap << 3), II = IM + (<usize>cap << 3);
  const DPX = II + (<usize>cap << 3), DPY = DPX + (<usize>cap << 3), DQC = DPY + (<usize>cap << 3), DQS = DQC + (<usize>cap << 3);
  const invH = f64x2.splat(ld(params, 0)), negMaxPush = f64x2.splat(-ld(params, 2));
  const softBias = ld(params, 3), softMass = ld(params, 4), softImpulse = ld(params, 5);
  const stiffBias = ld(params, 6), stiffMass = ld(params, 7), stiffImpulse = ld(params, 8);
  const zero = f64x2.splat(0), one = f64x2.splat(1);
  for (let q = 0; q < pairCount; q++) {
    const i = li(pairs, 2 * q), j = li(pairs, 2 * q + 1);
    const oi = 40 * i, oj = 40 * j;
    const sAi = li(ints, 4 * i), sBi = li(ints, 4 * i + 1), sAj = li(ints, 4 * j), sBj = li(ints, 4 * j + 1);
    const nx = pair(values, oi, oj), ny = pair(values, oi + 1, oj + 1);
    const mA = f64x2(ld(IM, sAi), ld(IM, sAj)), iA = f64x2(ld(II, sAi), ld(II, sAj));
    const mB = f64x2(ld(IM, sBi), ld(IM, sBj)), iB = f64x2(ld(II, sBi), ld(II, sBj));
    let vAx = f64x2(ld(VX, sAi), ld(VX, sAj)), vAy = f64x2(ld(VY, sAi), ld(VY, sAj)), wA = f64x2(ld(W, sAi), ld(W, sAj));
    let vBx = f64x2(ld(VX, sBi), ld(VX, sBj)), vBy = f64x2(ld(VY, sBi), ld(VY, sBj)), wB = f64x2(ld(W, sBi), ld(W, sBj));
    const sti = li(ints, 4 * i + 3) == 1, stj = li(ints, 4 * j + 3) == 1;
    const biasRate = f64x2(sti ? stiffBias : softBias, stj ? stiffBias : softBias);
    const pushMass = f64x2(sti ? stiffMass : softMass, stj ? stiffMass : softMass);
    const pushImpulse = f64x2(sti ? stiffImpulse : softImpulse, stj ? stiffImpulse : softImpulse);
    const cA = f64x2.sub(f64x2(ld(DQC, sAi), ld(DQC, sAj)), one), sAr = f64x2(ld(DQS, sAi), ld(DQS, sAj));
    const cB = f64x2.sub(f64x2(ld(DQC, sBi), ld(DQC, sBj)), one), sBr = f64x2(ld(DQS, sBi), ld(DQS, sBj));
    const dx = f64x2.sub(f64x2(ld(DPX, sBi), ld(DPX, sBj)), f64x2(ld(DPX, sAi), ld(DPX, sAj)));
    const dy = f64x2.sub(f64x2(ld(DPY, sBi), ld(DPY, sBj)), f64x2(ld(DPY, sAi), ld(DPY, sAj)));
    const points = li(ints, 4 * i + 2);
    for (let p = 0; p < points; p++) {
      const ki = oi + 8 + 16 * p, kj = oj + 8 + 16 * p;
      const rAx = pair(values, ki, kj), rAy = pair(values, ki + 1, kj + 1), rBx = pair(values, ki + 2, kj + 2), rBy = pair(values, ki + 3, kj + 3);
      const dvx = f64x2.sub(f64x2.sub(vBx, f64x2.mul(wB, rBy)), f64x2.sub(vAx, f64x2.mul(wA, rAy)));
      const dvy = f64x2.sub(f64x2.add(vBy, f64x2.mul(wB, rBx)), f64x2.add(vAy, f64x2.mul(wA, rAx)));
      const vn = f64x2.add(f64x2.mul(dvx, nx), f64x2.mul(dvy, ny));
      const aX = pair(values, ki + 4, kj + 4), aY = pair(values, ki + 5, kj + 5), bX = pair(values, ki + 6, kj + 6), bY = pair(values, ki + 7, kj + 7);
      const ddx = f64x2.sub(f64x2.add(dx, f64x2.sub(f64x2.mul(cB, bX), f64x2.mul(sBr, bY))), f64x2.sub(f64x2.mul(cA, aX), f64x2.mul(sAr, aY)));
      const ddy = f64x2.sub(f64x2.add(dy, f64x2.add(f64x2.mul(sBr, bX), f64x2.mul(cB, bY))), f64x2.add(f64x2.mul(sAr, aX), f64x2.mul(cA, aY)));
      const s = f64x2.add(f64x2.add(pair(values, ki + 8, kj + 8), f64x2.mul(ddx, nx)), f64x2.mul(ddy, ny));
      const apart = f64x2.gt(s, zero);
      let push = f64x2.mul(biasRate, s);
      push = sel(negMaxPush, push, f64x2.lt(push, negMaxPush));
      const bias = sel(f64x2.mul(s, invH), push, apart);
      const massScale = sel(one, pushMass, apart);
      const impulseScale = sel(zero, pushImpulse, apart);
      const old = pair(values, ki + 11, kj + 11);
      let lambda = f64x2.sub(f64x2.sub(old, f64x2.mul(f64x2.mul(pair(values, ki + 9, kj + 9), massScale), f64x2.add(vn, bias))), f64x2.mul(impulseScale, old));
      lambda = sel(zero, lambda, f64x2.lt(lambda, zero));
      st(values, ki + 11, f64x2.extract_lane(lambda, 0)); st(values, kj + 11, f64x2.extract_lane(lambda, 1));
      const impulse = f64x2.sub(lambda, old);
      const px = f64x2.mul(impulse, nx), py = f64x2.mul(impulse, ny);
      vAx = f64x2.sub(vAx, f64x2.mul(mA, px)); vAy = f64x2.sub(vAy, f64x2.mul(mA, py));
      wA = f64x2.sub(wA, f64x2.mul(iA, f64x2.sub(f64x2.mul(rAx, py), f64x2.mul(rAy, px))));
      vBx = f64x2.add(vBx, f64x2.mul(mB, px)); vBy = f64x2.add(vBy, f64x2.mul(mB, py));
      wB = f64x2.add(wB, f64x2.mul(iB, f64x2.sub(f64x2.mul(rBx, py), f64x2.mul(rBy, px))));
    }
    const mu = pair(values, oi + 2, oj + 2), belt = pair(values, oi + 3, oj + 3);
    for (let p = 0; p < points; p++) {
      const ki = oi + 8 + 16 * p, kj = oj + 8 + 16 * p;
      const rAx = pair(values, ki, kj), rAy = pair(values, ki + 1, kj + 1), rBx = pair(values, ki + 2, kj + 2), rBy = pair(values, ki + 3, kj + 3);
      const dvx = f64x2.sub(f64x2.sub(vBx, f64x2.mul(wB, rBy)), f64x2.sub(vAx, f64x2.mul(wA, rAy)));
      const dvy = f64x2.sub(f64x2.add(vBy, f64x2.mul(wB, rBx)), f64x2.add(vAy, f64x2.mul(wA, rAx)));
      const vt = f64x2.sub(f64x2.sub(f64x2.mul(dvx, ny), f64x2.mul(dvy, nx)), belt);
      const maxF = f64x2.mul(mu, pair(values, ki + 11, kj + 11));
      const negMaxF = f64x2.neg(maxF);
      const old = pair(values, ki + 12, kj + 12);
      let lambda = f64x2.sub(old, f64x2.mul(pair(values, ki + 10, kj + 10), vt));
      lambda = sel(negMaxF, sel(maxF, lambda, f64x2.gt(lambda, maxF)), f64x2.lt(lambda, negMaxF));
      st(values, ki + 12, f64x2.extract_lane(lambda, 0)); st(values, kj + 12, f64x2.extract_lane(lambda, 1));
      const d = f64x2.sub(lambda, old);
      const px = f64x2.mul(d, ny), py = f64x2.neg(f64x2.mul(d, nx));
      vAx = f64x2.sub(vAx, f64x2.mul(mA, px)); vAy = f64x2.sub(vAy, f64x2.mul(mA, py));
      wA = f64x2.sub(wA, f64x2.mul(iA, f64x2.sub(f64x2.mul(rAx, py), f64x2.mul(rAy, px))));
      vBx = f64x2.add(vBx, f64x2.mul(mB, px)); vBy = f64x2.add(vBy, f64x2.mul(mB, py));
      wB = f64x2.add(wB, f64x2.mul(iB, f64x2.sub(f64x2.mul(rBx, py), f64x2.mul(rBy, px))));
    }
    st(VX, sAi, f64x2.extract_lane(vAx, 0)); st(VY, sAi, f64x2.extract_lane(vAy, 0)); st(W, sAi, f64x2.extract_lane(wA, 0));
    st(VX, sBi, f64x2.extract_lane(vBx, 0)); st(VY, sBi, f64x2.extract_lane(vBy, 0)); st(W, sBi, f64x2.extract_lane(wB, 0));
    st(VX, sAj, f64x2.extract_lane(vAx, 1)); st(VY, sAj, f64x2.extract_lane(vAy, 1)); st(W, sAj, f64x2.extract_lane(wA, 1));
    st(VX, sBj, f64x2.extract_lane(vBx, 1)); st(VY, sBj, f64x2.extract_lane(vBy, 1)); st(W, sBj, f64x2.extract_lane(wB, 1));
  }
}

/** The constraints listed in `list` (i32), one after the other, with `solveScalar`. */
export function solveList(values: usize, ints: usize, params: usize, bodies: usize, cap: i32, list: usize, count: i32): void {
  for (let q = 0; q < count; q++) {
    const i = li(list, q);
    solveScalar(values, ints, params, bodies, cap, i, i + 1);
  }
}
