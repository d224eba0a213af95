import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import type { ScanArtifactKind, ScanVisibility } from "../../platform/db/schema.js";
import { ApiError } from "../errors.js";
import type { ScanStatus } from "./schemas.js";

/*
 * Reuse and visibility of scans (docs/sharing.md): the request fields, share tokens and the reuse key. A
 * leaf of the scans module (no import of its schemas), so both the scan schemas and the share view use it.
 */

export const VISIBILITIES = ["private", "unlisted"] as const satisfies readonly ScanVisibility[];
export type Visibility = ScanVisibility;

export const visibilitySchema = z
  .enum(VISIBILITIES)
  .describe(
    "`private` (default): the organization only. `unlisted`: anyone with the scan's share link (`share_url`) can read a masked view of it, without a key; making it private again revokes the link for good.",
  );

/** The oldest scan a reuse may answer: 30 days. */
export const MAX_REUSE_AGE_SECONDS = 30 * 24 * 60 * 60;

export const maxAgeSchema = z
  .number()
  .int()
  .min(1)
  .max(MAX_REUSE_AGE_SECONDS)
  .describe(
    "Reuse: when the organization has a completed scan of the same normalized URL created at most this many seconds ago, answer it (200, `reused: true`, not charged) instead of scanning again. 1 to 2592000 (30 days).",
  );

/** Bytes of randomness in a share token (256 bits; 43 characters of base64url). */
const SHARE_TOKEN_BYTES = 32;
const SHARE_TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

/** A new share token: 256 random bits, base64url. */
export function newShareToken(): string {
  return randomBytes(SHARE_TOKEN_BYTES).toString("base64url");
}

/** Whether a string has the shape of a share token (anything else is answered 404 without a lookup). */
export function isShareToken(value: string): boolean {
  return SHARE_TOKEN_RE.test(value);
}

/** The share link of a token, relative to the API's base URL; null without one. */
export function sharePath(token: string | null): string | null {
  return token === null ? null : `/s/${token}`;
}

/** The reuse key of a normalized scan URL: its SHA-256, hex (scans.url_key). */
export function reuseKey(normalizedUrl: string): string {
  return createHash("sha256").update(normalizedUrl, "utf8").digest("hex");
}

/**
 * Why a scan has no `what` to show (404 `not_found`), the same words wherever it is asked for: the record's
 * screenshot and capture, the exports, a shared screenshot. `kind` names which screenshot when it matters.
 */
export function unavailableMessage(
  status: ScanStatus,
  what: string,
  kind: ScanArtifactKind | null = null,
): string {
  if (status === "failed") return `This scan failed; it has no ${what}.`;
  if (status === "completed") {
    return `This scan has no ${kind === "full_page" ? "full-page " : kind === "viewport" ? "viewport " : ""}${what}.`;
  }
  return `This scan has not finished yet; its ${what} is available once it is completed.`;
}

/** 410 `artifact_expired`: the organization's retention deleted this artifact (docs/sharing.md). */
export function artifactExpired(what: "screenshot" | "capture"): ApiError {
  return new ApiError(
    "artifact_expired",
    `This scan's ${what} was deleted under the organization's artifact retention; the scan's record and report are kept.`,
  );
}
