import type { Kysely } from "kysely";
import type { ScanCapture } from "../../engines/scan/types.js";
import type { DB, ScanArtifactKind } from "../../platform/db/schema.js";
import { isUuid } from "../../platform/ids.js";
import { ApiError } from "../errors.js";
import type { ScanExportService } from "./export-service.js";
import type { ScanReportBody } from "./schemas.js";
import type { ScanService } from "./service.js";
import type { SharedScan } from "./share-schemas.js";
import { type ScanShareService, storedError } from "./share-service.js";
import { pageOf, UNMASKED } from "./share-view.js";
import { artifactExpired } from "./sharing.js";
import type { ViewLinkQuery, ViewLinkSigner } from "./view-link.js";
import { readViewedScan, scanOwner, type ViewedScanRow } from "./view-store.js";

/*
 * The scan result page (docs/pages.md#scan-result-page): what it shows of a shared scan (the masked share
 * view) and of the organization's own scan (through a signed link: unmasked, with similar scans and
 * exports), and the files the owner's page links to.
 */

/** The autonomous system of an address, as the page shows it. */
export interface AsInfo {
  asn: number | null;
  org: string | null;
}

export interface SimilarLink {
  href: string;
  url: string;
  finalAssessment: string | null;
  createdAt: string;
  by: string[];
}

export interface ExportLink {
  label: string;
  href: string;
  description: string;
}

/** Everything the result page shows; the renderer adds nothing but markup. */
export interface ScanPageModel {
  /** `shared`: a share link's masked view; `owner`: the organization's own scan through a signed link. */
  audience: "shared" | "owner";
  scan: Omit<SharedScan, "screenshot_url" | "full_screenshot_url">;
  screenshot: { viewport: string | null; full: string | null };
  /** The autonomous system of each address in the requests and the redirect chain. */
  asns: ReadonlyMap<string, AsInfo>;
  /** The organization's similar scans, each with its own signed link; null on a shared page. */
  similar: SimilarLink[] | null;
  /** The exports of the owner's page; null on a shared page. */
  exports: ExportLink[] | null;
  /** When the owner's signed link stops working; null on a shared page. */
  linkExpiresAt: string | null;
}

/** The files an owner's page links to, under `/scans/{scan_id}/view/`. */
export const VIEW_FILES = [
  "screenshot.png",
  "full-page.png",
  "stix.json",
  "misp.json",
  "scan.har",
  "dom.html",
] as const;
export type ViewFile = (typeof VIEW_FILES)[number];

export interface ViewFileBody {
  contentType: string;
  body: Buffer | string | object;
  /** The file name of Content-Disposition. */
  filename: string;
  /** Downloaded rather than shown (exports); screenshots are shown. */
  attachment: boolean;
}

export interface ScanViewOptions {
  signer: ViewLinkSigner;
  scans: ScanService;
  shares: ScanShareService;
  exports: ScanExportService;
  /** The autonomous system of a public address; null when unknown. */
  asnOf(address: string): Promise<AsInfo | null>;
}

/** At most this many distinct addresses are looked up for a page. */
const MAX_AS_LOOKUPS = 200;
const SIMILAR_ON_PAGE = 10;

/** Every link that opens nothing — malformed, tampered, for an unknown scan — gets this same answer. */
function linkNotFound(): ApiError {
  return new ApiError("not_found", "This link does not open a scan.");
}

function viewPath(scanId: string, query: string): string {
  return `/scans/${scanId}/view?${query}`;
}

