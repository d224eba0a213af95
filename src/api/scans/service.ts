import type { Kysely } from "kysely";
import { normalizeScanUrl } from "../../engines/scan/capture/index.js";
import type { ScanCapture } from "../../engines/scan/types.js";
import { debit } from "../../platform/billing/ledger.js";
import type { DB, ScanArtifactKind } from "../../platform/db/schema.js";
import { isUuid, newId } from "../../platform/ids.js";
import type { AnyJobHandler } from "../../platform/jobs/index.js";
import { enqueueJob } from "../../platform/jobs/index.js";
import { chargeOf, OPS } from "../../platform/operations.js";
import { encodeCursor, pageOf, pageWindow } from "../cursor.js";
import { ApiError } from "../errors.js";
import { ASSESSMENTS } from "../report-schemas.js";
import type { BatchItemError } from "../shared-schemas.js";
import { enqueueEvent } from "../webhooks/store.js";
import { toCaptureView } from "./capture-view.js";
import { SCAN_MAX_ATTEMPTS, type ScanJobPayload, scanJobHandler, toScanError } from "./job.js";
import type { Scanner } from "./scan.js";
import {
  type ListScansQuery,
  type ReusedScan,
  type ScanBatch,
  type ScanCaptureView,
  type ScanError,
  type ScanList,
  type ScanRecord,
  type ScanReportBody,
  type ScanSummary,
  scanErrorSchema,
} from "./schemas.js";
import { type ScanListRow, searchScans } from "./search.js";
import {
  artifactExpired,
  newShareToken,
  reuseKey,
  sharePath,
  unavailableMessage,
  type Visibility,
} from "./sharing.js";
import { findReusableScan, setVisibility } from "./sharing-store.js";
import { findSimilarScans } from "./similar.js";
import type { SimilarScans, SimilarScansQuery } from "./similar-schemas.js";
import { HASH_FILTER_FORMS, hashFilterTerms } from "./similar-terms.js";
import {
  batchQueueTimes,
  insertScan,
  readArtifact,
  readCapture,
  readScan,
  readScanOfAnyOrg,
  replaceTagsIn,
  SCAN_JOB_KIND,
  type ScanRow,
} from "./store.js";
import {
  type AsnOf,
  normalizeAddress,
  normalizeHostTerm,
  normalizeTag,
  normalizeTags,
  parseAsn,
  type ScanTerm,
  tagTerms,
  urlTerms,
} from "./terms.js";

/** The charge of a scan (the operation table: src/platform/operations.ts); its refund names the same operation. */
const SCAN_CHARGE = chargeOf(OPS.scansCreate, "scan");

/** Time budget of one attempt (capture and analysis). */
export const SCAN_ATTEMPT_TIMEOUT_MS = 60_000;
/** A scan not finished this long after it was created fails as `scan_timeout` (and is refunded). */
export const SCAN_DEADLINE_MS = 10 * 60_000;

export interface ScanServiceOptions {
  /** Captures and analyzes a URL; without it every scan fails with `browser_error`. */
  scan?: Scanner;
  attemptTimeoutMs?: number;
  deadlineMs?: number;
  /**
   * The egress policy's judgement of an IP address: a URL whose host is an IP literal the policy refuses
   * (loopback, private, metadata…) is rejected at creation, before it is charged.
   */
  checkAddress?: (address: string) => { allowed: boolean };
  /** The autonomous system of an address, for `asn` search (docs/scan-search.md); without it none is indexed. */
  asnOf?: AsnOf;
}

const unavailable: Scanner = async () => ({
  ok: false,
  code: "browser_error",
  message: "scanning is not available on this server",
  retryable: false,
});

interface PreparedScan {
  id: string;
  /** The URL as submitted (trimmed): the record's `url`. */
  submitted: string;
  /** The normalized URL. */
  url: string;
  /** Its reuse key (docs/sharing.md). */
  urlKey: string;
  payload: ScanJobPayload;
}

