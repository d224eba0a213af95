/** How machine-made a label looks. */
export interface Randomness {
  /** Shannon entropy in bits per character. */
  entropy: number;
  /** 0 (reads like words) to 1 (looks generated). */
  score: number;
  random: boolean;
  reason: string | null;
}

function isLetter(code: number): boolean {
  return code >= 97 && code <= 122;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** a e i o u y */
function isVowel(code: number): boolean {
  return code === 97 || code === 101 || code === 105 || code === 111 || code === 117 || code === 121;
}

const counts = new Int32Array(65536);

export function shannonEntropy(text: string): number {
  if (text.length === 0) return 0;
  for (let i = 0; i < text.length; i++) counts[text.charCodeAt(i)] = (counts[text.charCodeAt(i)] ?? 0) + 1;
  let bits = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const count = counts[code] ?? 0;
    if (count === 0) continue;
    const p = count / text.length;
    bits -= p * Math.log2(p);
    counts[code] = 0;
  }
  return bits;
}

function longestConsonantRun(part: string): number {
  let longest = 0;
  let run = 0;
  for (let i = 0; i < part.length; i++) {
    const code = part.charCodeAt(i);
    if (isLetter(code) && !isVowel(code)) {
      run++;
      if (run > longest) longest = run;
    } else run = 0;
  }
  return longest;
}

/**
 * Scores an ASCII label (punycode labels are not scored: their encoding always looks random).
 * Signals: long runs of consonants, few vowels, letters and digits interleaved, hex strings, long
 * all-digit names.
 */
export function randomness(label: string): Randomness {
  const compact = label.replace(/-/g, "");
  const entropy = Math.round(shannonEntropy(compact) * 100) / 100;
  if (label.startsWith("xn--") || compact.length < 8)
    return { entropy, score: 0, random: false, reason: null };
  if (!/^[a-z0-9]+$/.test(compact)) return { entropy, score: 0, random: false, reason: null };
  let letters = 0;
  let vowels = 0;
  let digits = 0;
  let switches = 0;
  let previous = "";
  for (let i = 0; i < compact.length; i++) {
    const code = compact.charCodeAt(i);
    const kind = isDigit(code) ? "d" : "l";
    if (kind === "d") digits++;
    else {
      letters++;
      if (isVowel(code)) vowels++;
    }
    if (previous && previous !== kind) switches++;
    previous = kind;
  }
  const reasons: Array<[number, string]> = [];
  if (letters === 0 && digits >= 8) reasons.push([0.6, "a long all-digit name"]);
  if (compact.length >= 12 && /^[0-9a-f]+$/.test(compact) && digits >= 3 && letters >= 3) {
    reasons.push([0.7, "a hexadecimal string"]);
  }
  if (letters >= 4 && digits >= 3 && switches >= 4) reasons.push([0.5, "letters and digits interleaved"]);
  const run = Math.max(...label.split("-").map(longestConsonantRun));
  if (run >= 6) reasons.push([0.6, `${run} consonants in a row`]);
  else if (run === 5) reasons.push([0.3, "5 consonants in a row"]);
  if (letters >= 8 && vowels / letters < 0.2) reasons.push([0.4, "almost no vowels"]);
  if (compact.length >= 16 && entropy >= 3.9 && digits >= 2) reasons.push([0.2, "high character entropy"]);
  const score = Math.min(
    1,
    reasons.reduce((sum, [weight]) => sum + weight, 0),
  );
  const top = reasons.sort((a, b) => b[0] - a[0])[0];
  return { entropy, score, random: score >= 0.5, reason: top ? top[1] : null };
}
