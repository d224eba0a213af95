export { analyzeStatic } from "./analyze.js";
export type {
  ImpersonatedBrand,
  SquatTechnique,
  StaticAnalysis,
  StaticOptions,
  StaticSignals,
} from "./types.js";