/** What POST /v1/scans and the items of a batch may ask besides the URL (docs/sharing.md). */
export interface ScanCreateOptions {
  tags?: string[];
  /** `unlisted` creates the scan with a share link. */
  visibility?: Visibility;
  /** Answer the organization's completed scan of the same URL created at most this long ago, if any. */
  maxAgeSeconds?: number;
}

/** A batch item's own error: the problem a single POST of its URL would have answered. */
function itemError(error: ApiError): BatchItemError {
  return { error: error.code, status: error.status, message: error.message };
}

export interface ScanCreated {
  scan_id: string;
  status: "pending";
  created_at: string;
}

/**
 * URL scans v1 (docs/scans.md): creation (charged, with its job, in one transaction), the scan record, its
 * screenshot and capture, and the scan job handler.
 */
export class ScanService {
  private readonly scan: Scanner;
  private readonly attemptTimeoutMs: number;
  private readonly deadlineMs: number;
  private readonly checkAddress: ((address: string) => { allowed: boolean }) | undefined;
  private readonly asnOf: AsnOf | null;
  /** Wakes the local job runtime after a scan is queued (set by the composition root). */
  private wake: () => void = () => {};

  constructor(
    private readonly db: Kysely<DB>,
    options: ScanServiceOptions = {},
  ) {
    this.scan = options.scan ?? unavailable;
    this.attemptTimeoutMs = options.attemptTimeoutMs ?? SCAN_ATTEMPT_TIMEOUT_MS;
    this.deadlineMs = options.deadlineMs ?? SCAN_DEADLINE_MS;
    this.checkAddress = options.checkAddress;
    this.asnOf = options.asnOf ?? null;
  }

  /** Calls `wake` whenever this process queues a scan (e.g. JobRuntime.notify). */
  onScanQueued(wake: () => void): void {
    this.wake = wake;
  }

  /**
   * The handler of `scan.url` jobs, for the job runtime. The overrides replace the attempt budget and the
   * number of attempts (SCAN_MAX_ATTEMPTS), e.g. in tests.
   */
  jobHandler(overrides: { maxAttempts?: number; timeoutMs?: number } = {}): AnyJobHandler {
    return scanJobHandler({
      scan: this.scan,
      asnOf: this.asnOf,
      finished: (tx, scanId, outcome) => this.announce(tx, scanId, outcome),
      timeoutMs: overrides.timeoutMs ?? this.attemptTimeoutMs,
      maxAttempts: overrides.maxAttempts ?? SCAN_MAX_ATTEMPTS,
    });
  }

  /** Queues the webhook event of a scan that finished, with the record GET answers (docs/webhooks.md). */
  private async announce(tx: Kysely<DB>, scanId: string, outcome: "completed" | "failed"): Promise<void> {
    const row = await readScanOfAnyOrg(tx, scanId);
    if (!row) return;
    await enqueueEvent(tx, {
      orgId: row.org_id,
      type: `scan.${outcome}`,
      resourceId: scanId,
      data: toRecord(row),
    });
  }

  /**
   * POST /v1/scans: validates the URL, then charges, stores and queues the scan in one transaction; or,
   * with `maxAgeSeconds`, answers the organization's recent completed scan of the URL, uncharged.
   */
  async create(
    orgId: string,
    input: string,
    options: ScanCreateOptions = {},
  ): Promise<ScanCreated | ReusedScan> {
    const scan = this.prepare(input);
    const reused = await this.reusable(orgId, scan, options.maxAgeSeconds);
    if (reused) return reused;
    const tags = normalizeTags(options.tags ?? []);
    const createdAt = await this.db
      .transaction()
      .execute((tx) => this.queue(tx, orgId, scan, tags, options.visibility));
    this.wake();
    return { scan_id: scan.id, status: "pending", created_at: createdAt.toISOString() };
  }

  /** The organization's recent completed scan of a prepared URL, as a reuse answer; null without one. */
  private async reusable(
    orgId: string,
    scan: PreparedScan,
    maxAgeSeconds?: number,
  ): Promise<ReusedScan | null> {
    if (maxAgeSeconds === undefined) return null;
    const row = await findReusableScan(this.db, orgId, scan.urlKey, maxAgeSeconds);
    return row ? { ...toRecord(row), reused: true } : null;
  }

