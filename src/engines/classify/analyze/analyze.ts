import { parse } from "tldts";
import { trancoRank } from "../../domain/index.js";
import { cleanText, truncate } from "../../html/index.js";
import type { CrawlCapture } from "../capture.js";
import type {
  AnalyzeOptions,
  ClassificationEvidence,
  ClassificationOutcome,
  ClassificationRecord,
  Confidence,
  Purpose,
} from "../types.js";
import { buildCorpus } from "./corpus.js";
import { headline, PURPOSE_LABELS, specialization, summary, topics } from "./describe.js";
import { type EntityRecord, entityForDomain } from "./entities.js";
import { deriveFlags, emptyFlags, type FlagEvidence, flagValues } from "./flags.js";
import { hostingProvider } from "./hosting.js";
import { type IdentityFacts, platformSuffixOf, resolveIdentity, UNKNOWN_OPERATOR } from "./identity.js";
import { parsePages } from "./pages.js";
import { type PurposeScore, purposeOfType, scorePurposes } from "./purpose.js";
import { ageDays, deriveEnrichment, deriveStability, deriveState, type StateFacts } from "./state.js";

/** What the analysis keeps beyond the contract's evidence (stored with it, never shown publicly as is). */
export interface AnalysisEvidence extends ClassificationEvidence {
  state: { value: string; signals: string[] };
  stability: string;
  enrichment: { missing: string[] };
  hosting: string;
  /** Why the operator is Unknown although candidates exist. */
  operatorUnknownReason: string | null;
  /** Where the parent came from when the contract's `parent.source` cannot say (`page_text`, `platform:…`). */
  parentDetail: string | null;
  /** A well-known brand the pages claim on a domain that is not theirs. */
  claimedBrand: string | null;
}

/** Below this score the best purpose is not trusted and `other` is reported. */
const MIN_PURPOSE_SCORE = 1.5;

function normalizeDomain(value: unknown): string {
  const domain = typeof value === "string" ? value.trim().toLowerCase().replace(/\.$/, "") : "";
  return truncate(domain, 253);
}

function clockOf(capture: CrawlCapture, options: AnalyzeOptions): Date | null {
  if (options.now instanceof Date && !Number.isNaN(options.now.getTime())) return options.now;
  const finished = Date.parse(capture.finishedAt);
  return Number.isNaN(finished) ? null : new Date(finished);
}

function registration(capture: CrawlCapture): {
  createdAt: string | null;
  registeredDate: string | null;
  year: string | null;
} {
  const raw = capture.network?.rdap?.registeredAt;
  if (typeof raw !== "string") return { createdAt: null, registeredDate: null, year: null };
  const time = Date.parse(raw);
  if (Number.isNaN(time)) return { createdAt: null, registeredDate: null, year: null };
  const iso = new Date(time).toISOString();
  return { createdAt: iso.slice(0, 10), registeredDate: iso, year: iso.slice(0, 4) };
}

/** The entity record of the domain, or of its registrable domain when a sub-host was captured. */
function lookupEntity(domain: string, platform: string | null): EntityRecord | null {
  const direct = entityForDomain(domain);
  if (direct || platform) return direct;
  const registrable = parse(domain).domain;
  return registrable && registrable !== domain ? entityForDomain(registrable) : null;
}

function confidenceOf(
  state: StateFacts,
  purposes: PurposeScore[],
  identity: IdentityFacts,
  entityKnown: boolean,
  rootChars: number,
): Confidence {
  if (state.state === "unreachable" || state.state === "empty") return entityKnown ? "medium" : "low";
  if (state.state === "parked") return state.signals.length >= 2 ? "medium" : "low";
  const top = purposes[0];
  if (!top || top.score < MIN_PURPOSE_SCORE) return "low";
  if (entityKnown) return "high";
  const second = purposes[1]?.score ?? 0;
  const ratio = top.score / Math.max(second, 1);
  const strongIdentity = [
    "json_ld",
    "legal_page",
    "tls_certificate",
    "rdap_registrant",
    "entity_table",
  ].includes(identity.operatorSource);
  if (state.state === "redirect")
    return top.score >= 5 && identity.operator !== UNKNOWN_OPERATOR ? "medium" : "low";
  if (rootChars < 200 && top.score < 12) return "low";
  if (top.score >= 15 && ratio >= 1.6 && strongIdentity) return "high";
  if (top.score >= 6 && ratio >= 1.2) return "medium";
  return "low";
}

