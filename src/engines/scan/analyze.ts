import { settleWithin } from "../../util/within.js";
import { makeFinding } from "../findings/catalog.js";
import { reportFindings } from "../findings/report.js";
import { analyzeContentAgent, loginForBrand } from "./agents/content/index.js";
import { buildContext } from "./agents/context.js";
import { analyzeNetworkAgent } from "./agents/network/index.js";
import { systemFindings } from "./agents/system.js";
import type { AgentOutput, ContentSignals } from "./agents/types.js";
import { buildSiteContext } from "./site-context.js";
import type { ScanArtifacts, ScanCapture, ScanReport, VisionResult } from "./types.js";
import { decide, impersonatedBrand, summarize, type VerdictInput } from "./verdict.js";

export interface VisionInput {
  capture: ScanCapture;
  artifacts: ScanArtifacts;
}

/** The vision agent's contract (src/engines/scan/vision): screenshot and favicon → brands, OCR, findings. */
export type VisionAgent = (
  input: VisionInput,
  options: { signal: AbortSignal; deadlineMs: number },
) => Promise<VisionResult>;

export interface AnalyzeScanOptions {
  /** The vision agent; default: the real one, loaded on first use. Pass `null` to skip vision. */
  vision?: VisionAgent | null;
  /** Clock of the analysis (registration ages come from the capture's checks). */
  now?: Date;
  /** Give up on the vision agent after this long and decide without it (default 8 s). */
  visionTimeoutMs?: number;
  /** Look sites up in the shipped Tranco list (default true). */
  rankLookup?: boolean;
}

const DEFAULT_VISION_TIMEOUT_MS = 8_000;

const defaultVision: VisionAgent = async (input, options) => {
  const { analyzeVision } = await import("./vision/index.js");
  return analyzeVision(input, options);
};

type VisionOutcome = { ok: true; result: VisionResult } | { ok: false; reason: string };

async function runVision(agent: VisionAgent, input: VisionInput, timeoutMs: number): Promise<VisionOutcome> {
  const abort = new AbortController();
  // The agent's own deadline leaves it time to report what it has before ours ends.
  const deadlineMs = Math.max(100, timeoutMs - 500);
  const outcome = agent(input, { signal: abort.signal, deadlineMs }).then(
    (result): VisionOutcome => ({ ok: true, result }),
    (error: unknown): VisionOutcome => ({
      ok: false,
      reason: error instanceof Error ? error.message.slice(0, 200) : "failed",
    }),
  );
  const settled = await settleWithin(outcome, timeoutMs);
  if (settled.done) return settled.value;
  abort.abort(new Error("vision deadline"));
  return { ok: false, reason: `no answer within ${timeoutMs} ms` };
}

/**
 * Analyzes one capture: the network and content agents (pure, synchronous) run while the vision agent
 * (screenshots, OCR) works; then the brand evidence of all three is joined, the verdict is decided and the
 * SPEC §2.6 report written. Never throws for a hostile or broken page.
 */
export async function analyzeScan(
  input: { capture: ScanCapture; artifacts: ScanArtifacts },
  options: AnalyzeScanOptions = {},
): Promise<ScanReport> {
  const { capture, artifacts } = input;
  const system = systemFindings(capture);
  const hasScreenshot =
    capture.screenshots.viewport || capture.screenshots.fullPage || capture.favicon !== null;
  const agent = options.vision === undefined ? defaultVision : options.vision;
  const vision =
    agent && !system.halted && hasScreenshot
      ? runVision(agent, { capture, artifacts }, options.visionTimeoutMs ?? DEFAULT_VISION_TIMEOUT_MS)
      : Promise.resolve<VisionOutcome | null>(null);
  // Let the vision agent start before the synchronous agents take the thread.
  await new Promise((resolve) => setImmediate(resolve));

  const ctx = buildContext(capture, {
    ...(options.now ? { now: options.now } : {}),
    ...(options.rankLookup !== undefined ? { rankLookup: options.rankLookup } : {}),
  });
  const network = analyzeNetworkAgent(ctx);
  const content: AgentOutput<ContentSignals> | null = system.halted ? null : analyzeContentAgent(ctx);
  const visionOutcome = await vision;
  const visionResult = visionOutcome?.ok ? visionOutcome.result : null;
  if (visionOutcome && !visionOutcome.ok)
    system.findings.push(
      makeFinding(
        "SYS-011",
        `The vision agent did not complete (${visionOutcome.reason}); the verdict rests on the network and content evidence.`,
      ),
    );

  const verdictInput: VerdictInput = { network, content, vision: visionResult, system };
  // Secrets asked under a brand only the screenshot shows: the content agent could not know it.
  if (content?.signals.secrets.some((s) => s !== "seed") && content.signals.claims.length === 0) {
    const brand = impersonatedBrand(verdictInput);
    const fromVision = brand?.sources.find((s) => s === "vision_logo" || s === "vision_favicon");
    if (brand && fromVision && !content.findings.some((f) => f.finding_id === "CON-021"))
      content.findings.push(
        loginForBrand(
          brand.name,
          brand.legitimateDomain,
          content.signals.secrets.filter((s) => s !== "seed"),
          ctx,
          fromVision === "vision_favicon" ? "its favicon" : "the logo in its screenshot",
        ),
      );
  }
  const findings = [
    ...system.findings,
    ...network.findings,
    ...(visionResult?.findings ?? []),
    ...(content?.findings ?? []),
  ];
  const verdict = decide(verdictInput, findings);
  verdict.executive_summary = summarize(verdictInput, verdict, findings);
  return {
    request_url: capture.requestUrl,
    final_assessment: verdict.final_assessment,
    threat_type: verdict.threat_type,
    confidence_score: verdict.confidence_score,
    executive_summary: verdict.executive_summary,
    // The verdict weighs every finding as the agents reported it; the report shows them as people read them.
    evidence_findings: reportFindings(findings),
    site_context: content ? buildSiteContext(ctx, content.signals, verdict, visionResult) : null,
  };
}
