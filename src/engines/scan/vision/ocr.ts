import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { createWorker, OEM, PSM, type Worker } from "tesseract.js";
import { settleWithin } from "../../../util/within.js";

/**
 * OCR of screenshots with tesseract.js and the English model shipped in `@tesseract.js-data/eng`, read
 * from disk (`langPath` is a local directory, `cacheMethod: "none"`): no network, ever. One long-lived
 * worker thread serves every scan of the process, one image at a time, in arrival order. A job whose
 * deadline passes while it waits is never started; one that overruns its deadline is answered as timed
 * out at once, and its worker is replaced unless the recognition ends within a short grace period (a
 * stuck recognition cannot hold up later scans). `closeOcr` ends the worker.
 */
export interface OcrWord {
  text: string;
  confidence: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface OcrLine {
  words: OcrWord[];
}

export interface OcrResult {
  text: string;
  lines: OcrLine[];
  ms: number;
}

export type OcrOutcome =
  | { status: "ok"; result: OcrResult }
  | { status: "timeout" | "failed"; error?: string };

const require = createRequire(import.meta.url);

/** The local English model: the LSTM-only integer model (small, fast), else the full one. */
export function modelDirectory(): string {
  const packageDir = path.dirname(require.resolve("@tesseract.js-data/eng"));
  for (const dir of ["4.0.0_best_int", "4.0.0"]) {
    const candidate = path.join(packageDir, dir);
    if (existsSync(path.join(candidate, "eng.traineddata.gz"))) return candidate;
  }
  throw new Error(`no English OCR model under ${packageDir}`);
}

/** How long a recognition that overran its deadline may still run before its worker is replaced. */
export const OCR_GRACE_MS = 4000;

interface Job {
  image: Buffer;
  deadline: number;
  resolve: (outcome: OcrOutcome) => void;
}

let worker: Promise<Worker> | null = null;
let running = false;
const queue: Job[] = [];

/** Lets an idle worker thread not hold the process open (a CLI run that forgets `closeVision` still exits). */
function setThreadRef(w: Worker, referenced: boolean): void {
  const thread: unknown = (w as unknown as { worker?: unknown }).worker;
  if (typeof thread !== "object" || thread === null) return;
  const method = referenced ? "ref" : "unref";
  const fn: unknown = (thread as Record<string, unknown>)[method];
  if (typeof fn === "function") fn.call(thread);
}

function startWorker(): Promise<Worker> {
  const started = createWorker("eng", OEM.LSTM_ONLY, {
    langPath: modelDirectory(),
    cacheMethod: "none",
    gzip: true,
    logger: () => {},
    // Without a handler tesseract.js rethrows worker errors inside a message listener, killing the process.
    errorHandler: () => {},
  }).then(async (w) => {
    // debug_file: tesseract's diagnostics ("Detected 7 diacritics") would otherwise go to stdout.
    await w.setParameters({ tessedit_pageseg_mode: PSM.SPARSE_TEXT, debug_file: "/dev/null" });
    setThreadRef(w, false);
    return w;
  });
  started.catch(() => {
    if (worker === started) worker = null;
  });
  return started;
}

function discardWorker(): void {
  const current = worker;
  worker = null;
  current?.then((w) => w.terminate()).catch(() => {});
}

function wordsOf(data: unknown): OcrLine[] {
  const lines: OcrLine[] = [];
  const blocks = (data as { blocks?: unknown }).blocks;
  if (!Array.isArray(blocks)) return lines;
  for (const block of blocks) {
    for (const paragraph of (block as { paragraphs?: unknown[] }).paragraphs ?? []) {
      for (const line of (paragraph as { lines?: unknown[] }).lines ?? []) {
        const words: OcrWord[] = [];
        for (const word of (line as { words?: unknown[] }).words ?? []) {
          const w = word as { text?: unknown; confidence?: unknown; bbox?: Record<string, unknown> };
          if (typeof w.text !== "string" || !w.bbox) continue;
          words.push({
            text: w.text,
            confidence: typeof w.confidence === "number" ? w.confidence : 0,
            x0: Number(w.bbox.x0) || 0,
            y0: Number(w.bbox.y0) || 0,
            x1: Number(w.bbox.x1) || 0,
            y1: Number(w.bbox.y1) || 0,
          });
        }
        if (words.length > 0) lines.push({ words });
      }
    }
  }
  return lines;
}

async function runNext(): Promise<void> {
  if (running) return;
  const job = queue.shift();
  if (!job) return;
  running = true;
  try {
    if (performance.now() >= job.deadline) {
      job.resolve({ status: "timeout" });
      return;
    }
    worker ??= startWorker();
    const current = worker;
    const left = (): number => job.deadline - performance.now();
    const started = performance.now();
    try {
      const ready = await settleWithin(current, left());
      if (!ready.done) {
        job.resolve({ status: "timeout" });
        return;
      }
      const w = ready.value;
      setThreadRef(w, true);
      const recognition = w.recognize(job.image, {}, { text: true, blocks: true });
      const settled = await settleWithin(recognition, left());
      if (!settled.done) {
        job.resolve({ status: "timeout" });
        // The recognition cannot be cancelled. Let it finish within a grace period (starting a new worker
        // costs more than most recognitions); past that, replace the worker so later scans are not stuck.
        const finished = await settleWithin(
          recognition.then(
            () => true,
            () => false,
          ),
          OCR_GRACE_MS,
          { unref: true },
        );
        if (finished.done && finished.value) setThreadRef(w, false);
        else discardWorker();
        return;
      }
      const recognized = settled.value;
      setThreadRef(w, false);
      const text = typeof recognized.data.text === "string" ? recognized.data.text : "";
      job.resolve({
        status: "ok",
        result: { text, lines: wordsOf(recognized.data), ms: performance.now() - started },
      });
    } catch (error) {
      discardWorker();
      job.resolve({ status: "failed", error: error instanceof Error ? error.message : String(error) });
    }
  } finally {
    running = false;
    void runNext();
  }
}

/** Reads the text of an image (PNG/JPEG bytes) before `deadline` (a `performance.now()` time). */
export function recognize(image: Buffer, deadline: number): Promise<OcrOutcome> {
  return new Promise((resolve) => {
    queue.push({ image, deadline, resolve });
    void runNext();
  });
}

/** Starts the worker ahead of the first scan (loading the model takes a few hundred ms). */
export async function warmOcr(): Promise<void> {
  worker ??= startWorker();
  await worker;
}

/** Ends the worker; jobs still waiting resolve as failed. A later `recognize` starts a new worker. */
export async function closeOcr(): Promise<void> {
  for (const job of queue.splice(0)) job.resolve({ status: "failed", error: "OCR closed" });
  const current = worker;
  worker = null;
  if (current) await current.then((w) => w.terminate()).catch(() => {});
}
