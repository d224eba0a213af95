import { Worker } from "node:worker_threads";

interface Reply {
  id: number;
  rows?: Record<string, unknown>[];
  affectedRows?: number;
  /** Columns holding bytea values, which arrive as Uint8Array and are handed out as Buffer. */
  bytea?: string[];
  error?: Record<string, unknown> & { name: string; message: string };
}

/** What a query answers, as kysely-pglite-dialect reads it. */
interface QueryResult {
  rows: Record<string, unknown>[];
  affectedRows?: number;
}

interface Pending {
  resolve(result: QueryResult): void;
  reject(error: Error): void;
}

/** The part of PGlite's client that kysely-pglite-dialect uses, and how the thread ends. */
export interface PGliteLike {
  query(sql: string, params?: unknown[]): Promise<QueryResult>;
  close(): Promise<void>;
  /** Settles with the error when the thread dies while open (never when closed): every query fails from then on. */
  readonly failed: Promise<Error>;
}

/** The thread's script; tests may pass another. */
const THREAD_URL = new URL("./pglite-thread.mjs", import.meta.url);

/**
 * The embedded database on a thread of its own (pglite-thread.mjs): the server thread posts each query and
 * awaits its rows, so the database's work — above all the charge journal's batched ledger writes, which
 * would otherwise stop the event loop for milliseconds every 100 ms — runs beside request handling
 * instead of between requests. Errors come back with their SQLSTATE fields (code, constraint, …). The
 * thread keeps the process alive only while a query is outstanding.
 */
export async function openPgliteThread(dir: string, threadUrl: URL = THREAD_URL): Promise<PGliteLike> {
  const worker = new Worker(threadUrl, {
    workerData: { dir },
    // The server's loader flags (tsx) are not needed by the plain JavaScript thread.
    execArgv: [],
  });
  const pending = new Map<number, Pending>();
  let nextId = 0;
  let failure: Error | undefined;
  let closing: Promise<void> | undefined;
  let reportFailure: (error: Error) => void = () => {};
  const failed = new Promise<Error>((resolve) => {
    reportFailure = resolve;
  });

  const fail = (error: Error): void => {
    if (failure === undefined && closing === undefined) reportFailure(error);
    failure ??= error;
    for (const p of pending.values()) p.reject(failure);
    pending.clear();
    worker.unref();
  };

  await new Promise<void>((resolve, reject) => {
    const onMessage = (message: { type?: string; error?: Reply["error"] }) => {
      worker.off("error", onError);
      if (message.type === "ready") resolve();
      else reject(toError(message.error ?? { name: "Error", message: "the database thread did not start" }));
    };
    const onError = (error: Error) => {
      worker.off("message", onMessage);
      reject(error);
    };
    worker.once("message", onMessage);
    worker.once("error", onError);
  }).catch(async (error: unknown) => {
    await worker.terminate();
    throw error;
  });

  worker.unref();
  worker.on("message", (reply: Reply) => {
    const p = pending.get(reply.id);
    if (p === undefined) return;
    pending.delete(reply.id);
    if (pending.size === 0) worker.unref();
    if (reply.error) {
      p.reject(toError(reply.error));
      return;
    }
    const rows = reply.rows ?? [];
    for (const column of reply.bytea ?? []) {
      for (const row of rows) {
        const value = row[column];
        if (value instanceof Uint8Array)
          row[column] = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
      }
    }
    p.resolve(reply.affectedRows === undefined ? { rows } : { rows, affectedRows: reply.affectedRows });
  });
  worker.on("error", (error) =>
    fail(new Error(`the database thread failed: ${error.message}`, { cause: error })),
  );
  worker.on("exit", (code) => fail(new Error(`the database thread exited (code ${code})`)));

  const call = (message: Record<string, unknown>) =>
    new Promise<QueryResult>((resolve, reject) => {
      if (failure !== undefined) {
        reject(failure);
        return;
      }
      const id = nextId++;
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...message, id });
    });

  return {
    failed,
    query: (sql, params = []) => call({ type: "query", sql, params }),
    close: () => {
      closing ??= (async () => {
        try {
          if (failure === undefined) await call({ type: "close" });
        } finally {
          await worker.terminate();
        }
      })();
      return closing;
    },
  };
}

function toError(plain: Record<string, unknown> & { name?: string; message?: string }): Error {
  const error = new Error(plain.message ?? "database error");
  Object.assign(error, plain);
  return error;
}
