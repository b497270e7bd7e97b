// Deterministic elementary functions for the workload generators: the fdlibm algorithms
// (e_log.c, e_exp.c, s_cos.c, s_log1p.c) that V8 has used for Math.log, Math.exp, Math.cos and
// Math.log1p, written out here so that a
// generated workload is the same bits in every JavaScript engine. Chromium 156's V8 returns
// different last bits from Node 20's for about 7 % of Math.log and 10 % of Math.exp inputs (and
// 3 % of Math.cos, a few in 10^5 of Math.log1p), so a browser generated other durations than Node
// from the same seed (test/browser/library.test.ts). Checked bit for bit against Node's Math
// (test/units.test.ts), so the workloads Node generated before are unchanged. Math.pow is not
// here: Node 20's is neither fdlibm's nor glibc's, so no port reproduces it; the one generator
// that raised to a power (gen.ts's Pareto) uses exp and log instead. The engine has its own ln and
// e^x (assembly/toolkit/libm.ts: + − × ÷ only, a different algorithm, the same ln 2 split).
const f64 = new Float64Array(1);
const u32 = new Uint32Array(f64.buffer);
// Little-endian (every platform Node and browsers run on): word 1 is the high word.
const hi = (x: number): number => { f64[0] = x; return u32[1] | 0; };
const lo = (x: number): number => { f64[0] = x; return u32[0]; };
const withHi = (x: number, h: number): number => { f64[0] = x; u32[1] = h >>> 0; return f64[0]; };

/** ln 2 = LN2_HI + LN2_LO (fdlibm's split; the engine's assembly/toolkit/libm.ts has the same,
 *  test/libm.test.ts). */
export const LN2_HI = 6.93147180369123816490e-01;
export const LN2_LO = 1.90821492927058770002e-10;
const TWO54 = 1.80143985094819840000e+16;
const LG1 = 6.666666666666735130e-01;
const LG2 = 3.999999999940941908e-01;
const LG3 = 2.857142874366239149e-01;
const LG4 = 2.222219843214978396e-01;
const LG5 = 1.818357216161805012e-01;
const LG6 = 1.531383769920937332e-01;
const LG7 = 1.479819860511658591e-01;

/** The natural logarithm (fdlibm e_log.c). */
export function log(x: number): number {
  let hx = hi(x);
  const lx = lo(x);
  let k = 0;
  if (hx < 0x00100000) { // x < 2^-1022
    if (((hx & 0x7fffffff) | lx) === 0) return -Infinity;
    if (hx < 0) return NaN;
    k -= 54;
    x *= TWO54; // subnormal: scale up
    hx = hi(x);
  }
  if (hx >= 0x7ff00000) return x + x;
  k += (hx >> 20) - 1023;
  hx &= 0x000fffff;
  let i = (hx + 0x95f64) & 0x100000;
  x = withHi(x, hx | (i ^ 0x3ff00000)); // normalize x or x/2
  k += i >> 20;
  const f = x - 1.0;
  if ((0x000fffff & (2 + hx)) < 3) { // -2^-20 <= f < 2^-20
    if (f === 0) return k === 0 ? 0 : k * LN2_HI + k * LN2_LO;
    const r = f * f * (0.5 - 0.33333333333333333 * f);
    return k === 0 ? f - r : k * LN2_HI - ((r - k * LN2_LO) - f);
  }
  const s = f / (2.0 + f);
  const dk = k;
  const z = s * s;
  i = hx - 0x6147a;
  const w = z * z;
  const j = 0x6b851 - hx;
  const t1 = w * (LG2 + w * (LG4 + w * LG6));
  const t2 = z * (LG1 + w * (LG3 + w * (LG5 + w * LG7)));
  i |= j;
  const r = t2 + t1;
  if (i > 0) {
    const hfsq = 0.5 * f * f;
    return k === 0 ? f - (hfsq - s * (hfsq + r)) : dk * LN2_HI - ((hfsq - (s * (hfsq + r) + dk * LN2_LO)) - f);
  }
  return k === 0 ? f - s * (f - r) : dk * LN2_HI - ((s * (f - r) - dk * LN2_LO) - f);
}