function analyze(capture: CrawlCapture, options: AnalyzeOptions): ClassificationOutcome {
  const domain = normalizeDomain(capture.domain);
  const safe: CrawlCapture = { ...capture, domain };
  const useLists = options.useLists !== false;
  const now = clockOf(capture, options);
  const pages = parsePages(safe);
  const state = deriveState(safe, pages);
  // A user's site on a hosting platform carries the platform's registration: its age says nothing.
  const platform = platformSuffixOf(domain);
  const age = now && !platform ? ageDays(safe, now) : null;
  const entity = useLists ? lookupEntity(domain, platform) : null;
  const corpus = buildCorpus(pages);
  const identity = resolveIdentity({ capture: safe, pages, state, entity, age, useLists });
  const flags = deriveFlags({
    capture: safe,
    pages,
    corpus,
    state,
    entity,
    useLists,
    siteName: identity.brand ?? pages.root?.facts.meta["og:site_name"] ?? null,
  });
  // A domain that forwards visitors client-side and kept no page of its own is read through its destination.
  const forwards =
    state.state === "redirect" && state.redirect !== null && state.redirect.kind !== "http" && !pages.root;
  const destination =
    forwards && pages.destination
      ? buildCorpus({ ...pages, root: pages.destination, destination: null, about: [], legal: [] })
      : null;
  const purposes = scorePurposes({
    destination,
    domain,
    pages,
    corpus,
    state,
    flags,
    entity,
    claimedPurpose: identity.claimedBrand?.purpose ?? null,
    claimedBrand: identity.claimedBrand?.name ?? null,
    personal: identity.personal,
  });
  const top = purposes[0];
  const purpose: Purpose = top && top.score >= MIN_PURPOSE_SCORE ? top.purpose : "other";
  const special = specialization(purpose, entity, pages, corpus, purposeOfType);
  const label = special.label;
  const reg = registration(safe);
  const hosting = hostingProvider(safe);
  const values = flagValues(flags);
  const describeInput = {
    domain,
    identity,
    purpose,
    specialization: label,
    specializationFromPhrases: special.fromPhrases,
    state,
    pages,
    corpus,
    registeredYear: reg.year,
    hosting: hosting.name,
  };
  const stability = deriveStability(state, age, pages.root);
  const enrichment = deriveEnrichment(safe);
  const record: ClassificationRecord = {
    domain,
    state: state.state,
    scraping_status: state.scrapingStatus,
    stability: stability.stability,
    enrichment_status: enrichment.status,
    confidence: confidenceOf(state, purposes, identity, entity !== null, corpus.rootChars),
    facts: {
      created_at: reg.createdAt,
      registered_date: reg.registeredDate,
      rank: domain ? trancoRank(domain) : null,
      hosting_provider: hosting.name,
      redirect_destination: state.redirect?.host ?? null,
    },
    identity: {
      headline: headline(describeInput),
      summary: summary(describeInput),
      operator: identity.operator,
      parent_entity: identity.parent,
      topics:
        state.state === "developed" || state.state === "under_construction"
          ? topics(pages, corpus, purpose, [
              identity.brand,
              identity.operator === UNKNOWN_OPERATOR ? null : identity.operator,
              domain.split(".")[0] ?? null,
            ])
          : [],
    },
    category: { purpose, specialization: truncate(cleanText(label), 80) || PURPOSE_LABELS[purpose] },
    functions: values,
  };
  const evidence: AnalysisEvidence = {
    operator: {
      value: identity.operator,
      source: identity.operatorSource,
      candidates: identity.candidates.map((c) => ({ value: c.value, source: c.source })),
    },
    parent: { value: identity.parent, source: identity.parentSource },
    purpose: purposes.map((p) => ({ purpose: p.purpose, score: p.score, signals: p.signals.slice(0, 10) })),
    flags: trimFlags(flags),
    state: { value: state.state, signals: state.signals.slice(0, 10) },
    stability: stability.reason,
    enrichment: { missing: enrichment.missing },
    hosting: hosting.source,
    operatorUnknownReason: identity.unknownReason,
    parentDetail: identity.parentDetail,
    claimedBrand: identity.claimedBrand?.name ?? null,
  };
  return { record, evidence };
}

function trimFlags(flags: FlagEvidence): FlagEvidence {
  const out = emptyFlags();
  for (const [flag, list] of Object.entries(flags) as Array<[keyof FlagEvidence, string[]]>) {
    out[flag] = list.slice(0, 6).map((e) => truncate(cleanText(e), 160));
  }
  return out;
}

/**
 * Classifies a root domain from what a crawl captured: state, identity, category, facts and capability
 * flags, with the evidence behind them. Pure: no network, no clock (ages use `options.now` or the
 * capture's `finishedAt`). Never throws: a capture it cannot read gives an `unreachable`/`other` record.
 */
export function analyzeCapture(capture: CrawlCapture, options: AnalyzeOptions = {}): ClassificationOutcome {
  try {
    return analyze(capture, options);
  } catch (error) {
    return fallback(capture, error);
  }
}

function fallback(capture: CrawlCapture, error: unknown): ClassificationOutcome {
  const domain = normalizeDomain(capture?.domain);
  const flags = emptyFlags();
  const record: ClassificationRecord = {
    domain,
    state: "unreachable",
    scraping_status: "failed_http",
    stability: "unknown",
    enrichment_status: "failed",
    confidence: "low",
    facts: {
      created_at: null,
      registered_date: null,
      rank: null,
      hosting_provider: "Unknown",
      redirect_destination: null,
    },
    identity: {
      headline: `${domain || "Domain"} — could not be analysed`,
      summary: `The crawl of ${domain || "this domain"} could not be analysed.`,
      operator: UNKNOWN_OPERATOR,
      parent_entity: null,
      topics: [],
    },
    category: { purpose: "other", specialization: PURPOSE_LABELS.other },
    functions: flagValues(flags),
  };
  const evidence: AnalysisEvidence = {
    operator: { value: UNKNOWN_OPERATOR, source: "none", candidates: [] },
    parent: { value: null, source: null },
    purpose: [],
    flags,
    state: { value: "unreachable", signals: [`analysis_error:${truncate(String(error), 120)}`] },
    stability: "analysis_error",
    enrichment: { missing: ["dns", "rdap", "asn"] },
    hosting: "none",
    operatorUnknownReason: "analysis_error",
    parentDetail: null,
    claimedBrand: null,
  };
  return { record, evidence };
}
