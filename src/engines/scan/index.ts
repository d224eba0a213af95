// URL scans: the analysis of a capture (agents, verdict, site context). The capture and the vision agent
// live in ./capture and ./vision.
export { type AnalyzeScanOptions, analyzeScan, type VisionAgent, type VisionInput } from "./analyze.js";
export { primaryLanguage } from "./site-context.js";
export type {
  ScanArtifacts,
  ScanCapture,
  ScanForm,
  ScanHop,
  ScanOutcome,
  ScanReport,
  ScanRequest,
  SiteContext,
  VisionResult,
} from "./types.js";
export { THREAT_TYPES } from "./verdict.js";
