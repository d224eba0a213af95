export { type AnalysisEvidence, analyzeCapture } from "./analyze.js";
export { PURPOSE_LABELS } from "./describe.js";
export { entityForDomain, entityTableStats } from "./entities.js";
export { UNKNOWN_OPERATOR } from "./identity.js";