const O_THRESHOLD = 7.09782712893383973096e+02;
const U_THRESHOLD = -7.45133219101941108420e+02;
const INVLN2 = 1.44269504088896338700e+00;
const P1 = 1.66666666666666019037e-01;
const P2 = -2.77777777770155933842e-03;
const P3 = 6.61375632143793436117e-05;
const P4 = -1.65339022054652515390e-06;
const P5 = 4.13813679705723846039e-08;
const TWOM1000 = 9.33263618503218878990e-302;

/** e^x (fdlibm e_exp.c). */
export function exp(x: number): number {
  let hx = hi(x);
  const xsb = (hx >>> 31) & 1;
  hx &= 0x7fffffff;
  let k = 0;
  let h = 0;
  let l = 0;
  if (hx >= 0x40862e42) { // |x| >= 709.78...
    if (hx >= 0x7ff00000) {
      if (((hx & 0xfffff) | lo(x)) !== 0) return x + x; // NaN
      return xsb === 0 ? x : 0.0;
    }
    if (x > O_THRESHOLD) return Infinity;
    if (x < U_THRESHOLD) return 0;
  }
  if (hx > 0x3fd62e42) { // |x| > 0.5 ln2
    if (hx < 0x3ff0a2b2) { // and |x| < 1.5 ln2
      if (x === 1.0) return Math.E; // (as V8's port: the steps below miss e's last bit)
      h = xsb === 0 ? x - LN2_HI : x + LN2_HI;
      l = xsb === 0 ? LN2_LO : -LN2_LO;
      k = 1 - xsb - xsb;
    } else {
      k = Math.trunc(INVLN2 * x + (xsb === 0 ? 0.5 : -0.5));
      h = x - k * LN2_HI;
      l = k * LN2_LO;
    }
    x = h - l;
  } else if (hx < 0x3e300000) { // |x| < 2^-28
    return 1 + x;
  }
  const t = x * x;
  const c = x - t * (P1 + t * (P2 + t * (P3 + t * (P4 + t * P5))));
  if (k === 0) return 1 - ((x * c) / (c - 2.0) - x);
  const y = 1 - ((l - (x * c) / (2.0 - c)) - h);
  if (k >= -1021) {
    if (k === 1024) return y * 2.0 * 8.98846567431158e307; // 2^1023
    return withHi(y, hi(y) + (k << 20));
  }
  return withHi(y, hi(y) + ((k + 1000) << 20)) * TWOM1000;
}

// ---- cos (fdlibm s_cos.c, k_cos.c, k_sin.c, the medium range of e_rem_pio2.c) ----
// The generators' normal samplers call cos(2πv) with v in [0, 1); the reduction here covers
// |x| up to 2^19·π/2 (fdlibm's "medium size" branch). Beyond it fdlibm needs the
// multi-precision __kernel_rem_pio2, which no generator reaches: such an argument is refused.

const C1 = 4.16666666666666019037e-02;
const C2 = -1.38888888888741095749e-03;
const C3 = 2.48015872894767294178e-05;
const C4 = -2.75573143513906633035e-07;
const C5 = 2.08757232129817482790e-09;
const C6 = -1.13596475577881948265e-11;

/** cos on [-π/4, π/4]; y is the tail of x (fdlibm k_cos.c, as V8's ieee754.cc). */
function kernelCos(x: number, y: number): number {
  const ix = hi(x) & 0x7fffffff;
  if (ix < 0x3e400000 && Math.trunc(x) === 0) return 1; // |x| < 2^-27
  const z = x * x;
  const r = z * (C1 + z * (C2 + z * (C3 + z * (C4 + z * (C5 + z * C6)))));
  if (ix < 0x3fd33333) return 1 - (0.5 * z - (z * r - x * y)); // |x| < 0.3
  const qx = ix > 0x3fe90000 ? 0.28125 : withHi(0, ix - 0x00200000); // x/4, high word only
  const hz = 0.5 * z - qx;
  const a = 1 - qx;
  return a - (hz - (z * r - x * y));
}

