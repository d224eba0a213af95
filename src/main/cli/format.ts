import { type Column, duration, type Paint, table, tableRow, toneOf } from "./output.js";

/*
 * Text for people: the verdict table of `screen`, the summaries of `risk`, `analyze`, `scan` and `classify`,
 * and tables of lists. Only for a terminal (or --human); with --json the command prints the same data as
 * JSON, unchanged.
 */

const SEVERITY_ORDER = ["Critical", "High", "Medium", "Low", "Informational"];

interface FindingLike {
  finding_id: string;
  severity: string;
  source_agent?: string;
  description: string;
}

interface ReportLike {
  request_url?: string;
  final_assessment: string;
  threat_type: string;
  confidence_score: number;
  executive_summary?: string;
  evidence_findings?: FindingLike[];
  site_context?: {
    apparent_purpose: string;
    primary_language: string;
    detected_brand: string | null;
    page_title: string;
  } | null;
}

/** Word-wraps `text` to `width` columns, each line after the first indented by `indent`. */
export function wrap(text: string, width: number, indent = ""): string {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = indent + word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.join("\n");
}

function severityRank(severity: string): number {
  const i = SEVERITY_ORDER.indexOf(severity);
  return i < 0 ? SEVERITY_ORDER.length : i;
}

/** The findings most severe first (then by agent), each with its code and description. */
function findingLines(findings: readonly FindingLike[], paint: Paint, width: number): string[] {
  const sorted = [...findings].sort(
    (a, b) =>
      severityRank(a.severity) - severityRank(b.severity) ||
      (a.source_agent ?? "").localeCompare(b.source_agent ?? ""),
  );
  const indent = " ".repeat(26);
  return sorted.map((f) => {
    const severity = paint(toneOf(f.severity), f.severity.padEnd(13));
    return `  ${severity} ${f.finding_id.padEnd(10)} ${wrap(f.description, width - 26, indent)}`;
  });
}

/** The headline of a verdict: `Suspicious  58/100  Phishing / Credential Theft`. */
function verdictLine(report: ReportLike, paint: Paint): string {
  return [
    paint("bold", paint(toneOf(report.final_assessment), report.final_assessment)),
    `${report.confidence_score}/100`,
    report.threat_type,
  ].join("  ");
}

/** `domainlens risk` and `analyze`, and a completed scan: the verdict, its summary and its findings. */
export function reportText(report: ReportLike, paint: Paint, width: number, title?: string): string {
  const lines: string[] = [];
  lines.push(paint("bold", title ?? report.request_url ?? ""), verdictLine(report, paint));
  const context = report.site_context;
  if (context) {
    lines.push(
      "",
      `  Page title   ${context.page_title || "(none)"}`,
      `  Purpose      ${context.apparent_purpose}`,
      `  Brand        ${context.detected_brand ?? "(none)"}`,
      `  Language     ${context.primary_language}`,
    );
  }
  if (report.executive_summary) lines.push("", wrap(report.executive_summary, width));
  const findings = report.evidence_findings ?? [];
  lines.push("", paint("bold", `Findings (${findings.length})`));
  if (findings.length === 0) lines.push("  none");
  else lines.push(...findingLines(findings, paint, width));
  return lines.join("\n");
}

/** The verdict table of `domainlens screen`, printed a row at a time. */
export function screenTable(width: number) {
  const fixed = 11 + 6 + 28 + 12 + 2 * 5;
  const inputWidth = Math.max(20, Math.min(48, width - fixed - 24));
  const columns: Column[] = [
    { title: "INPUT", width: inputWidth },
    { title: "VERDICT", width: 11 },
    { title: "SCORE", width: 6 },
    { title: "THREAT", width: 28 },
    { title: "BRAND", width: 12 },
    { title: "FINDINGS", width: 0 },
  ];
  return {
    header: (paint: Paint) =>
      paint(
        "bold",
        tableRow(
          columns,
          columns.map((c) => c.title),
        ),
      ),
    row(result: Record<string, unknown>, colour: boolean): string {
      if (typeof result.error === "string") {
        return tableRow(
          columns,
          [String(result.input), "error", "", String(result.message ?? result.error), "", ""],
          colour ? [null, "red", null, "gray", null, null] : undefined,
        );
      }
      const verdict = String(result.final_assessment);
      return tableRow(
        columns,
        [
          String(result.input),
          verdict,
          String(result.confidence_score),
          String(result.threat_type),
          String(result.brand ?? ""),
          ((result.findings as string[] | undefined) ?? []).join(" "),
        ],
        colour ? [null, toneOf(verdict), null, null, null, "gray"] : undefined,
      );
    },
  };
}

/** The last line of `domainlens screen`: how many, of which verdict, how fast. */
export function screenSummary(counts: Map<string, number>, seconds: number): string {
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const parts = [...counts].map(([verdict, n]) => `${n} ${verdict}`);
  return `${total} screened in ${duration(seconds)}${parts.length ? `: ${parts.join(", ")}` : ""}`;
}

interface ScanLike {
  scan_id: string;
  url: string;
  status: string;
  created_at?: string;
  completed_at?: string | null;
  report?: ReportLike | null;
  error?: { code: string; message: string } | null;
}

/** `domainlens scan`: the scan's status, and its report once completed. */
export function scanText(scan: ScanLike, paint: Paint, width: number, notes?: string): string {
  const lines = [`Scan ${scan.scan_id}  ${paint(toneOf(scan.status), scan.status)}  ${scan.url}`];
  if (scan.report) lines.push("", reportText(scan.report, paint, width, scan.report.request_url));
  if (scan.error) lines.push("", `${paint("red", scan.error.code)}: ${scan.error.message}`);
  if (notes) lines.push("", notes);
  if (scan.status === "pending" || scan.status === "processing") {
    lines.push("", `Follow it with: domainlens scan --id ${scan.scan_id} --wait`);
  }
  return lines.join("\n");
}

