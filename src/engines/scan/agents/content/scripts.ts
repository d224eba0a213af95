import { makeFinding } from "../../../findings/catalog.js";
import type { Finding } from "../../../findings/types.js";
import { exfilInScript, GEO_IN_SCRIPT } from "../endpoints.js";
import { anyHostUnder, urlParts } from "../hosts.js";
import { list } from "./words.js";

/**
 * What inline scripts reveal without running them: obfuscation (and what it hides, decoded one or two
 * levels: atob, unescape, fromCharCode literals), encoded blobs, anti-analysis tricks, exfiltration
 * endpoints, wallet APIs, and posts to PHP scripts or other sites.
 */
export interface ScriptFacts {
  /** Obfuscation techniques seen, strongest first. */
  obfuscation: string[];
  /** Medium: eval/document.write of decoded code; Low: other hiding techniques only. */
  obfuscationLevel: "Low" | "Medium" | null;
  /** Decoded payload text (capped), analyzed like the page's own scripts. */
  decoded: string;
  blob: { kind: "base64" | "hex"; length: number } | null;
  antiAnalysis: string[];
  exfil: string[];
  geolocation: boolean;
  connectApis: string[];
  drainApis: string[];
  /** URLs a script posts to (XHR, fetch, jQuery) that end in .php or are absolute. */
  postTargets: string[];
}

const MAX_DECODED = 400_000;

