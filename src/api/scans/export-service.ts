import type { Kysely } from "kysely";
import type { ScanCapture } from "../../engines/scan/types.js";
import type { DB } from "../../platform/db/schema.js";
import { isUuid } from "../../platform/ids.js";
import { ApiError } from "../errors.js";
import type { Har } from "./export/har.js";
import { type ExportInput, toHar, toMispEvent, toStixBundle } from "./export/index.js";
import type { MispEvent } from "./export/misp.js";
import type { StixBundle } from "./export/stix.js";
import type { ScanReportBody, ScanStatus } from "./schemas.js";
import { artifactExpired, unavailableMessage } from "./sharing.js";
import { readCapture, readScan } from "./store.js";

export type ExportFormat = "stix" | "misp";

/**
 * Exports of a completed scan (docs/export.md): a STIX 2.1 bundle, a MISP event, an HTTP Archive and the
 * final DOM. Each reads the organization's scan and answers 404 — as `GET /v1/scans/{id}/capture` does —
 * for an id that is unknown, malformed or another organization's, and for a scan that is not completed.
 * Free.
 */
export class ScanExportService {
  constructor(private readonly db: Kysely<DB>) {}

  /** `format=stix` or `format=misp`. */
  async export(
    orgId: string,
    scanId: string,
    format: ExportFormat,
    recordUrl: (id: string) => string,
  ): Promise<StixBundle | MispEvent> {
    const input = await this.input(orgId, scanId, "export", recordUrl);
    return format === "stix" ? toStixBundle(input) : toMispEvent(input);
  }

  async har(orgId: string, scanId: string, recordUrl: (id: string) => string): Promise<Har> {
    return toHar(await this.input(orgId, scanId, "HTTP archive", recordUrl));
  }

  /** The final DOM as the capture kept it (capped; see `dom.truncated` of the capture). */
  async dom(orgId: string, scanId: string): Promise<string> {
    const { capture } = await this.completed(orgId, scanId, "DOM");
    if (capture.html.length === 0)
      throw new ApiError("not_found", "This scan has no DOM: no page was loaded.");
    return capture.html;
  }

  private async input(
    orgId: string,
    scanId: string,
    what: string,
    recordUrl: (id: string) => string,
  ): Promise<ExportInput> {
    const { row, capture } = await this.completed(orgId, scanId, what);
    if (!row.report || !row.completed_at) throw unavailable("completed", what);
    return {
      scan: {
        id: row.id,
        url: row.url,
        createdAt: row.created_at.toISOString(),
        completedAt: row.completed_at.toISOString(),
        report: row.report as unknown as ScanReportBody,
        tags: row.tags,
      },
      capture,
      recordUrl: recordUrl(row.id),
    };
  }

  private async completed(orgId: string, scanId: string, what: string) {
    const id = scanId.toLowerCase();
    const row = isUuid(scanId) ? await readScan(this.db, orgId, id) : null;
    if (!row) throw new ApiError("not_found", "No scan has this id.");
    if (row.status !== "completed") throw unavailable(row.status, what);
    const stored = await readCapture(this.db, orgId, id);
    // The capture was deleted under the organization's retention: 410, as for the capture itself.
    if (stored?.artifacts_purged_at) throw artifactExpired("capture");
    if (!stored?.capture) throw unavailable("completed", what);
    return { row, capture: stored.capture as unknown as ScanCapture };
  }
}

/** The same wording as the capture's and the screenshots' 404s (src/api/scans/service.ts). */
function unavailable(status: ScanStatus, what: string): ApiError {
  return new ApiError("not_found", unavailableMessage(status, what));
}
