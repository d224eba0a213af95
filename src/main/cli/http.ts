import { CliError, EXIT, usageError } from "./args.js";

/*
 * The command line as a client of a running server: the admin API with ADMIN_TOKEN and the public API with
 * an organization's key (DOMAINLENS_API_KEY), both at DOMAINLENS_URL. Plain fetch, nothing else.
 */

/** A refusal by the server: its status and problem body (printed as JSON on standard error with --json). */
export class ApiFailure extends CliError {
  constructor(
    readonly status: number,
    readonly body: unknown,
    hint: string,
  ) {
    const problem = (body ?? {}) as { error?: unknown; message?: unknown; detail?: unknown };
    const code = typeof problem.error === "string" ? ` ${problem.error}` : "";
    const text = typeof problem.message === "string" ? problem.message : String(problem.detail ?? "");
    super(`the server answered ${status}${code}${text ? `: ${text}` : ""}${hint}`, EXIT.failure);
  }
}

export interface Server {
  url: string;
  /** The bearer credential sent, and the variable it came from (named in error messages). */
  token: string;
  tokenName: "ADMIN_TOKEN" | "DOMAINLENS_API_KEY";
}

async function clientConfig() {
  const { loadClientConfig } = await import("../../config.js");
  return loadClientConfig();
}

/** DOMAINLENS_URL and ADMIN_TOKEN (a usage error without the token). */
export async function adminServer(command: string): Promise<Server> {
  const { url, adminToken } = await clientConfig();
  if (!adminToken) {
    throw usageError("ADMIN_TOKEN is not set: the admin commands need the server's admin token", command);
  }
  return { url, token: adminToken, tokenName: "ADMIN_TOKEN" };
}

/** DOMAINLENS_URL and DOMAINLENS_API_KEY (a usage error without the key). */
export async function keyServer(command: string): Promise<Server> {
  const { url, apiKey } = await clientConfig();
  if (!apiKey) {
    throw usageError(
      "DOMAINLENS_API_KEY is not set: export an organization's API key (dl_live_…), e.g. the one 'domainlens serve' printed on its first start",
      command,
    );
  }
  return { url, token: apiKey, tokenName: "DOMAINLENS_API_KEY" };
}

async function send(server: Server, method: string, path: string, body?: unknown): Promise<Response> {
  try {
    return await fetch(`${server.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${server.token}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(60_000),
    });
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message;
    throw new CliError(
      `cannot reach DomainLens at ${server.url} (${cause}); is 'domainlens serve' running? DOMAINLENS_URL sets the address`,
      EXIT.unreachable,
    );
  }
}

function hintFor(server: Server, status: number): string {
  if (status === 401) return ` (check ${server.tokenName})`;
  return "";
}

/** A JSON call; a non-2xx answer is an ApiFailure. */
export async function call<T = unknown>(
  server: Server,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await send(server, method, path, body);
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = { message: text.slice(0, 200) };
  }
  if (!res.ok) throw new ApiFailure(res.status, parsed, hintFor(server, res.status));
  return parsed as T;
}

/** A binary download (a screenshot). */
export async function download(server: Server, path: string): Promise<Buffer> {
  const res = await send(server, "GET", path);
  if (!res.ok) {
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
    throw new ApiFailure(res.status, parsed, hintFor(server, res.status));
  }
  return Buffer.from(await res.arrayBuffer());
}