const S1 = -1.66666666666666324348e-01;
const S2 = 8.33333333332248946124e-03;
const S3 = -1.98412698298579493134e-04;
const S4 = 2.75573137070700676789e-06;
const S5 = -2.50507602534068634195e-08;
const S6 = 1.58969099521155010221e-10;

/** sin on [-π/4, π/4]; y is the tail of x, iy = 0 when y is 0 (fdlibm k_sin.c). */
function kernelSin(x: number, y: number, iy: number): number {
  const ix = hi(x) & 0x7fffffff;
  if (ix < 0x3e400000 && Math.trunc(x) === 0) return x; // |x| < 2^-27
  const z = x * x;
  const v = z * x;
  const r = S2 + z * (S3 + z * (S4 + z * (S5 + z * S6)));
  if (iy === 0) return x + v * (S1 + z * r);
  return x - ((z * (0.5 * y - v * r) - y) - v * S1);
}

const INVPIO2 = 6.36619772367581382433e-01;
const PIO2_1 = 1.57079632673412561417e+00;
const PIO2_1T = 6.07710050650619224932e-11;
const PIO2_2 = 6.07710050630396597660e-11;
const PIO2_2T = 2.02226624879595063154e-21;
const PIO2_3 = 2.02226624871116645580e-21;
const PIO2_3T = 8.47842766036889956997e-32;
/** High words of n·π/2, n = 1..32 (e_rem_pio2.c's npio2_hw). */
const NPIO2_HW = [
  0x3ff921fb, 0x400921fb, 0x4012d97c, 0x401921fb, 0x401f6a7a, 0x4022d97c, 0x4025fdbb, 0x402921fb,
  0x402c463a, 0x402f6a7a, 0x4031475c, 0x4032d97c, 0x40346b9c, 0x4035fdbb, 0x40378fdb, 0x403921fb,
  0x403ab41b, 0x403c463a, 0x403dd85a, 0x403f6a7a, 0x40407e4c, 0x4041475c, 0x4042106c, 0x4042d97c,
  0x4043a28c, 0x40446b9c, 0x404534ac, 0x4045fdbb, 0x4046c6cb, 0x40478fdb, 0x404858eb, 0x404921fb,
];
const remY = new Float64Array(2);

/** x − n·π/2 as remY[0] + remY[1]; returns n (fdlibm e_rem_pio2.c, |x| ≤ 2^19·π/2). */
function remPio2(x: number): number {
  const hx = hi(x);
  const ix = hx & 0x7fffffff;
  if (ix <= 0x3fe921fb) { remY[0] = x; remY[1] = 0; return 0; }
  if (ix < 0x4002d97c) { // |x| < 3π/4: n = ±1
    if (hx > 0) {
      let z = x - PIO2_1;
      if (ix !== 0x3ff921fb) { remY[0] = z - PIO2_1T; remY[1] = (z - remY[0]) - PIO2_1T; }
      else { z -= PIO2_2; remY[0] = z - PIO2_2T; remY[1] = (z - remY[0]) - PIO2_2T; }
      return 1;
    }
    let z = x + PIO2_1;
    if (ix !== 0x3ff921fb) { remY[0] = z + PIO2_1T; remY[1] = (z - remY[0]) + PIO2_1T; }
    else { z += PIO2_2; remY[0] = z + PIO2_2T; remY[1] = (z - remY[0]) + PIO2_2T; }
    return -1;
  }
  if (ix > 0x413921fb) throw new RangeError(`libm.cos: |x| = ${Math.abs(x)} is beyond 2^19·π/2, the range the generators use`);
  let t = Math.abs(x);
  const n = Math.trunc(t * INVPIO2 + 0.5);
  const fn = n;
  let r = t - fn * PIO2_1;
  let w = fn * PIO2_1T; // first round, good to 85 bits
  if (n < 32 && ix !== NPIO2_HW[n - 1]) {
    remY[0] = r - w;
  } else {
    const j = ix >> 20;
    remY[0] = r - w;
    let i = j - ((hi(remY[0]) >> 20) & 0x7ff);
    if (i > 16) { // second round, good to 118 bits
      t = r;
      w = fn * PIO2_2;
      r = t - w;
      w = fn * PIO2_2T - ((t - r) - w);
      remY[0] = r - w;
      i = j - ((hi(remY[0]) >> 20) & 0x7ff);
      if (i > 49) { // third round, 151 bits
        t = r;
        w = fn * PIO2_3;
        r = t - w;
        w = fn * PIO2_3T - ((t - r) - w);
        remY[0] = r - w;
      }
    }
  }
  remY[1] = (r - remY[0]) - w;
  if (hx < 0) { remY[0] = -remY[0]; remY[1] = -remY[1]; return -n; }
  return n;
}

