import { areaResample } from "./raster.js";

/**
 * Perceptual hashes of square float grids (the GRID×GRID shape masks): pHash (signs of the 8×8 lowest
 * DCT frequencies against their median) and dHash (brightness gradients of a 9×8 reduction). Two images
 * of the same shape differ in few bits whatever their size or rendering; unrelated shapes in about half.
 */
export interface PerceptualHash {
  p: bigint;
  d: bigint;
}

const HASH_SIDE = 8;
let cosines: { n: number; table: Float64Array } | undefined;

function cosineTable(n: number): Float64Array {
  if (cosines?.n === n) return cosines.table;
  const table = new Float64Array(HASH_SIDE * n);
  for (let u = 0; u < HASH_SIDE; u++) {
    for (let x = 0; x < n; x++) table[u * n + x] = Math.cos(((2 * x + 1) * u * Math.PI) / (2 * n));
  }
  cosines = { n, table };
  return table;
}

function pHash(grid: Float32Array, n: number): bigint {
  const table = cosineTable(n);
  const rows = new Float64Array(n * HASH_SIDE);
  for (let y = 0; y < n; y++) {
    for (let u = 0; u < HASH_SIDE; u++) {
      let sum = 0;
      for (let x = 0; x < n; x++) sum += (grid[y * n + x] ?? 0) * (table[u * n + x] ?? 0);
      rows[y * HASH_SIDE + u] = sum;
    }
  }
  const coefficients: number[] = [];
  for (let v = 0; v < HASH_SIDE; v++) {
    for (let u = 0; u < HASH_SIDE; u++) {
      let sum = 0;
      for (let y = 0; y < n; y++) sum += (rows[y * HASH_SIDE + u] ?? 0) * (table[v * n + y] ?? 0);
      coefficients.push(sum);
    }
  }
  const ac = coefficients.slice(1);
  const median = [...ac].sort((a, b) => a - b)[Math.floor(ac.length / 2)] ?? 0;
  let hash = 0n;
  for (const c of coefficients) hash = (hash << 1n) | (c > median ? 1n : 0n);
  return hash;
}

function dHash(grid: Float32Array, n: number): bigint {
  const small = areaResample(grid, n, n, HASH_SIDE + 1, HASH_SIDE);
  let hash = 0n;
  for (let y = 0; y < HASH_SIDE; y++) {
    for (let x = 0; x < HASH_SIDE; x++) {
      const left = small[y * (HASH_SIDE + 1) + x] ?? 0;
      const right = small[y * (HASH_SIDE + 1) + x + 1] ?? 0;
      hash = (hash << 1n) | (left > right ? 1n : 0n);
    }
  }
  return hash;
}

export function perceptualHash(grid: Float32Array, n: number): PerceptualHash {
  return { p: pHash(grid, n), d: dHash(grid, n) };
}

export function hammingDistance(a: bigint, b: bigint): number {
  let x = a ^ b;
  let count = 0;
  while (x > 0n) {
    count += Number(x & 1n);
    x >>= 1n;
  }
  return count;
}
