import { parseArgs } from "node:util";

/*
 * The command line's grammar: a table of commands (each with its options, arguments, examples and a run
 * function that imports what it needs), parsed with node:util's parseArgs and explained by the help text
 * generated here. This module imports nothing else, so `--help` loads nothing heavy (docs/cli.md).
 */

/** Exit codes (docs/cli.md, "Exit codes"). */
export const EXIT = {
  ok: 0,
  /** The command ran and failed: an error, a refusal by the server, a scan or crawl that failed. */
  failure: 1,
  /** The command line was wrong: unknown command or option, a missing or invalid value, an unreadable file. */
  usage: 2,
  /** The server (DOMAINLENS_URL) could not be reached. */
  unreachable: 3,
  /** `--wait` gave up: the scan or crawl had not finished within `--timeout`. */
  timeout: 4,
} as const;

/** An error that ends the program with its exit code and message (and, for usage errors, a hint). */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.failure,
    /** The command whose `--help` the message points to (usage errors). */
    readonly helpFor?: string,
  ) {
    super(message);
  }
}

export function usageError(message: string, command?: string): CliError {
  return new CliError(message, EXIT.usage, command ?? "");
}

export interface OptionSpec {
  type: "string" | "boolean";
  /** The value's placeholder in help (`N`, `FILE`); string options only. */
  value?: string;
  short?: string;
  description: string;
  /** Shown in help; string options are given their default when absent. */
  default?: string;
}

export interface ArgumentSpec {
  name: string;
  required: boolean;
}

export type Values = Record<string, string | boolean | undefined>;

export interface Invocation {
  values: Values;
  positionals: string[];
  /** The command's name as typed (`org list`). */
  command: string;
}

export interface CommandSpec {
  /** One word, or a group and a word (`org list`). */
  name: string;
  summary: string;
  /** More text for `--help`: what it reads, prints and needs. */
  description?: string;
  args?: ArgumentSpec[];
  options?: Record<string, OptionSpec>;
  /** The command prints a result: `--json` and `--human` apply. */
  output?: boolean;
  /** Where it belongs in the program's help. */
  section: string;
  examples: string[];
  /** Runs the command; a returned value is printed (JSON or human, per the output mode). */
  run(invocation: Invocation): Promise<unknown>;
}

export const OUTPUT_OPTIONS: Record<string, OptionSpec> = {
  json: { type: "boolean", description: "print JSON (the default when standard output is not a terminal)" },
  human: { type: "boolean", description: "print for people even when standard output is not a terminal" },
};

const HELP_OPTION: OptionSpec = { type: "boolean", short: "h", description: "show this help" };

/** Every option a command takes, the output and help options included. */
export function optionsOf(command: CommandSpec): Record<string, OptionSpec> {
  return { ...command.options, ...(command.output ? OUTPUT_OPTIONS : {}), help: HELP_OPTION };
}

function optionLabel(name: string, spec: OptionSpec): string {
  const long = `--${name}${spec.type === "string" ? ` ${spec.value ?? "VALUE"}` : ""}`;
  return spec.short ? `-${spec.short}, ${long}` : long;
}

function usageLine(command: CommandSpec): string {
  const args = (command.args ?? []).map((a) => (a.required ? a.name : `[${a.name}]`));
  const hasOptions = Object.keys(command.options ?? {}).length > 0 || command.output;
  return ["domainlens", command.name, ...args, ...(hasOptions ? ["[options]"] : [])].join(" ");
}

/** `domainlens <command> --help`. */
export function commandHelp(command: CommandSpec): string {
  const options = Object.entries(optionsOf(command));
  const labels = options.map(([name, spec]) => optionLabel(name, spec));
  const width = Math.max(...labels.map((l) => l.length));
  const lines = [`Usage: ${usageLine(command)}`, "", command.summary];
  if (command.description) lines.push("", wrapText(command.description, 100));
  lines.push("", "Options:");
  options.forEach(([, spec], i) => {
    const fallback = spec.default === undefined ? "" : ` (default ${spec.default})`;
    lines.push(`  ${(labels[i] ?? "").padEnd(width)}  ${spec.description}${fallback}`);
  });
  lines.push("", "Examples:", ...command.examples.map((e) => `  ${e}`));
  return lines.join("\n");
}

function wrapText(text: string, width: number): string {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line].join("\n");
}

