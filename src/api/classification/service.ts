import type { Kysely } from "kysely";
import type { ChargeRecorder } from "../../platform/billing/recorder.js";
import type { DB } from "../../platform/db/schema.js";
import type { AnyJobHandler } from "../../platform/jobs/index.js";
import { chargeOf, OPS } from "../../platform/operations.js";
import type { Classifier } from "./classify.js";
import { CRAWL_MAX_ATTEMPTS, crawlJobHandler } from "./crawl-job.js";
import { DEFAULT_FRESHNESS, type FreshnessPolicy } from "./freshness.js";
import { type ClassificationJob, ClassificationJobs, type CreateOutcome } from "./jobs.js";
import { findStored, rootDomainOf, type StoredRow, toPublic, toResult, upsertStored } from "./records.js";
import type {
  ClassificationJobList,
  ClassificationResult,
  ListJobsQuery,
  PublicClassification,
  StoredClassification,
} from "./schemas.js";

interface CachedRow {
  /** The read of the stored row; a domain without a classification is never kept once it settles. */
  load: Promise<StoredRow | null>;
  /** The row, once read. */
  row: StoredRow | null;
  expiresAt: number;
  result?: ClassificationResult;
  publicView?: PublicClassification;
}

/** How long a stored classification is served from this process's memory before it is read again. */
export const ROW_CACHE_TTL_MS = 2_000;
const ROW_CACHE_MAX = 10_000;
const ROOT_CACHE_MAX = 10_000;
const ROOT_CACHE_INPUT_MAX = 256;

/** A crawl's outcome may still be committing when its handler reports it: forget the domain again then. */
const AFTER_WRITE_MS = 250;
/** The charge of a cache hit of GET /v2/domain-classification/{domain} (the operation table's). */
const GET_HIT = chargeOf(OPS.classificationGet, "hit");

export interface ClassificationOptions {
  /** Read cache time (default ROW_CACHE_TTL_MS; 0 disables it). */
  rowTtlMs?: number;
  /** Crawls and analyzes a domain; without it every crawl fails with `crawl_failed`. */
  classify?: Classifier;
  freshness?: FreshnessPolicy;
  /** Crawls the public endpoint may start per hour, over all processes (0: none). */
  publicCrawlBudgetPerHour?: number;
  /** Time budget of one crawl attempt. */
  crawlTimeoutMs?: number;
}

const unavailable: Classifier = async () => ({
  ok: false,
  code: "crawl_failed",
  message: "Crawling is not available on this server.",
  retryable: false,
});

/**
 * Domain classification: the cache (reads for API keys, charged, and the public endpoint; writes),
 * classification requests and their jobs (ClassificationJobs), and the crawl job handler.
 *
 * Reads of classified domains are kept in memory for `ROW_CACHE_TTL_MS` (bounded in number): a write
 * through this service is visible at once in this process, a write made elsewhere (another node, or a
 * job writing the table directly) within that time. Domains without a classification are never kept,
 * so a new classification is visible at once everywhere.
 */
export class ClassificationService {
  private readonly rows = new Map<string, CachedRow>();
  /** Caller input → root domain, for inputs that are valid (normalization is deterministic). */
  private readonly roots = new Map<string, string>();
  /** Bumped by every write, so a read that started before a write is not kept after it. */
  private generation = 0;
  private readonly rowTtlMs: number;
  private readonly classify: Classifier;
  private readonly crawlTimeoutMs: number;
  private readonly jobs: ClassificationJobs;
  /** Wakes the local job runtime after a crawl is queued (set by the composition root). */
  private wake: () => void = () => {};

  constructor(
    private readonly db: Kysely<DB>,
    private readonly charges: ChargeRecorder,
    options: ClassificationOptions = {},
  ) {
    this.rowTtlMs = options.rowTtlMs ?? ROW_CACHE_TTL_MS;
    this.classify = options.classify ?? unavailable;
    this.crawlTimeoutMs = options.crawlTimeoutMs ?? 30_000;
    this.jobs = new ClassificationJobs(db, charges, {
      rootOf: (input) => this.rootOf(input),
      cachedRow: async (root) => (await this.lookup(root))?.row ?? null,
      freshness: options.freshness ?? DEFAULT_FRESHNESS,
      publicCrawlBudgetPerHour: options.publicCrawlBudgetPerHour ?? 60,
      wake: () => this.wake(),
    });
  }

  /** Calls `wake` whenever this process queues a crawl (e.g. JobRuntime.notify). */
  onCrawlQueued(wake: () => void): void {
    this.wake = wake;
  }

