import type { Kysely } from "kysely";
import type { DB, ScanArtifactKind } from "../../platform/db/schema.js";
import { ApiError } from "../errors.js";
import { toScanError } from "./job.js";
import { type ScanError, scanErrorSchema } from "./schemas.js";
import type { SharedScan } from "./share-schemas.js";
import { toSharedView } from "./share-view.js";
import { artifactExpired, isShareToken, unavailableMessage } from "./sharing.js";
import { readSharedScan, readSharedScreenshot } from "./sharing-store.js";

/** Every token that opens nothing — unknown, malformed, revoked — gets this same answer. */
function notShared(): ApiError {
  return new ApiError("not_found", "No shared scan has this link; it may have been revoked.");
}

/** What a share link opens (docs/sharing.md): an unlisted scan's masked view and its screenshot. Free. */
export class ScanShareService {
  constructor(private readonly db: Kysely<DB>) {}

  /** GET /s/{token}: the masked view of the unlisted scan the token opens. */
  async view(token: string): Promise<SharedScan> {
    const row = isShareToken(token) ? await readSharedScan(this.db, token) : null;
    if (!row) throw notShared();
    return toSharedView(row, token, storedError(row.error));
  }

  /**
   * GET /s/{token}/screenshot[?full=1]: the viewport (or full-page) screenshot (PNG) of the unlisted scan the
   * token opens.
   */
  async screenshot(token: string, kind: ScanArtifactKind = "viewport"): Promise<Buffer> {
    const found = isShareToken(token) ? await readSharedScreenshot(this.db, token, kind) : null;
    if (!found) throw notShared();
    if (found.data) return found.data;
    if (found.purged) throw artifactExpired("screenshot");
    throw new ApiError("not_found", unavailableMessage(found.status, "screenshot"));
  }
}

/** A stored `error` column as the API answers it. */
export function storedError(value: Record<string, unknown> | null): ScanError | null {
  if (value === null) return null;
  const parsed = scanErrorSchema.safeParse(value);
  return parsed.success ? parsed.data : toScanError({ code: "scan_failed", message: "" });
}