  /**
   * POST /v1/scans/batch: each URL validated on its own (an invalid one is that item's error, nothing
   * else), then every valid one charged, stored and queued in one transaction — all of them or, without
   * the credit for all, none (402). The items are spread over the organization's fair queue
   * (docs/scan-search.md#batches).
   */
  async createBatch(orgId: string, inputs: string[], options: ScanCreateOptions = {}): Promise<ScanBatch> {
    const tags = normalizeTags(options.tags ?? []);
    const items = inputs.map((input, index) => {
      try {
        return { index, input, scan: this.prepare(input) };
      } catch (err) {
        if (err instanceof ApiError) return { index, input, error: err };
        throw err;
      }
    });
    const reused = new Map<number, ReusedScan>();
    for (const item of items) {
      const found = item.scan ? await this.reusable(orgId, item.scan, options.maxAgeSeconds) : null;
      if (found) reused.set(item.index, found);
    }
    const valid = items.filter((item) => item.scan !== undefined && !reused.has(item.index));
    const created = new Map<string, Date>();
    if (valid.length > 0) {
      await this.db.transaction().execute(async (tx) => {
        const fairAt = await batchQueueTimes(tx, orgId, valid.length);
        for (const [i, item] of valid.entries()) {
          if (!item.scan) continue;
          created.set(
            item.scan.id,
            await this.queue(tx, orgId, item.scan, tags, options.visibility, fairAt[i]),
          );
        }
      });
      this.wake();
    }
    return {
      accepted: valid.length + reused.size,
      rejected: items.length - valid.length - reused.size,
      charged_usd: (valid.length * SCAN_CHARGE.amountMicros) / 1_000_000,
      items: items.map((item) => {
        const found = reused.get(item.index);
        if (found) {
          return {
            index: item.index,
            url: item.input,
            scan_id: found.scan_id,
            status: "completed" as const,
            created_at: found.created_at,
            reused: true as const,
            error: null,
          };
        }
        return item.scan
          ? {
              index: item.index,
              url: item.input,
              scan_id: item.scan.id,
              status: "pending" as const,
              created_at: (created.get(item.scan.id) ?? new Date()).toISOString(),
              error: null,
            }
          : {
              index: item.index,
              url: item.input,
              scan_id: null,
              status: null,
              created_at: null,
              error: itemError(item.error),
            };
      }),
    };
  }

  /** A submitted URL checked for scanning (`invalid_url` otherwise), with its new scan's id and job. */
  private prepare(input: string): PreparedScan {
    const submitted = input.trim();
    const target = normalizeScanUrl(submitted);
    if (!target.ok) throw new ApiError("invalid_url", target.message);
    if (target.hostKind === "ip" && this.checkAddress) {
      if (!this.checkAddress(target.hostname).allowed) {
        throw new ApiError(
          "invalid_url",
          "The URL points at a loopback, private or reserved address, which DomainLens does not visit.",
        );
      }
    }
    const id = newId();
    return {
      id,
      submitted,
      url: target.url,
      urlKey: reuseKey(target.url),
      payload: {
        scan_id: id,
        // As submitted: the capture normalizes it again, and knows whether the scheme was added (https
        // first, then plain http when https cannot connect).
        url: submitted,
        deadline_at: new Date(Date.now() + this.deadlineMs).toISOString(),
      },
    };
  }

  /** Charges, queues and stores one scan in the caller's transaction; its creation time. */
  private async queue(
    tx: Kysely<DB>,
    orgId: string,
    scan: PreparedScan,
    tags: string[],
    visibility?: Visibility,
    fairAt?: Date,
  ): Promise<Date> {
    await debit(tx, { orgId, ...SCAN_CHARGE, resourceId: scan.id });
    await enqueueJob(tx, {
      kind: SCAN_JOB_KIND,
      id: scan.id,
      payload: scan.payload,
      maxAttempts: SCAN_MAX_ATTEMPTS,
      fairAt,
    });
    return insertScan(tx, {
      id: scan.id,
      orgId,
      url: scan.submitted,
      tags,
      terms: [...urlTerms(scan.url), ...tagTerms(tags)],
      urlKey: scan.urlKey,
      share: visibility === "unlisted" ? { token: newShareToken() } : null,
    });
  }

