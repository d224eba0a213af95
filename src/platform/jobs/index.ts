export { type EnqueueJobInput, enqueueJob } from "./enqueue.js";
export { defaultBackoffMs, JobFailure, toJobError } from "./errors.js";
export {
  type PeriodicJob,
  periodicJobId,
  scheduleNextPeriodicJob,
  schedulePeriodicJob,
  slotStart,
} from "./periodic.js";
export { JobRuntime } from "./runtime.js";
export type {
  AnyJobHandler,
  JobContext,
  JobError,
  JobHandler,
  JobLogger,
  JobRuntimeOptions,
  JobRuntimeStats,
} from "./types.js";
