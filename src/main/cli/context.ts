import { EXIT, type Values } from "./args.js";
import {
  classificationText,
  fieldsText,
  jobText,
  keysTable,
  orgsTable,
  reportText,
  scansTable,
  scanText,
} from "./format.js";
import {
  type OutputMode,
  outputMode,
  type Paint,
  Progress,
  painter,
  type Terminal,
  terminalOf,
} from "./output.js";

/** Text ready for standard output, in the mode the command was asked for. */
export class Rendered {
  constructor(readonly text: string) {}
}

/** A result to print, and the exit code to end with. */
export class Failure {
  constructor(
    readonly rendered: Rendered,
    readonly exitCode: number,
  ) {}
}

/** What a command returns to keep the process running (serve) or to end it at once (world, demo). */
export const KEEP_RUNNING = Symbol("keep running");
export const EXIT_NOW = Symbol("exit now");

export type ShowKind = "report" | "scan" | "classification" | "job" | "scans" | "orgs" | "keys" | "fields";

export interface CliContext {
  env: Record<string, string | undefined>;
  print(line: string): void;
  mode(values: Values): OutputMode;
  paint(mode: OutputMode): Paint;
  /** Progress on standard error (drawn on a terminal only). */
  progress(): Progress;
  /** `data` as JSON (--json, or not a terminal) or as text for people. */
  show(values: Values, data: unknown, kind: ShowKind, extra?: string): Rendered;
  /** Prints `value` (rendered, or as JSON) and exits with `exitCode`. */
  failWith(value: unknown, exitCode?: number): Failure;
  keepRunning: typeof KEEP_RUNNING;
  exitNow: typeof EXIT_NOW;
}

function human(kind: ShowKind, data: unknown, paint: Paint, width: number, extra?: string): string {
  // The server's and engines' JSON, read for display only.
  const d = data as never;
  switch (kind) {
    case "report":
      return reportText(d, paint, width);
    case "scan":
      return scanText(d, paint, width, extra);
    case "classification":
      return classificationText(d, paint, width);
    case "job":
      return jobText(d, paint);
    case "scans":
      return scansTable(d, paint);
    case "orgs":
      return orgsTable(d, paint);
    case "keys":
      return keysTable(d, paint);
    case "fields":
      return fieldsText(data);
  }
}

export function createContext(
  env: Record<string, string | undefined>,
  terminal: Terminal = terminalOf(env),
): CliContext {
  return {
    env,
    print: (line) => process.stdout.write(`${line}\n`),
    mode: (values) => outputMode(terminal, values),
    paint: (mode) => painter(mode.color),
    progress: () => new Progress(terminal.stderrIsTTY),
    show(values, data, kind, extra) {
      const mode = outputMode(terminal, values);
      if (mode.json) return new Rendered(JSON.stringify(data, null, 2));
      return new Rendered(human(kind, data, painter(mode.color), Math.min(mode.columns, 110) - 2, extra));
    },
    failWith(value, exitCode = EXIT.usage) {
      return new Failure(
        value instanceof Rendered ? value : new Rendered(JSON.stringify(value, null, 2)),
        exitCode,
      );
    },
    keepRunning: KEEP_RUNNING,
    exitNow: EXIT_NOW,
  };
}