  /** The organization's scan; any other id (unknown, malformed, another organization's) is 404. Free. */
  async get(orgId: string, scanId: string): Promise<ScanRecord> {
    const row = isUuid(scanId) ? await readScan(this.db, orgId, scanId.toLowerCase()) : null;
    if (!row) throw notFound();
    return toRecord(row);
  }

  /**
   * PATCH /v1/scans/{id}: replaces the scan's tags and/or sets its visibility (`unlisted` creates a share
   * link, `private` revokes it: docs/sharing.md), in one transaction; the updated record. Free.
   */
  async update(
    orgId: string,
    scanId: string,
    changes: { tags?: string[]; visibility?: Visibility },
  ): Promise<ScanRecord> {
    if (!isUuid(scanId)) throw notFound();
    const id = scanId.toLowerCase();
    const row = await this.db.transaction().execute(async (tx) => {
      if (changes.tags !== undefined) {
        if (!(await replaceTagsIn(tx, orgId, id, normalizeTags(changes.tags)))) return null;
      }
      if (changes.visibility !== undefined) {
        if (!(await setVisibility(tx, orgId, id, changes.visibility))) return null;
      }
      return readScan(tx, orgId, id);
    });
    if (!row) throw notFound();
    return toRecord(row);
  }

  /** GET /v1/scans: the organization's scans, newest first, filtered (docs/scan-search.md). Free. */
  async list(orgId: string, query: ListScansQuery): Promise<ScanList> {
    const window = pageWindow(query);
    const rows = await searchScans(this.db, orgId, {
      ...window,
      status: query.status,
      terms: queryTerms(query),
    });
    return pageOf(rows, window.limit, toSummary);
  }

  /** A completed scan's screenshot (PNG); 404 before completion, or when there is none. Free. */
  async screenshot(orgId: string, scanId: string, kind: ScanArtifactKind): Promise<Buffer> {
    const artifact = isUuid(scanId) ? await readArtifact(this.db, orgId, scanId.toLowerCase(), kind) : null;
    if (!artifact) {
      const scan = isUuid(scanId) ? await readScan(this.db, orgId, scanId.toLowerCase()) : null;
      if (!scan) throw notFound();
      if (scan.artifacts_purged_at) throw artifactExpired("screenshot");
      throw new ApiError("not_found", unavailableMessage(scan.status, "screenshot", kind));
    }
    return artifact.data;
  }

  /** What the browser recorded for a completed scan; 404 before completion. Free. */
  async capture(orgId: string, scanId: string, options: { html: boolean }): Promise<ScanCaptureView> {
    const row = isUuid(scanId) ? await readCapture(this.db, orgId, scanId.toLowerCase()) : null;
    if (!row) throw notFound();
    if (row.artifacts_purged_at) throw artifactExpired("capture");
    if (row.status !== "completed" || !row.capture) {
      throw new ApiError("not_found", unavailableMessage(row.status, "capture", null));
    }
    return toCaptureView(scanId.toLowerCase(), row.capture as unknown as ScanCapture, {
      html: options.html,
      screenshots: {
        viewport: row.screenshots.includes("viewport"),
        fullPage: row.screenshots.includes("full_page"),
      },
    });
  }

  /** GET /v1/scans/{id}/similar: the organization's other scans that look alike; 404 before completion. Free. */
  async similar(orgId: string, scanId: string, query: SimilarScansQuery): Promise<SimilarScans> {
    const id = scanId.toLowerCase();
    const found = isUuid(scanId) ? await findSimilarScans(this.db, orgId, id, pageWindow(query)) : null;
    if (!found?.found) throw notFound();
    if (found.status !== "completed") {
      throw new ApiError(
        "not_found",
        found.status === "failed"
          ? "This scan failed; it has no page to compare."
          : "This scan has not finished yet; similar pages are found once it is completed.",
      );
    }
    return {
      scan_id: id,
      fingerprints: found.fingerprints,
      matches: found.matches.map(({ row, ...match }) => ({ scan: toSummary(row), ...match })),
      next_cursor: found.next ? encodeCursor(found.next) : null,
    };
  }
}

