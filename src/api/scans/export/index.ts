import type { ScanCapture } from "../../../engines/scan/types.js";
import type { ScanReportBody } from "../schemas.js";

/**
 * What an export is built from: a completed scan (its record and report) and what the browser recorded.
 * The builders of this folder are pure: no I/O, the same input gives the same document.
 */
export interface ExportInput {
  scan: {
    id: string;
    /** The URL as submitted. */
    url: string;
    createdAt: string;
    completedAt: string;
    report: ScanReportBody;
    tags: string[];
  };
  capture: ScanCapture;
  /** The absolute URL of the scan record on this API (`…/v1/scans/{id}`), cited as the source. */
  recordUrl: string;
}

export { toHar } from "./har.js";
export { toMispEvent } from "./misp.js";
export { toStixBundle } from "./stix.js";