/** The cosine (fdlibm s_cos.c), for |x| ≤ 2^19·π/2 (a larger finite x is a RangeError). */
export function cos(x: number): number {
  const ix = hi(x) & 0x7fffffff;
  if (ix <= 0x3fe921fb) return kernelCos(x, 0);
  if (ix >= 0x7ff00000) return NaN;
  const n = remPio2(x);
  switch (n & 3) {
    case 0: return kernelCos(remY[0], remY[1]);
    case 1: return -kernelSin(remY[0], remY[1], 1);
    case 2: return -kernelCos(remY[0], remY[1]);
    default: return kernelSin(remY[0], remY[1], 1);
  }
}

// ---- log1p (fdlibm s_log1p.c) ----

/** ln(1 + x), accurate for small x (fdlibm s_log1p.c). */
export function log1p(x: number): number {
  const hx = hi(x);
  const ax = hx & 0x7fffffff;
  let k = 1;
  let f = 0;
  let c = 0;
  let hu = 0;
  if (hx < 0x3fda827a) { // 1 + x < sqrt(2)+
    if (ax >= 0x3ff00000) { // x <= -1.0
      if (x === -1.0) return -Infinity;
      return NaN;
    }
    if (ax < 0x3e200000) { // |x| < 2^-29
      if (ax < 0x3c900000) return x; // |x| < 2^-54
      return x - x * x * 0.5;
    }
    if (hx > 0 || hx <= (0xbfd2bec4 | 0)) { k = 0; f = x; hu = 1; } // sqrt(2)/2- <= 1 + x < sqrt(2)+
  }
  if (hx >= 0x7ff00000) return x + x;
  if (k !== 0) {
    let u: number;
    if (hx < 0x43400000) {
      u = 1.0 + x;
      hu = hi(u);
      k = (hu >> 20) - 1023;
      c = k > 0 ? 1.0 - (u - x) : x - (u - 1.0); // correction term
      c /= u;
    } else {
      u = x;
      hu = hi(u);
      k = (hu >> 20) - 1023;
      c = 0;
    }
    hu &= 0x000fffff;
    if (hu < 0x6a09e) { // u ~< sqrt(2)
      u = withHi(u, hu | 0x3ff00000);
    } else {
      k += 1;
      u = withHi(u, hu | 0x3fe00000); // normalize u/2
      hu = (0x00100000 - hu) >> 2;
    }
    f = u - 1.0;
  }
  const hfsq = 0.5 * f * f;
  if (hu === 0) { // |f| < 2^-20
    if (f === 0) {
      if (k === 0) return 0;
      c += k * LN2_LO;
      return k * LN2_HI + c;
    }
    const R = hfsq * (1.0 - 0.66666666666666666 * f);
    return k === 0 ? f - R : k * LN2_HI - ((R - (k * LN2_LO + c)) - f);
  }
  const s = f / (2.0 + f);
  const z = s * s;
  const R = z * (LG1 + z * (LG2 + z * (LG3 + z * (LG4 + z * (LG5 + z * (LG6 + z * LG7)))))); // s_log1p.c's Lp1-Lp7 = e_log.c's Lg1-Lg7
  if (k === 0) return f - (hfsq - s * (hfsq + R));
  return k * LN2_HI - ((hfsq - (s * (hfsq + R) + (k * LN2_LO + c))) - f);
}
