import { readFileSync } from "node:fs";
import {
  CliError,
  type CommandSpec,
  closest,
  commandHelp,
  EXIT,
  groupHelp,
  parseCommand,
  programHelp,
  usageError,
} from "./cli/args.js";
import { adminCommands } from "./cli/commands-admin.js";
import { clientCommands } from "./cli/commands-client.js";
import { localCommands } from "./cli/commands-local.js";
import { createContext, EXIT_NOW, Failure, KEEP_RUNNING, Rendered } from "./cli/context.js";
import { ApiFailure } from "./cli/http.js";

/*
 * `domainlens` (docs/cli.md): finds the command, answers --help, parses the options and runs the command,
 * which imports what it needs only then; prints its result and ends with the documented exit code.
 */

const NOTES = `Global: domainlens help [command], domainlens <command> --help, domainlens --version.
Results are text on a terminal and JSON otherwise (--json or --human to choose); NO_COLOR turns colours off.
Exit codes: 0 done, 1 failed, 2 wrong usage, 3 server unreachable, 4 --wait gave up (docs/cli.md).`;

const ctx = createContext(process.env);
const COMMANDS: CommandSpec[] = [...localCommands(ctx), ...clientCommands(ctx), ...adminCommands(ctx)];
const GROUPS = [
  ...new Set(COMMANDS.filter((c) => c.name.includes(" ")).map((c) => c.name.split(" ")[0] ?? "")),
];
const TOP_LEVEL = [...new Set(COMMANDS.map((c) => c.name.split(" ")[0] ?? ""))];

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
    version: string;
  };
  return pkg.version;
}

const isHelp = (arg: string | undefined) => arg === "--help" || arg === "-h";

/** The command named by the first words of `words`, and how many words named it; usage errors otherwise. */
function resolve(words: string[]): { command: CommandSpec; used: number } | { group: string } {
  const [first = "", second] = words;
  if (GROUPS.includes(first)) {
    if (second === undefined || isHelp(second)) return { group: first };
    const command = COMMANDS.find((c) => c.name === `${first} ${second}`);
    if (command) return { command, used: 2 };
    const members = COMMANDS.filter((c) => c.name.startsWith(`${first} `)).map((c) =>
      c.name.slice(first.length + 1),
    );
    const guess = closest(second, members);
    throw usageError(
      `unknown command '${first} ${second}'${guess ? ` (did you mean '${first} ${guess}'?)` : ""}. ` +
        `'${first}' commands: ${members.join(", ")}`,
      first,
    );
  }
  const command = COMMANDS.find((c) => c.name === first);
  if (command) return { command, used: 1 };
  const guess = closest(first, TOP_LEVEL);
  throw usageError(
    `unknown command '${first}'${guess ? ` (did you mean '${guess}'?)` : ""}. Commands: ${TOP_LEVEL.join(", ")}`,
  );
}

function helpOf(words: string[]): string {
  if (words.length === 0) return programHelp(COMMANDS, NOTES);
  const found = resolve(words);
  return "group" in found ? groupHelp(found.group, COMMANDS) : commandHelp(found.command);
}

async function main(argv: string[]): Promise<unknown> {
  const [first] = argv;
  if (first === undefined) {
    process.stderr.write(`${programHelp(COMMANDS, NOTES)}\n`);
    return new Failure(new Rendered(""), EXIT.usage);
  }
  if (isHelp(first)) return new Rendered(programHelp(COMMANDS, NOTES));
  if (first === "--version" || first === "-V") return new Rendered(version());
  if (first === "help") return new Rendered(helpOf(argv.slice(1).filter((a) => !isHelp(a))));
  if (first.startsWith("-")) {
    throw usageError(
      `unknown option '${first}': options come after the command. Commands: ${TOP_LEVEL.join(", ")}`,
    );
  }
  const found = resolve(argv);
  if ("group" in found) {
    const text = groupHelp(found.group, COMMANDS);
    if (isHelp(argv[1])) return new Rendered(text);
    throw usageError(`'${found.group}' needs a command.\n\n${text}`, found.group);
  }
  const rest = argv.slice(found.used);
  const end = rest.indexOf("--");
  if ((end < 0 ? rest : rest.slice(0, end)).some(isHelp)) return new Rendered(commandHelp(found.command));
  return found.command.run(parseCommand(found.command, rest));
}

function finish(code: number): void {
  process.stdout.write("", () => process.exit(code));
}

main(process.argv.slice(2)).then(
  (result) => {
    if (result === KEEP_RUNNING) return;
    if (result === EXIT_NOW || result === undefined) return finish(EXIT.ok);
    if (result instanceof Failure) {
      if (result.rendered.text) process.stdout.write(`${result.rendered.text}\n`);
      return finish(result.exitCode);
    }
    const text = result instanceof Rendered ? result.text : JSON.stringify(result, null, 2);
    process.stdout.write(`${text}\n`);
    finish(EXIT.ok);
  },
  (err: unknown) => {
    if (err instanceof CliError) {
      const hint =
        err.helpFor === undefined
          ? ""
          : `\nRun 'domainlens ${err.helpFor ? `${err.helpFor} ` : ""}--help' for usage.`;
      process.stderr.write(`domainlens: ${err.message}${err.exitCode === EXIT.usage ? hint : ""}\n`);
      if (err instanceof ApiFailure && err.body !== null && !process.stderr.isTTY) {
        process.stderr.write(`${JSON.stringify(err.body, null, 2)}\n`);
      }
      return finish(err.exitCode);
    }
    // Configuration, start-up and database errors carry messages written for the operator.
    process.stderr.write(`domainlens: ${err instanceof Error ? err.message : String(err)}\n`);
    finish(EXIT.failure);
  },
);
