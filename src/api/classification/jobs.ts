import type { Kysely } from "kysely";
import { debit } from "../../platform/billing/ledger.js";
import type { ChargeRecorder } from "../../platform/billing/recorder.js";
import type { DB } from "../../platform/db/schema.js";
import { isUuid, newId } from "../../platform/ids.js";
import { enqueueJob } from "../../platform/jobs/index.js";
import { chargeOf, OPS } from "../../platform/operations.js";
import { pageOf, pageWindow } from "../cursor.js";
import { ApiError } from "../errors.js";
import { enqueueEvent } from "../webhooks/store.js";
import { toCrawlError } from "./crawl-job.js";
import {
  type CallerJobListRow,
  type CallerJobRow,
  CRAWL_JOB_KIND,
  crawlProgress,
  type FinishedCaller,
  insertCallerJob,
  insertCrawl,
  listCallerJobs,
  lockCrawlInFlight,
  lockPublicBudget,
  progressOf,
  publicCrawlsSince,
  readCallerJob,
  recentCrawl,
} from "./crawl-store.js";
import { type FreshnessPolicy, isFresh } from "./freshness.js";
import { findStored, type StoredRow, toResult } from "./records.js";
import {
  type ClassificationJob,
  type ClassificationJobError,
  type ClassificationJobList,
  type ClassificationResult,
  jobErrorSchema,
  type ListJobsQuery,
} from "./schemas.js";

export type { ClassificationJob } from "./schemas.js";

export type CreateOutcome =
  | { kind: "hit"; result: ClassificationResult }
  | { kind: "job"; job: ClassificationJob };

/** The charges of POST /v2/domain-classification (the operation table); refunds name the same operation. */
const HIT = chargeOf(OPS.classificationCreate, "hit");
const MISS = chargeOf(OPS.classificationCreate, "miss");
const HOUR_MS = 3_600_000;
/** Rounds of "join the crawl in flight, or start one" before giving up (each lost race costs one). */
const MAX_ROUNDS = 3;

export function statusUrl(jobId: string): string {
  return `/v2/domain-classification/jobs/${jobId}`;
}

export interface ClassificationJobsDeps {
  rootOf(input: string): string;
  /** The stored row of a root domain, possibly from the read cache (at most its cache time old). */
  cachedRow(root: string): Promise<StoredRow | null>;
  freshness: FreshnessPolicy;
  publicCrawlBudgetPerHour: number;
  /** Called after a crawl was queued and committed. */
  wake(): void;
}

/**
 * Classification requests (POST), their jobs (polling) and crawls queued by the public endpoint. One crawl
 * per domain is in flight at a time; every caller asking while it runs gets its own job, joined to it.
 */