/** The sub-commands of a group (`org`), or the commands of a section. */
function listing(commands: readonly CommandSpec[]): string[] {
  const width = Math.max(...commands.map((c) => c.name.length));
  return commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`);
}

/** `domainlens --help`. */
export function programHelp(commands: readonly CommandSpec[], notes: string): string {
  const sections = [...new Set(commands.map((c) => c.section))];
  const lines = ["Usage: domainlens <command> [options]", ""];
  for (const section of sections) {
    lines.push(`${section}:`, ...listing(commands.filter((c) => c.section === section)), "");
  }
  lines.push(notes);
  return lines.join("\n");
}

/** `domainlens org --help`: the group's commands. */
export function groupHelp(group: string, commands: readonly CommandSpec[]): string {
  const members = commands.filter((c) => c.name.startsWith(`${group} `));
  return [
    `Usage: domainlens ${group} <command> [options]`,
    "",
    ...listing(members),
    "",
    `'domainlens ${group} <command> --help' explains one.`,
  ].join("\n");
}

/** The closest of `candidates` to `word` when it is a plausible typo (edit distance ≤ 2). */
export function closest(word: string, candidates: readonly string[]): string | null {
  let best: string | null = null;
  let bestDistance = 3;
  for (const candidate of candidates) {
    const d = distance(word, candidate);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row.push(Math.min((row[j - 1] ?? 0) + 1, (previous[j] ?? 0) + 1, (previous[j - 1] ?? 0) + cost));
    }
    previous = row;
  }
  return previous[b.length] ?? 0;
}

/** Parses a command's arguments; every mistake is a usage error that names what is valid. */
export function parseCommand(command: CommandSpec, argv: string[]): Invocation {
  const options = optionsOf(command);
  const maxArgs = command.args?.length ?? 0;
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: argv,
      options: Object.fromEntries(
        Object.entries(options).map(([name, spec]) => [
          name,
          { type: spec.type, ...(spec.short ? { short: spec.short } : {}) },
        ]),
      ),
      allowPositionals: true,
      strict: true,
    });
  } catch (err) {
    throw explainParseError(command, options, err);
  }
  const values: Values = {};
  for (const [name, value] of Object.entries(parsed.values)) {
    // No option is `multiple`: a repeated option keeps its last value.
    values[name] = Array.isArray(value) ? value.at(-1) : value;
  }
  for (const [name, spec] of Object.entries(options)) {
    if (values[name] === undefined && spec.default !== undefined && spec.type === "string") {
      values[name] = spec.default;
    }
  }
  const positionals = parsed.positionals;
  if (positionals.length > maxArgs) {
    const extra = positionals[maxArgs] ?? "";
    const hint = extra.startsWith("-") ? "" : maxArgs === 0 ? ` ('${command.name}' takes no arguments)` : "";
    throw usageError(`unexpected argument '${extra}'${hint}`, command.name);
  }
  for (const [i, arg] of (command.args ?? []).entries()) {
    if (arg.required && !positionals[i]?.trim()) {
      throw usageError(`${command.name} needs ${arg.name}`, command.name);
    }
  }
  return { values, positionals, command: command.name };
}

function explainParseError(command: CommandSpec, options: Record<string, OptionSpec>, err: unknown): Error {
  const code = (err as { code?: unknown }).code;
  const message = err instanceof Error ? err.message : String(err);
  const named = /'(-{1,2}[^' ]+)/.exec(message)?.[1] ?? "";
  const valid = Object.entries(options)
    .map(([name, spec]) => optionLabel(name, spec))
    .join(", ");
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
    const guess = closest(named.replace(/^-+/, ""), Object.keys(options));
    return usageError(
      `unknown option '${named}' for '${command.name}'${guess ? ` (did you mean --${guess}?)` : ""}. ` +
        `Its options: ${valid}`,
      command.name,
    );
  }
  if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") {
    const name = named.replace(/^-+/, "").split(/[ =,]/)[0] ?? "";
    const spec = options[name] ?? Object.values(options).find((o) => o.short === name);
    if (spec?.type === "boolean") return usageError(`option '${named}' takes no value`, command.name);
    return usageError(
      `option '${named}' needs a value (${optionLabel(name, spec ?? { type: "string", description: "" })})`,
      command.name,
    );
  }
  return usageError(message, command.name);
}

/** A required string option (trimmed), or a usage error naming it. */
export function need(values: Values, name: string, command: string): string {
  const v = values[name];
  if (typeof v !== "string" || v.trim() === "") throw usageError(`--${name} is required`, command);
  return v.trim();
}

/** A whole number option within bounds. */
export function wholeNumber(values: Values, name: string, min: number, max: number, command: string): number {
  const text = String(values[name] ?? "").trim();
  const n = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(n) || n < min || n > max) {
    throw usageError(`--${name} must be a whole number from ${min} to ${max}`, command);
  }
  return n;
}
