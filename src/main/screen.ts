import { createInterface } from "node:readline";
import { loadConfig } from "../config.js";
import { type Finding, SEVERITIES } from "../engines/findings/types.js";
import { createEgress, type Egress } from "../engines/net/index.js";
import { analyzeRisk } from "../engines/risk/analyze.js";
import type { UserSitePolicy } from "../engines/risk/policy.js";

export interface ScreenOptions {
  offline: boolean;
  concurrency: number;
  /** How users' sites on hosting platforms are screened (default `evidence`; docs/risk.md). */
  userSitePolicy?: UserSitePolicy;
}

/** The egress gate from this process's environment (the same variables as the server's). */
function egressFromEnv(): Egress {
  return createEgress(loadConfig().egress);
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
 * `domainlens screen`: one URL or domain per line on stdin, one JSON line per input on stdout, in
 * input order. `--offline` runs the static agent only (no network at all).
 */
export async function runScreen(options: ScreenOptions, write: (line: string) => void): Promise<void> {
  const egress = options.offline ? null : egressFromEnv();
  const pending: Promise<string>[] = [];
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
  let flushed = 0;
  const flush = async (all: boolean) => {
    while (flushed < pending.length && (all || flushed < pending.length - options.concurrency * 4)) {
      write(await (pending[flushed] as Promise<string>));
      flushed++;
    }
  };
  try {
    const lines = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
    for await (const raw of lines) {
      const input = raw.trim();
      if (input === "" || input.startsWith("#")) continue;
      await slot();
      pending.push(
        analyzeRisk(egress, input, options.userSitePolicy ? { userSitePolicy: options.userSitePolicy } : {})
          .then((outcome) =>
            JSON.stringify(
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
            ),
          )
          .finally(release),
      );
      await flush(false);
    }
    await flush(true);
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
  const egress = offline ? null : egressFromEnv();
  try {
    const outcome = await analyzeRisk(egress, input, userSitePolicy ? { userSitePolicy } : {});
    return outcome.ok ? outcome.report : { error: outcome.error, message: outcome.message };
  } finally {
    await egress?.close();
  }
}