interface ClassificationLike {
  domain: string;
  state?: string;
  confidence?: string;
  identity?: { headline?: string; operator?: string; summary?: string; parent_entity?: string | null };
  category?: { purpose?: string; specialization?: string };
  facts?: { created_at?: string | null; rank?: number | null; hosting_provider?: string };
  functions?: Record<string, boolean>;
  impersonates?: string | null;
}

/** `domainlens classify`: who operates the domain and what it is for. */
export function classificationText(result: ClassificationLike, paint: Paint, width: number): string {
  const flags = Object.entries(result.functions ?? {})
    .filter(([, on]) => on)
    .map(([flag]) => flag);
  const rows: [string, string][] = [
    ["Headline", result.identity?.headline ?? ""],
    ["Operator", result.identity?.operator ?? ""],
    ["Parent", result.identity?.parent_entity ?? "(none)"],
    ["Category", [result.category?.purpose, result.category?.specialization].filter(Boolean).join(" / ")],
    ["State", result.state ?? ""],
    ["Confidence", result.confidence ?? ""],
    ["Registered", result.facts?.created_at ?? "unknown"],
    ["Rank", result.facts?.rank ? String(result.facts.rank) : "unranked"],
    ["Hosting", result.facts?.hosting_provider ?? ""],
    ["Functions", flags.length ? flags.join(", ") : "none"],
  ];
  const lines = [paint("bold", result.domain)];
  if (result.impersonates) {
    lines.push(
      paint(
        "red",
        `  Warning: presents itself as ${result.impersonates}, but the domain does not belong to ${result.impersonates}.`,
      ),
    );
  }
  lines.push(...rows.map(([k, v]) => `  ${k.padEnd(11)} ${v}`));
  if (result.identity?.summary) lines.push("", wrap(result.identity.summary, width));
  return lines.join("\n");
}

/** A classification job that has not completed (queued, running or failed). */
export function jobText(job: Record<string, unknown>, paint: Paint): string {
  const status = String(job.status);
  const lines = [
    `Classification of ${String(job.domain)}: ${paint(toneOf(status), status)} (job ${String(job.job_id)})`,
  ];
  const error = job.error as { code?: string; message?: string } | null | undefined;
  if (error) lines.push(`${paint("red", error.code ?? "error")}: ${error.message ?? ""}`);
  if (status === "queued" || status === "running") {
    lines.push(`Wait for it with: domainlens classify ${String(job.domain)} --wait`);
  }
  return lines.join("\n");
}

/** `domainlens scans list`. */
export function scansTable(
  page: { data: Array<Record<string, unknown>>; next_cursor: string | null },
  paint: Paint,
): string {
  if (page.data.length === 0) return "No scans.";
  const rows = page.data.map((s) => [
    String(s.scan_id),
    String(s.status),
    s.final_assessment ? `${String(s.final_assessment)} ${String(s.confidence_score)}` : "",
    utcTime(s.created_at),
    String(s.url),
  ]);
  const text = table(["SCAN", "STATUS", "VERDICT", "CREATED (UTC)", "URL"], rows, paint, (row) => [
    null,
    toneOf(row[1] ?? ""),
    toneOf((row[2] ?? "").split(" ")[0] ?? ""),
    null,
    null,
  ]);
  return page.next_cursor ? `${text}\n\nMore: --cursor ${page.next_cursor}` : text;
}

/** `domainlens org list`. */
export function orgsTable(
  page: { data: Array<Record<string, unknown>>; next_cursor: string | null },
  paint: Paint,
): string {
  if (page.data.length === 0) return "No organizations.";
  const rows = page.data.map((o) => [
    String(o.org_id),
    String(o.name),
    `$${Number(o.balance_usd).toFixed(2)}`,
    utcTime(o.created_at),
  ]);
  const text = table(["ORG", "NAME", "BALANCE", "CREATED (UTC)"], rows, paint);
  return page.next_cursor ? `${text}\n\nMore: --cursor ${page.next_cursor}` : text;
}

/** An ISO time as `YYYY-MM-DD hh:mm:ss` (UTC); empty when absent. */
function utcTime(value: unknown): string {
  return typeof value === "string" ? value.replace("T", " ").slice(0, 19) : "";
}

/** GET /admin/v1/orgs/{id}/keys: one line per key, revoked ones marked. */
export function keysTable(list: { data: Array<Record<string, unknown>> }, paint: Paint): string {
  if (list.data.length === 0) return "No keys.";
  const rows = list.data.map((k) => [
    String(k.key_id),
    `${String(k.prefix)}…`,
    utcTime(k.created_at),
    k.revoked_at ? `revoked ${utcTime(k.revoked_at)}` : "active",
  ]);
  return table(["KEY ID", "KEY BEGINS", "ISSUED (UTC)", "STATE"], rows, paint, (row) => [
    null,
    null,
    null,
    row[3] === "active" ? "green" : "gray",
  ]);
}

/** Any other answer: `key  value` lines, nested values as compact JSON. */
export function fieldsText(value: unknown): string {
  if (Array.isArray(value)) return value.map(fieldsText).join("\n\n");
  if (value === null || typeof value !== "object") return String(value);
  const entries = Object.entries(value as Record<string, unknown>);
  const width = Math.max(...entries.map(([k]) => k.length));
  return entries
    .map(
      ([k, v]) =>
        `${k.padEnd(width)}  ${v !== null && typeof v === "object" ? JSON.stringify(v) : String(v)}`,
    )
    .join("\n");
}