function notFound(): ApiError {
  return new ApiError("not_found", "No scan has this id.");
}

/** The stored error of a failed scan, or a generic one if it cannot be read. */
function storedError(value: Record<string, unknown> | null): ScanError {
  const parsed = scanErrorSchema.safeParse(value);
  return parsed.success ? parsed.data : toScanError({ code: "scan_failed", message: "" });
}

/** The scan record (SPEC §2.5, with its tags) of a stored row. */
function toRecord(row: ScanRow): ScanRecord {
  const completed = row.status === "completed";
  const failed = row.status === "failed";
  return {
    scan_id: row.id,
    url: row.url,
    status: row.status,
    created_at: row.created_at.toISOString(),
    completed_at: completed || failed ? (row.completed_at?.toISOString() ?? null) : null,
    report: completed ? (row.report as unknown as ScanReportBody | null) : null,
    error: failed ? storedError(row.error) : null,
    tags: row.tags,
    visibility: row.visibility,
    share_url: row.visibility === "unlisted" ? sharePath(row.share_token) : null,
  };
}

const ASSESSMENT_NAMES = new Set<string>(ASSESSMENTS);

function toSummary(row: ScanListRow): ScanSummary {
  const completed = row.status === "completed";
  const assessment =
    completed && row.final_assessment && ASSESSMENT_NAMES.has(row.final_assessment)
      ? (row.final_assessment as ScanSummary["final_assessment"])
      : null;
  const confidence = completed && row.confidence_score !== null ? Number(row.confidence_score) : null;
  return {
    scan_id: row.id,
    url: row.url,
    status: row.status,
    created_at: row.created_at.toISOString(),
    completed_at: row.completed_at?.toISOString() ?? null,
    final_url: completed ? row.final_url : null,
    final_assessment: assessment,
    threat_type: completed ? row.threat_type : null,
    confidence_score: Number.isInteger(confidence) ? confidence : null,
    detected_brand: completed ? row.detected_brand : null,
    tags: row.tags,
  };
}

/**
 * The term filters of a list query, normalized like the stored terms. A value that cannot be one (a host
 * that is not a host name, an ASN that is not a number) is 400 `invalid_request`, naming the parameter.
 */
function queryTerms(query: ListScansQuery): ScanTerm[] {
  const terms: ScanTerm[] = [];
  const invalid = (name: string, what: string) =>
    new ApiError("invalid_request", `The \`${name}\` filter must be ${what}.`, { parameter: name });
  if (query.final_assessment) terms.push({ kind: "assessment", value: query.final_assessment.toLowerCase() });
  if (query.threat_type) terms.push({ kind: "threat", value: query.threat_type.trim().toLowerCase() });
  if (query.brand) terms.push({ kind: "brand", value: query.brand.trim().toLowerCase() });
  if (query.tag) terms.push({ kind: "tag", value: normalizeTag(query.tag) });
  for (const name of ["host", "domain"] as const) {
    const value = query[name];
    if (value === undefined) continue;
    const host = normalizeHostTerm(value);
    if (!host) throw invalid(name, "a host name such as login.example.com");
    terms.push({ kind: name, value: host });
  }
  if (query.ip !== undefined) {
    const address = normalizeAddress(query.ip);
    if (!address) throw invalid("ip", "an IPv4 or IPv6 address");
    terms.push({ kind: "ip", value: address });
  }
  if (query.asn !== undefined) {
    const asn = parseAsn(query.asn);
    if (asn === null) throw invalid("asn", "an autonomous system number such as 13335 or AS13335");
    terms.push({ kind: "asn", value: String(asn) });
  }
  const hashes = hashFilterTerms(query);
  if ("invalid" in hashes) throw invalid(hashes.invalid, HASH_FILTER_FORMS[hashes.invalid]);
  terms.push(...hashes.terms);
  return terms;
}