export class ClassificationJobs {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly charges: ChargeRecorder,
    private readonly deps: ClassificationJobsDeps,
  ) {}

  async create(orgId: string, input: string): Promise<CreateOutcome> {
    const root = this.deps.rootOf(input);
    const cached = await this.deps.cachedRow(root);
    if (cached && this.fresh(cached)) {
      await this.charges.charge({ orgId, ...HIT });
      return { kind: "hit", result: toResult(cached) };
    }
    // Missing or stale in the cache: decide again on the database, under the crawl's lock.
    const { outcome, started } = await this.db.transaction().execute((tx) => this.createIn(tx, orgId, root));
    // A fresh record found there is a cache hit too, charged the same way once the transaction is over.
    if (outcome.kind === "hit") await this.charges.charge({ orgId, ...HIT });
    if (started) this.deps.wake();
    return outcome;
  }

  private async createIn(
    tx: Kysely<DB>,
    orgId: string,
    root: string,
  ): Promise<{ outcome: CreateOutcome; started: boolean }> {
    // A hit is returned uncharged: create() charges it once this transaction is over.
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const inFlight = await lockCrawlInFlight(tx, root);
      if (inFlight) {
        const status = await crawlProgress(tx, inFlight);
        return { outcome: await this.join(tx, orgId, root, inFlight, status), started: false };
      }
      const row = await findStored(tx, root);
      if (row && this.fresh(row)) {
        return { outcome: { kind: "hit", result: toResult(row) }, started: false };
      }
      const crawlId = newId();
      if (await insertCrawl(tx, { id: crawlId, domain: root, origin: "api" })) {
        await enqueueJob(tx, { kind: CRAWL_JOB_KIND, payload: { domain: root }, id: crawlId });
        return { outcome: await this.join(tx, orgId, root, crawlId, "queued"), started: true };
      }
      // Another request started a crawl of the domain since the lookup above: join it.
    }
    throw new Error(`could not start or join a crawl of ${root}`);
  }

  /** A caller's job waiting for the crawl, charged as a cache miss. */
  private async join(
    tx: Kysely<DB>,
    orgId: string,
    root: string,
    crawlId: string,
    status: "queued" | "running",
  ): Promise<CreateOutcome> {
    const id = newId();
    const createdAt = await insertCallerJob(tx, { id, orgId, domain: root, crawlId });
    await debit(tx, { orgId, ...MISS, resourceId: id });
    return {
      kind: "job",
      job: {
        status,
        job_id: id,
        domain: root,
        error: null,
        status_url: statusUrl(id),
        created_at: createdAt.toISOString(),
        finished_at: null,
      },
    };
  }

  /** The organization's job; any other id (unknown, malformed, another organization's) is 404. */
  async get(orgId: string, jobId: string): Promise<ClassificationJob> {
    const job = isUuid(jobId) ? await this.record(this.db, orgId, jobId.toLowerCase()) : null;
    if (!job) throw new ApiError("not_found", "No classification job has this id.");
    return job;
  }

  /**
   * Queues the webhook events of caller jobs a crawl finished (`classification.completed` or
   * `classification.failed`, docs/webhooks.md), with the job as GET answers it, in the crawl's transaction.
   */
  async announce(
    tx: Kysely<DB>,
    callers: readonly FinishedCaller[],
    outcome: "completed" | "failed",
  ): Promise<void> {
    for (const caller of callers) {
      const job = await this.record(tx, caller.org_id, caller.id);
      if (!job) continue;
      await enqueueEvent(tx, {
        orgId: caller.org_id,
        type: `classification.${outcome}`,
        resourceId: caller.id,
        data: job,
      });
    }
  }

  /** The job as GET /v2/domain-classification/jobs/{id} answers it (with its result once complete). */
  private async record(db: Kysely<DB>, orgId: string, jobId: string): Promise<ClassificationJob | null> {
    const row = await readCallerJob(db, orgId, jobId);
    if (!row) return null;
    const job: ClassificationJob = jobObject(row);
    if (job.status === "complete" && row.result && row.classified_at && row.updated_at) {
      job.result = toResult({
        domain: row.domain,
        result: row.result,
        classified_at: row.classified_at,
        updated_at: row.updated_at,
        claimed_brand: row.claimed_brand,
      });
    }
    return job;
  }

  /** GET /v2/domain-classification/jobs: the organization's jobs newest first, without results. Free. */
  async list(orgId: string, query: ListJobsQuery): Promise<ClassificationJobList> {
    const window = pageWindow(query);
    const domain = query.domain === undefined ? undefined : this.deps.rootOf(query.domain);
    const rows = await listCallerJobs(this.db, orgId, { ...window, domain, status: query.status });
    return pageOf(rows, window.limit, jobObject);
  }

  /**
   * Queues a crawl of a domain the public endpoint does not know, on the house, unless a crawl of it was
   * started within the hour or the hour's public budget is spent. True when a crawl is queued or running.
   */
  async queuePublicCrawl(input: string): Promise<boolean> {
    const root = this.deps.rootOf(input);
    const budget = this.deps.publicCrawlBudgetPerHour;
    // Repeated misses of a domain crawled within the hour are answered without taking the budget's lock.
    const seen = await recentCrawl(this.db, root, HOUR_MS);
    if (seen.recent) return seen.inFlight;
    if (budget <= 0) return false;
    const { queued, started } = await this.db.transaction().execute(async (tx) => {
      await lockPublicBudget(tx);
      const recent = await recentCrawl(tx, root, HOUR_MS);
      if (recent.recent) return { queued: recent.inFlight, started: false };
      if ((await publicCrawlsSince(tx, HOUR_MS)) >= budget) {
        return { queued: false, started: false };
      }
      const crawlId = newId();
      if (!(await insertCrawl(tx, { id: crawlId, domain: root, origin: "public" }))) {
        return { queued: true, started: false };
      }
      await enqueueJob(tx, { kind: CRAWL_JOB_KIND, payload: { domain: root }, id: crawlId });
      return { queued: true, started: true };
    });
    if (started) this.deps.wake();
    return queued;
  }

  private fresh(row: StoredRow): boolean {
    return isFresh(this.deps.freshness, row.result.state, row.updated_at);
  }
}

/** The stored error of a failed job, or a generic one if it cannot be read. */
function storedError(value: Record<string, unknown> | null): ClassificationJobError {
  const parsed = jobErrorSchema.safeParse(value);
  return parsed.success ? parsed.data : toCrawlError({ code: "crawl_failed_unknown", message: "" });
}

/** The job status object (SPEC §2.1) of a stored job, without its result. */
function jobObject(row: CallerJobListRow | CallerJobRow): ClassificationJob {
  const status =
    row.status === "complete" || row.status === "failed"
      ? row.status
      : progressOf(row.crawl_status, row.crawl_attempts ?? 0);
  return {
    status,
    job_id: row.id,
    domain: row.domain,
    error: status === "failed" ? storedError(row.error) : null,
    status_url: statusUrl(row.id),
    created_at: row.created_at.toISOString(),
    finished_at: row.finished_at?.toISOString() ?? null,
  };
}