  /**
   * The handler of `classification.crawl` jobs, for the job runtime. `maxAttempts` and `timeoutMs`
   * replace the defaults (CRAWL_MAX_ATTEMPTS, CLASSIFICATION_CRAWL_TIMEOUT_MS), e.g. in tests.
   */
  crawlHandler(overrides: { maxAttempts?: number; timeoutMs?: number } = {}): AnyJobHandler {
    return crawlJobHandler({
      classify: this.classify,
      written: (root) => this.invalidateAfterWrite(root),
      finished: (tx, callers, outcome) => this.jobs.announce(tx, callers, outcome),
      timeoutMs: overrides.timeoutMs ?? this.crawlTimeoutMs,
      maxAttempts: overrides.maxAttempts ?? CRAWL_MAX_ATTEMPTS,
    });
  }

  /** POST /v2/domain-classification: a fresh record (charged as a hit) or a job (charged as a miss). */
  create(orgId: string, input: string): Promise<CreateOutcome> {
    return this.jobs.create(orgId, input);
  }

  /** The organization's job, or 404. Never charged. */
  getJob(orgId: string, jobId: string): Promise<ClassificationJob> {
    return this.jobs.get(orgId, jobId);
  }

  listJobs(orgId: string, query: ListJobsQuery): Promise<ClassificationJobList> {
    return this.jobs.list(orgId, query);
  }

  /**
   * After a public miss: queues a crawl on the house within the public budget. True when a crawl of the
   * domain is queued or running (started now or before).
   */
  queuePublicCrawl(input: string): Promise<boolean> {
    return this.jobs.queuePublicCrawl(input);
  }

  private rootOf(input: string): string {
    const known = this.roots.get(input);
    if (known !== undefined) return known;
    const root = rootDomainOf(input);
    if (input.length <= ROOT_CACHE_INPUT_MAX) {
      if (this.roots.size >= ROOT_CACHE_MAX) this.roots.clear();
      this.roots.set(input, root);
    }
    return root;
  }

  /** The cached entry of a classified root domain, read from the database when absent or expired. */
  private async lookup(root: string): Promise<CachedRow | null> {
    const now = Date.now();
    const cached = this.rows.get(root);
    if (cached && cached.expiresAt > now) {
      if (cached.row) return cached;
      return (await cached.load) ? cached : null;
    }
    const generation = this.generation;
    const entry: CachedRow = { load: findStored(this.db, root), row: null, expiresAt: now + this.rowTtlMs };
    if (this.rowTtlMs > 0) {
      if (this.rows.size >= ROW_CACHE_MAX) {
        const oldest = this.rows.keys().next();
        if (oldest.done !== true) this.rows.delete(oldest.value);
      }
      this.rows.delete(root);
      this.rows.set(root, entry);
    }
    try {
      entry.row = await entry.load;
    } catch (err) {
      if (this.rows.get(root) === entry) this.rows.delete(root);
      throw err;
    }
    const keep = entry.row !== null && generation === this.generation;
    if (!keep && this.rows.get(root) === entry) this.rows.delete(root);
    return entry.row ? entry : null;
  }

  /** Forgets what this process holds about a root domain, after a write that bypassed put(). */
  invalidate(root: string): void {
    this.generation++;
    this.rows.delete(root);
  }

  /**
   * For a write inside a transaction that commits later: forgets the domain now and again shortly after,
   * so a read made between the two is not kept either.
   */
  invalidateAfterWrite(root: string): void {
    this.invalidate(root);
    setTimeout(() => this.invalidate(root), AFTER_WRITE_MS).unref();
  }

  /** SPEC §4.1: a hit is charged as a cache hit once the charge commits; a miss is free. */
  async getForOrg(orgId: string, input: string): Promise<ClassificationResult | null> {
    const entry = await this.lookup(this.rootOf(input));
    const row = entry?.row;
    if (!entry || !row) return null;
    await this.charges.charge({ orgId, ...GET_HIT });
    entry.result ??= toResult(row);
    return entry.result;
  }

  async getPublic(input: string): Promise<PublicClassification | null> {
    const entry = await this.lookup(this.rootOf(input));
    const row = entry?.row;
    if (!entry || !row) return null;
    entry.publicView ??= toPublic(row);
    return entry.publicView;
  }

  /**
   * Stores (or replaces) the classification of a root domain (the admin import); `classified_at` survives
   * updates. The evidence of an earlier crawl is dropped: it no longer backs the record.
   */
  async put(record: StoredClassification, at = new Date()): Promise<ClassificationResult> {
    const root = rootDomainOf(record.domain);
    const row = await upsertStored(this.db, root, record, null, at);
    this.invalidate(root);
    return toResult(row);
  }
}
