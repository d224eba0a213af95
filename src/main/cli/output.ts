/*
 * How the command line prints (docs/cli.md, "Output"): JSON with --json or when standard output is not a
 * terminal, text for people otherwise (or with --human); colours only on a terminal and never with NO_COLOR;
 * progress on standard error only when standard error is a terminal.
 */

export interface Terminal {
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  /** The environment's NO_COLOR and FORCE_COLOR. */
  noColor: boolean;
  forceColor: boolean;
  columns: number;
}

export function terminalOf(env: Record<string, string | undefined>): Terminal {
  return {
    stdoutIsTTY: process.stdout.isTTY === true,
    stderrIsTTY: process.stderr.isTTY === true,
    // https://no-color.org: present and not empty.
    noColor: (env.NO_COLOR ?? "") !== "",
    forceColor: (env.FORCE_COLOR ?? "") !== "" && env.FORCE_COLOR !== "0",
    columns: process.stdout.columns ?? 100,
  };
}

export interface OutputMode {
  json: boolean;
  color: boolean;
  /** Progress lines on standard error. */
  progress: boolean;
  columns: number;
}

export function outputMode(
  terminal: Terminal,
  flags: { json?: boolean | string | undefined; human?: boolean | string | undefined },
): OutputMode {
  const json = flags.json === true || (flags.human !== true && !terminal.stdoutIsTTY);
  const color = !json && !terminal.noColor && (terminal.stdoutIsTTY || terminal.forceColor);
  return { json, color, progress: terminal.stderrIsTTY, columns: Math.max(60, terminal.columns) };
}

const CODES = { red: 31, green: 32, yellow: 33, blue: 34, magenta: 35, cyan: 36, gray: 90, bold: 1 } as const;
export type Colour = keyof typeof CODES;

export type Paint = (colour: Colour, text: string) => string;

export function painter(enabled: boolean): Paint {
  return (colour, text) => (enabled ? `\u001b[${CODES[colour]}m${text}\u001b[0m` : text);
}

/** The colour of a verdict or a severity. */
export function toneOf(word: string): Colour {
  switch (word) {
    case "Malicious":
    case "Critical":
    case "High":
    case "failed":
      return "red";
    case "Suspicious":
    case "Medium":
    case "pending":
    case "processing":
    case "queued":
    case "running":
      return "yellow";
    case "Benign":
    case "Clean":
    case "completed":
    case "complete":
      return "green";
    default:
      return "gray";
  }
}

/** `text` cut to `width` characters (with an ellipsis), then padded to it. */
export function cell(text: string, width: number): string {
  const t = text.length > width ? `${text.slice(0, Math.max(0, width - 1))}…` : text;
  return t.padEnd(width);
}

export interface Column {
  title: string;
  width: number;
}

/** A table printed row by row (widths fixed up front), so rows can stream as they are known. */
export function tableRow(
  columns: readonly Column[],
  cells: readonly string[],
  paints?: (Colour | null)[],
): string {
  const paint = painter(paints !== undefined);
  return columns
    .map((c, i) => {
      const text = i === columns.length - 1 ? (cells[i] ?? "") : cell(cells[i] ?? "", c.width);
      const tone = paints?.[i];
      return tone ? paint(tone, text) : text;
    })
    .join("  ")
    .trimEnd();
}

/** A whole table: columns as wide as their widest cell, the last one unbounded. */
export function table(
  header: string[],
  rows: string[][],
  paint: Paint,
  tones?: (row: string[]) => (Colour | null)[],
): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[], row?: string[]) =>
    cells
      .map((c, i) => {
        const text = i === cells.length - 1 ? c : c.padEnd(widths[i] ?? 0);
        const tone = row && tones ? tones(row)[i] : null;
        return tone ? paint(tone, text) : text;
      })
      .join("  ")
      .trimEnd();
  return [paint("bold", line(header)), ...rows.map((r) => line(r, r))].join("\n");
}

/** Seconds as `12s`, `3m05s`. */
export function duration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return "?";
  if (seconds < 60) return `${Math.round(seconds)}s`;
  const m = Math.floor(seconds / 60);
  return `${m}m${String(Math.round(seconds % 60)).padStart(2, "0")}s`;
}

/**
 * One line of progress on standard error, rewritten in place (a terminal only; otherwise every call does
 * nothing). `clear` before writing to standard output on the same terminal, then `draw` again.
 */
export class Progress {
  private text = "";
  private shown = false;
  private lastDraw = 0;
  private readonly started = performance.now();
  private ticker: NodeJS.Timeout | null = null;

  constructor(private readonly enabled: boolean) {}

  /** Seconds since the progress started. */
  elapsed(): number {
    return (performance.now() - this.started) / 1000;
  }

  /** Sets the line; drawn at most ten times a second unless `now`. */
  update(text: string, now = false): void {
    this.text = text;
    if (!this.enabled) return;
    const t = performance.now();
    if (!now && t - this.lastDraw < 100) return;
    this.lastDraw = t;
    this.draw();
  }

  draw(): void {
    if (!this.enabled || this.text === "") return;
    process.stderr.write(`\r\u001b[2K${this.text}`);
    this.shown = true;
  }

  clear(): void {
    if (!this.enabled || !this.shown) return;
    process.stderr.write("\r\u001b[2K");
    this.shown = false;
  }

  /** Leaves a final line (or nothing) and stops drawing. */
  done(finalLine?: string): void {
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = null;
    this.clear();
    if (this.enabled && finalLine) process.stderr.write(`${finalLine}\n`);
    this.text = "";
  }

  /** `42/200 · 85/s · ETA 2s` (total unknown: `42 · 85/s`). */
  count(done: number, total: number | null, noun: string): void {
    const rate = done / Math.max(this.elapsed(), 0.001);
    const eta = total === null || rate === 0 ? "" : ` · ETA ${duration((total - done) / rate)}`;
    const of = total === null ? "" : `/${total}`;
    this.update(`${noun} ${done}${of} · ${rate.toFixed(rate < 10 ? 1 : 0)}/s${eta}`, done === total);
  }

  /** `[2/3] starting the server… 4s`, its time ticking until the next step or `done`. */
  step(index: number, total: number, text: string): void {
    const line = () => `[${index}/${total}] ${text}… ${duration(this.elapsed())}`;
    this.update(line(), true);
    if (!this.enabled) return;
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = setInterval(() => this.update(line(), true), 1000);
    this.ticker.unref();
  }
}