export class ScanViewService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly options: ScanViewOptions,
  ) {}

  /** GET /v1/scans/{scan_id}/view: a signed link to the organization's scan's page. */
  async link(orgId: string, scanId: string): Promise<{ view_url: string; expires_at: string }> {
    const id = scanId.toLowerCase();
    if (!isUuid(scanId) || (await scanOwner(this.db, id)) !== orgId) {
      throw new ApiError("not_found", "No scan has this id.");
    }
    const { query, expiresAt } = await this.options.signer.sign(id);
    return { view_url: viewPath(id, query), expires_at: expiresAt.toISOString() };
  }

  /** The scan a signed link opens: 404 for any link that is not genuine, 410 for a genuine expired one. */
  private async opened(scanId: string, query: ViewLinkQuery): Promise<{ row: ViewedScanRow; query: string }> {
    if (!isUuid(scanId)) throw linkNotFound();
    const id = scanId.toLowerCase();
    const check = await this.options.signer.check(id, query);
    if (check === "invalid") throw linkNotFound();
    if (check === "expired") {
      throw new ApiError(
        "link_expired",
        "This link to a scan has expired. Ask the API for a new one: GET /v1/scans/{scan_id}/view.",
      );
    }
    const row = await readViewedScan(this.db, id);
    if (!row) throw linkNotFound();
    return { row, query: `expires=${query.expires}&sig=${query.sig}` };
  }

  /** The owner's page of a scan (unmasked), through a signed link. */
  async ownerPage(scanId: string, linkQuery: ViewLinkQuery): Promise<ScanPageModel> {
    const { row, query } = await this.opened(scanId, linkQuery);
    const completed = row.status === "completed";
    const capture = completed && row.capture ? (row.capture as unknown as ScanCapture) : null;
    const page = capture ? pageOf(capture, UNMASKED) : null;
    const file = (name: ViewFile) => `/scans/${row.id}/view/${name}?${query}`;
    const has = (kind: ScanArtifactKind) => completed && row.screenshots.includes(kind);
    const [asns, similar] = await Promise.all([this.asns(page), completed ? this.similar(row) : []]);
    return {
      audience: "owner",
      scan: {
        url: row.url,
        status: row.status,
        created_at: row.created_at.toISOString(),
        completed_at: row.completed_at?.toISOString() ?? null,
        report: completed && row.report ? (row.report as unknown as ScanReportBody) : null,
        error: row.status === "failed" ? storedError(row.error) : null,
        page,
        artifacts_expired: row.artifacts_purged_at !== null,
      },
      screenshot: {
        viewport: has("viewport") ? file("screenshot.png") : null,
        full: has("full_page") ? file("full-page.png") : null,
      },
      asns,
      similar,
      exports: capture
        ? [
            {
              label: "STIX 2.1",
              href: file("stix.json"),
              description: "bundle for threat-intelligence platforms",
            },
            { label: "MISP", href: file("misp.json"), description: "event in the MISP core format" },
            { label: "HAR", href: file("scan.har"), description: "the network log as an HTTP Archive" },
            { label: "DOM", href: file("dom.html"), description: "the final page markup (untrusted)" },
          ]
        : [],
      linkExpiresAt: new Date(Number(linkQuery.expires) * 1000).toISOString(),
    };
  }

  /** A file the owner's page links to, through the same signed link. */
  async ownerFile(
    scanId: string,
    linkQuery: ViewLinkQuery,
    name: ViewFile,
    recordUrl: (id: string) => string,
  ): Promise<ViewFileBody> {
    const { row } = await this.opened(scanId, linkQuery);
    const { scans, exports } = this.options;
    const base = `scan-${row.id}`;
    switch (name) {
      case "screenshot.png":
      case "full-page.png": {
        const full = name === "full-page.png";
        if (row.artifacts_purged_at) throw artifactExpired("screenshot");
        const png = await scans.screenshot(row.org_id, row.id, full ? "full_page" : "viewport");
        return {
          contentType: "image/png",
          body: png,
          filename: `${base}${full ? "-full" : ""}.png`,
          attachment: false,
        };
      }
      case "stix.json":
      case "misp.json": {
        const format = name === "stix.json" ? "stix" : "misp";
        return {
          contentType:
            format === "stix" ? "application/stix+json;version=2.1" : "application/json; charset=utf-8",
          body: await exports.export(row.org_id, row.id, format, recordUrl),
          filename: `${base}.${name}`,
          attachment: true,
        };
      }
      case "scan.har":
        return {
          contentType: "application/json; charset=utf-8",
          body: await exports.har(row.org_id, row.id, recordUrl),
          filename: `${base}.har`,
          attachment: true,
        };
      case "dom.html":
        return {
          contentType: "text/html; charset=utf-8",
          body: await exports.dom(row.org_id, row.id),
          filename: `${base}.html`,
          attachment: true,
        };
    }
  }

  /** The page of a shared scan: the share view (masked), as `GET /s/{token}` answers it in JSON. */
  async sharedPage(token: string): Promise<ScanPageModel> {
    const view = await this.options.shares.view(token);
    const { screenshot_url, full_screenshot_url, ...scan } = view;
    return {
      audience: "shared",
      scan,
      screenshot: { viewport: screenshot_url, full: full_screenshot_url },
      asns: await this.asns(view.page),
      similar: null,
      exports: null,
      linkExpiresAt: null,
    };
  }

  private async asns(page: SharedScan["page"]): Promise<Map<string, AsInfo>> {
    const out = new Map<string, AsInfo>();
    if (!page) return out;
    const addresses = new Set<string>();
    for (const item of [...page.redirect_chain, ...page.requests]) {
      if (item.address && addresses.size < MAX_AS_LOOKUPS) addresses.add(item.address);
    }
    await Promise.all(
      [...addresses].map(async (address) => {
        const found = await this.options.asnOf(address).catch(() => null);
        if (found) out.set(address, found);
      }),
    );
    return out;
  }

  private async similar(row: ViewedScanRow): Promise<SimilarLink[]> {
    const found = await this.options.scans.similar(row.org_id, row.id, { limit: SIMILAR_ON_PAGE });
    return Promise.all(
      found.matches.map(async (m) => {
        const { query } = await this.options.signer.sign(m.scan.scan_id);
        return {
          href: viewPath(m.scan.scan_id, query),
          url: m.scan.url,
          finalAssessment: m.scan.final_assessment,
          createdAt: m.scan.created_at,
          by: m.by,
        };
      }),
    );
  }
}