const OBFUSCATION: ReadonlyArray<readonly [string, RegExp, "Low" | "Medium"]> = [
  [
    "eval of decoded code",
    /\beval\s*\(\s*(?:window\.)?(?:atob|unescape|decodeURIComponent|decodeURI|escape|String\.fromCharCode)\s*\(/,
    "Medium",
  ],
  [
    "document.write of decoded markup",
    /document\.write(?:ln)?\s*\(\s*(?:window\.)?(?:unescape|atob|decodeURIComponent|decodeURI)\s*\(/,
    "Medium",
  ],
  [
    "packed code (p,a,c,k,e,d)",
    /eval\s*\(\s*function\s*\(\s*p\s*,\s*a\s*,\s*c\s*,\s*k\s*,\s*e\s*,\s*[dr]\s*\)/,
    "Medium",
  ],
  [
    "Function constructor on decoded code",
    /\b(?:new\s+)?Function\s*\(\s*(?:atob|unescape|decodeURIComponent)\s*\(/,
    "Medium",
  ],
  ["nested base64 decoding", /atob\s*\(\s*atob\s*\(/, "Medium"],
  ["long String.fromCharCode run", /String\.fromCharCode\s*\(\s*(?:\d{1,5}\s*,\s*){24,}/, "Low"],
  [
    "long escaped string",
    /(?:\\x[0-9a-fA-F]{2}){60,}|(?:\\u[0-9a-fA-F]{4}){60,}|(?:%[0-9a-fA-F]{2}){150,}/,
    "Low",
  ],
];

const ANTI_ANALYSIS: ReadonlyArray<readonly [string, RegExp]> = [
  [
    "developer-tools detection",
    /devtools|\bfirebug\b|outer(?:Width|Height)\s*-\s*(?:window\.)?inner(?:Width|Height)|disable-devtool|devtoolschange/i,
  ],
  ["debugger trap", /\bdebugger\b/],
  [
    "bot or headless-browser check",
    /navigator\.webdriver|HeadlessChrome|callPhantom|_phantom\b|__nightmare|\bpuppeteer\b|navigator\.userAgent[^;\n]{0,120}(?:bot|crawl|spider|headless|lighthouse|slurp)|\/(?:[a-z|]*\|)?(?:bot|crawler|spider)(?:\|[a-z|]*)?\/i?\.test\s*\(\s*navigator\.userAgent/i,
  ],
  ["visitor filtering service", /\b(?:killbot|antibot|blocker\.php|anti-bot|botguard|cloaker)\b/i],
  [
    "view-source shortcuts blocked",
    /keyCode\s*={2,3}\s*123\b|\bkey\s*={2,3}\s*["']F12["']|ctrlKey[^;\n]{0,60}(?:keyCode|which)\s*={2,3}\s*(?:85|73|74|83)\b|(?:keyCode|which)\s*={2,3}\s*(?:85|73)[^;\n]{0,60}ctrlKey/,
  ],
  [
    "right-click disabled",
    /oncontextmenu\s*=\s*["']?\s*return\s+false|["']contextmenu["']\s*,|\.oncontextmenu\s*=|(?:event|e)\.button\s*={2,3}\s*2|\.which\s*={2,3}\s*3/,
  ],
];

const CONNECT =
  /eth_requestAccounts|window\.ethereum|ethereum\.request|ethereum\.enable\s*\(|web3modal|walletconnect|@web3-onboard|wagmi|solana\.connect|window\.solana|phantom\.solana|tronWeb|tronLink/gi;
const DRAIN =
  /setApprovalForAll|increaseAllowance|eth_sendTransaction|eth_signTypedData(?:_v4)?|signTypedData|\bPermit2\b|\bpermit\b|transferFrom|signAllTransactions|seaport|\bapprove\s*\(|0x095ea7b3|0xa22cb465/g;

function decodeBase64(value: string): string | null {
  if (value.length < 16 || value.length % 4 === 1) return null;
  const text = Buffer.from(value, "base64").toString("utf8");
  let printable = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code === 9 || code === 10 || code === 13 || (code >= 0x20 && code !== 0x7f && code !== 0xfffd))
      printable++;
  }
  return printable >= text.length * 0.9 ? text : null;
}

/** Literal arguments of atob/unescape/fromCharCode calls, decoded. */
function decodeLiterals(code: string, out: string[], budget: { left: number }): void {
  const keep = (decoded: string) => {
    if (budget.left <= 0) return;
    out.push(decoded.slice(0, budget.left));
    budget.left -= decoded.length;
  };
  for (const m of code.matchAll(/atob\s*\(\s*["'`]([A-Za-z0-9+/=\s]{16,})["'`]\s*\)/g)) {
    const decoded = decodeBase64((m[1] ?? "").replace(/\s+/g, ""));
    if (decoded) keep(decoded);
  }
  for (const m of code.matchAll(
    /unescape\s*\(\s*["'`]((?:%[0-9a-fA-F]{2}|%u[0-9a-fA-F]{4}|[^"'`]){16,})["'`]\s*\)/g,
  )) {
    try {
      const decoded = decodeURIComponent(
        (m[1] ?? "").replace(/%u([0-9a-fA-F]{4})/g, (_, h: string) =>
          String.fromCharCode(Number.parseInt(h, 16)),
        ),
      );
      keep(decoded);
    } catch {
      // not decodable: skipped
    }
  }
  // Chunked base64: an array of string literals joined and decoded (`atob(_p.join(""))`).
  if (/atob\s*\(\s*[\w$]+\.join\s*\(\s*["'`]{2}\s*\)\s*\)/.test(code)) {
    for (const m of code.matchAll(
      /\[\s*((?:["'][A-Za-z0-9+/=]{8,}["']\s*,\s*)+["'][A-Za-z0-9+/=]+["'])\s*\]/g,
    )) {
      const joined = (m[1] ?? "").replace(/["'\s,]/g, "");
      const decoded = decodeBase64(joined);
      if (decoded) keep(decoded);
    }
  }
  for (const m of code.matchAll(/String\.fromCharCode\s*\(\s*((?:\d{1,5}\s*,\s*){8,}\d{1,5})\s*\)/g)) {
    keep(String.fromCharCode(...(m[1] ?? "").split(",").map((n) => Number(n.trim()) % 65_536)));
  }
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

const POST_TARGET =
  /(?:\burl\s*:\s*|\$\.post\s*\(\s*|\bfetch\s*\(\s*|\.open\s*\(\s*["']POST["']\s*,\s*|axios\.post\s*\(\s*)["'`]([^"'`\s]{3,300})["'`]/gi;

export function analyzeScripts(scripts: string[], handlers: string[]): ScriptFacts {
  const own = [...scripts, handlers.join("\n")];
  const decodedParts: string[] = [];
  const budget = { left: MAX_DECODED };
  for (const code of own) decodeLiterals(code, decodedParts, budget);
  // A second level: payloads that decode further.
  for (const part of [...decodedParts]) decodeLiterals(part, decodedParts, budget);
  const decoded = decodedParts.join("\n");
  const all = [...own, decoded];

  const obfuscation: string[] = [];
  let level: "Low" | "Medium" | null = null;
  for (const [name, pattern, severity] of OBFUSCATION) {
    if (own.some((code) => pattern.test(code))) {
      obfuscation.push(name);
      if (severity === "Medium") level = "Medium";
      else level ??= "Low";
    }
  }
  if (own.some((code) => (code.match(/\b_0x[0-9a-f]{4,6}\b/g)?.length ?? 0) >= 25)) {
    obfuscation.push("obfuscator-style identifiers");
    level ??= "Low";
  }
  let blob: ScriptFacts["blob"] = null;
  for (const code of scripts) {
    for (const m of code.matchAll(/["'`]([A-Za-z0-9+/]{4000,}={0,2})["'`]/g)) {
      const before = code.slice(Math.max(0, (m.index ?? 0) - 40), m.index ?? 0);
      if (/data:(?:image|font|application\/(?:font|x-font))/i.test(before)) continue;
      blob = { kind: "base64", length: m[1]?.length ?? 0 };
      break;
    }
    if (!blob) {
      const hex = /["'`]((?:[0-9a-fA-F]{2}){2000,})["'`]/.exec(code);
      if (hex) blob = { kind: "hex", length: hex[1]?.length ?? 0 };
    }
    if (blob) break;
  }
  const antiAnalysis = ANTI_ANALYSIS.filter(([, pattern]) => all.some((code) => pattern.test(code))).map(
    ([name]) => name,
  );
  const exfil = unique(all.flatMap(exfilInScript));
  const connectApis = unique(all.flatMap((code) => code.match(CONNECT) ?? []).map((s) => s.toLowerCase()));
  const drainApis = unique(
    all.flatMap((code) => code.match(DRAIN) ?? []).map((s) => s.replace(/\s*\($/, "")),
  );
  const postTargets: string[] = [];
  for (const code of all) {
    for (const m of code.matchAll(POST_TARGET)) {
      const target = m[1] ?? "";
      if ((/\.php(?:[?#]|$)/i.test(target) || /^https?:\/\//i.test(target)) && postTargets.length < 20)
        postTargets.push(target);
    }
  }
  return {
    obfuscation,
    obfuscationLevel: level,
    decoded,
    blob,
    antiAnalysis,
    exfil,
    geolocation: all.some((code) => GEO_IN_SCRIPT.test(code)),
    connectApis,
    drainApis,
    postTargets: unique(postTargets),
  };
}

/** Frames every second site hides on purpose (tag managers, ad and analytics pixels, payment widgets). */
const BENIGN_FRAMES = [
  "googletagmanager.com",
  "doubleclick.net",
  "google.com",
  "facebook.com",
  "bing.com",
  "hotjar.com",
  "youtube.com",
  "stripe.com",
  "paypal.com",
  "recaptcha.net",
  "hcaptcha.com",
  "cloudflare.com",
];

/** CON-030–033: obfuscation (and what it hides), encoded blobs, hidden frames from other sites, anti-analysis. */
export function scriptFindings(
  facts: ScriptFacts,
  iframes: ReadonlyArray<{ src: string | null; hidden: boolean }>,
  site: string | undefined,
  lure: boolean,
): Finding[] {
  const findings: Finding[] = [];
  if (facts.obfuscation.length > 0) {
    // Minified and packed analytics are common: obfuscation weighs with a lure or what it hides.
    const hidesLure =
      facts.decoded.length > 0 &&
      (facts.drainApis.length > 0 || facts.exfil.length > 0 || /<form|<input|password/i.test(facts.decoded));
    const severity = hidesLure
      ? "High"
      : lure || facts.exfil.length > 0
        ? (facts.obfuscationLevel ?? "Low")
        : "Low";
    findings.push(
      makeFinding(
        "CON-030",
        `Inline script: ${list(facts.obfuscation)}${hidesLure ? "; the decoded code carries credential, form or wallet logic" : ""}.`,
        { severity },
      ),
    );
  }
  if (facts.blob)
    findings.push(
      makeFinding(
        "CON-031",
        `An inline script carries a ${facts.blob.length}-character ${facts.blob.kind} string.`,
      ),
    );
  const hidden = new Set<string>();
  for (const frame of iframes) {
    const parts = frame.hidden ? urlParts(frame.src) : null;
    if (parts && parts.site !== site && !anyHostUnder(parts.host, BENIGN_FRAMES)) hidden.add(parts.host);
  }
  if (hidden.size > 0)
    findings.push(
      makeFinding(
        "CON-032",
        `Hidden frame${hidden.size > 1 ? "s" : ""} from ${list([...hidden].slice(0, 4))}.`,
      ),
    );
  if (facts.antiAnalysis.length > 0) {
    const mild = facts.antiAnalysis.every(
      (a) => a === "right-click disabled" || a === "view-source shortcuts blocked",
    );
    findings.push(
      makeFinding("CON-033", `Scripts on the page: ${list(facts.antiAnalysis)}.`, {
        severity: mild ? "Low" : "Medium",
      }),
    );
  }
  return findings;
}
