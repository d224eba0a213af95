export {
  analyzeVision,
  closeVision,
  DEFAULT_DEADLINE_MS,
  type VisionOptions,
  warmVision,
} from "./analyze.js";
