// Deterministic elementary functions for the workload generators: the fdlibm algorithms
// (e_log.c, e_exp.c) that V8 has used for Math.log and Math.exp, written out here so that a
// generated workload is the same bits in every JavaScript engine. Chromium 156's V8 returns
// different last bits from Node 20's for about 7 % of Math.log and 10 % of Math.exp inputs, so a
// browser generated other durations than Node from the same seed (test/browser/library.test.ts).
// Checked bit for bit against Node's Math.log and Math.exp (test/units.test.ts), so the
// workloads Node generated before are unchanged.
const f64 = new Float64Array(1);
const u32 = new Uint32Array(f64.buffer);
// Little-endian (every platform Node and browsers run on): word 1 is the high word.
const hi = (x: number): number => { f64[0] = x; return u32[1] | 0; };
const lo = (x: number): number => { f64[0] = x; return u32[0]; };
const withHi = (x: number, h: number): number => { f64[0] = x; u32[1] = h >>> 0; return f64[0]; };

const LN2_HI = 6.93147180369123816490e-01;
const LN2_LO = 1.90821492927058770002e-10;
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
