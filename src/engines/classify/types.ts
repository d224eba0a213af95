import type {
  CONFIDENCES,
  ENRICHMENT_STATUSES,
  FUNCTION_FLAGS,
  PURPOSES,
  SCRAPING_STATUSES,
  SITE_STATES,
  STABILITIES,
} from "./taxonomy.js";

export type SiteState = (typeof SITE_STATES)[number];
export type ScrapingStatus = (typeof SCRAPING_STATUSES)[number];
export type Stability = (typeof STABILITIES)[number];
export type EnrichmentStatus = (typeof ENRICHMENT_STATUSES)[number];
export type Confidence = (typeof CONFIDENCES)[number];
export type Purpose = (typeof PURPOSES)[number];
export type FunctionFlag = (typeof FUNCTION_FLAGS)[number];

/**
 * The classification of a root domain as the analysis produces it and the store keeps it: the SPEC §2.2
 * result without its timestamps, plus `functions` and `facts.registered_date` (shown by §2.3). The zod
 * schema `storedClassificationSchema` (src/api/classification/schemas.ts) validates exactly this shape.
 */
export interface ClassificationRecord {
  domain: string;
  state: SiteState;
  scraping_status: ScrapingStatus;
  stability: Stability;
  enrichment_status: EnrichmentStatus;
  confidence: Confidence;
  facts: {
    /** YYYY-MM-DD, from RDAP. */
    created_at: string | null;
    /** Full ISO timestamp of registration, from RDAP. */
    registered_date: string | null;
    rank: number | null;
    hosting_provider: string;
    redirect_destination: string | null;
  };
  identity: {
    headline: string;
    summary: string;
    operator: string;
    parent_entity: string | null;
    topics: string[];
  };
  category: { purpose: Purpose; specialization: string };
  functions: Record<FunctionFlag, boolean>;
}

/** Where an identity value came from, strongest first. */
export type IdentitySource =
  | "json_ld"
  | "legal_page"
  | "copyright"
  | "home_page"
  | "og_site_name"
  | "tls_certificate"
  | "rdap_registrant"
  | "entity_table"
  | "title"
  | "none";

/** Why the analysis said what it said; stored beside the record, never shown publicly as is. */
export interface ClassificationEvidence {
  operator: {
    value: string;
    source: IdentitySource;
    candidates: Array<{ value: string; source: IdentitySource }>;
  };
  parent: { value: string | null; source: "json_ld" | "entity_table" | null };
  /** Best purposes first, each with its score and the signals that raised it. */
  purpose: Array<{ purpose: Purpose; score: number; signals: string[] }>;
  /** For every flag that is true, the evidence that set it (`list:sublime/url_shorteners`, `crawl:…`). */
  flags: Record<FunctionFlag, string[]>;
}

export interface ClassificationOutcome {
  record: ClassificationRecord;
  evidence: ClassificationEvidence;
}

export interface AnalyzeOptions {
  /** Clock for ages. Default: the capture's finishedAt. */
  now?: Date;
  /** Use the shipped lists (shorteners, file hosts, PSL private section, entity table…). Default true. */
  useLists?: boolean;
}
