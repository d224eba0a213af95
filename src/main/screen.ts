import { type Finding, SEVERITIES } from "../engines/findings/types.js";
import type { Egress } from "../engines/net/index.js";
import { analyzeRisk } from "../engines/risk/analyze.js";
import type { UserSitePolicy } from "../engines/risk/policy.js";

export interface ScreenOptions {
  offline: boolean;
  concurrency: number;
  /** How users' sites on hosting platforms are screened (default `evidence`; docs/risk.md). */
  userSitePolicy?: UserSitePolicy;
}

/** The egress gate from this process's environment (the same variables as the server's). */
async function egressFromEnv(): Promise<Egress> {
  const [{ loadConfig }, { createEgress }] = await Promise.all([
    import("../config.js"),
    import("../engines/net/index.js"),
  ]);
  return createEgress(loadConfig().egress);
}

/** One line of `domainlens screen`: the verdict of an input, or why it could not be screened. */
export type ScreenResult =
  | {
      input: string;
      final_assessment: string;
      threat_type: string;
      confidence_score: number;
      brand: string | null;
      findings: string[];
    }
  | { input: string; error: string; message: string };

/** The inputs of a screening: lines, without blanks and `#` comments. */
export function screenInputs(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== "" && !l.startsWith("#"));
}

/** Each finding code once, the most severe first (a code's rank is its most severe occurrence). */
export function findingCodes(findings: readonly Finding[]): string[] {
  const rank = new Map<string, number>();
  for (const f of findings) {
    const r = SEVERITIES.indexOf(f.severity);
    rank.set(f.finding_id, Math.min(rank.get(f.finding_id) ?? r, r));
  }
  return [...rank].sort((a, b) => a[1] - b[1]).map(([code]) => code);
}

/**
 * `domainlens screen`: one URL or domain per input line, one result per input, in input order, as soon as
 * it and those before it are done. `--offline` runs the static agent only (no network at all).
 */
export async function runScreen(
  options: ScreenOptions,
  lines: AsyncIterable<string> | Iterable<string>,
  write: (result: ScreenResult) => void,
): Promise<void> {
  const egress = options.offline ? null : await egressFromEnv();
  let active = 0;
  const waiters: (() => void)[] = [];
  const slot = async () => {
    while (active >= options.concurrency) await new Promise<void>((r) => waiters.push(r));
    active++;
  };
  const release = () => {
    active--;
    waiters.shift()?.();
  };
  // Each result is written once it and every one before it are known; at most concurrency × 4 wait.
  let queued = 0;
  let written = 0;
  let chain: Promise<void> = Promise.resolve();
  try {
    for await (const raw of lines) {
      const input = raw.trim();
      if (input === "" || input.startsWith("#")) continue;
      await slot();
      const result = analyzeRisk(
        egress,
        input,
        options.userSitePolicy ? { userSitePolicy: options.userSitePolicy } : {},
      )
        .then(
          (outcome): ScreenResult =>
            outcome.ok
              ? {
                  input,
                  final_assessment: outcome.report.final_assessment,
                  threat_type: outcome.report.threat_type,
                  confidence_score: outcome.report.confidence_score,
                  brand: outcome.brand,
                  findings: findingCodes(outcome.report.evidence_findings),
                }
              : { input, error: outcome.error, message: outcome.message },
        )
        .finally(release);
      result.catch(() => {});
      queued++;
      chain = chain
        .then(() => result)
        .then((r) => {
          write(r);
          written++;
        });
      // Awaited below; marked handled so a failure is thrown there, not reported as unhandled.
      chain.catch(() => {});
      if (queued - written > options.concurrency * 4) await chain;
    }
    await chain;
  } finally {
    await egress?.close();
  }
}

/** `domainlens risk <url>`: one full report, with the network checks. */
export async function runRisk(
  input: string,
  offline: boolean,
  userSitePolicy?: UserSitePolicy,
): Promise<unknown> {
  const egress = offline ? null : await egressFromEnv();
  try {
    const outcome = await analyzeRisk(egress, input, userSitePolicy ? { userSitePolicy } : {});
    return outcome.ok ? outcome.report : { error: outcome.error, message: outcome.message };
  } finally {
    await egress?.close();
  }
}
