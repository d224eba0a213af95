import { SEVERITY_RANK, type Severity } from "../../engines/findings/types.js";
import type { ScanPageModel } from "../scans/view-service.js";
import { html, type SafeHtml } from "./html.js";
import { layout } from "./layout.js";
import { SCAN_STYLE_ELEMENT } from "./scan-style.js";

/*
 * The scan result page (docs/pages.md#scan-result-page). Everything shown comes from a scanned, possibly
 * hostile site: it is only ever interpolated by the `html` tag (escaped), and never put into an `href`,
 * `src` or `style`. The only links are the page's own screenshot, export and similar-scan paths, built by
 * the service from validated ids, tokens and signatures.
 */

type Scan = ScanPageModel["scan"];
type Report = NonNullable<Scan["report"]>;
type Finding = Report["evidence_findings"][number];
type Page = NonNullable<Scan["page"]>;

/** Requests listed on the page; the rest are counted (the HAR export and the capture have them all). */
const MAX_REQUEST_ROWS = 300;

const VERDICT_ICON: Record<string, string> = {
  Malicious: "✖",
  Suspicious: "⚠",
  Benign: "✔",
  Unknown: "?",
};

function dateTime(iso: string | null): string {
  if (!iso) return "—";
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${d.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

function day(iso: string | null): string {
  if (!iso) return "Unknown";
  return iso.slice(0, 10);
}

function hostOf(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.host || `${parsed.protocol}`;
  } catch {
    return url;
  }
}

function url(value: string | null, field?: string): SafeHtml {
  if (value === null) return html`<span class="muted">none</span>`;
  return field
    ? html`<code class="url" data-field="${field}">${value}</code>`
    : html`<code class="url">${value}</code>`;
}

function verdictBanner(scan: Scan): SafeHtml {
  const report = scan.report;
  if (!report) {
    if (scan.status === "failed") {
      return html`<section class="verdict v-unknown" aria-label="Verdict">
<span class="icon" aria-hidden="true">!</span>
<p class="word" data-field="verdict">Scan failed</p>
<p class="facts">${scan.error?.message ?? "The scan could not be completed."}</p>
</section>`;
    }
    return html`<section class="verdict v-pending" aria-label="Verdict">
<span class="icon" aria-hidden="true">…</span>
<p class="word" data-field="verdict">Scan in progress</p>
<p class="facts">The scan is ${scan.status}. Reload this page in a few seconds to see its result.</p>
</section>`;
  }
  const word = report.final_assessment;
  return html`<section class="verdict v-${word.toLowerCase()}" aria-label="Verdict">
<span class="icon" aria-hidden="true">${VERDICT_ICON[word] ?? "?"}</span>
<p class="word" data-field="verdict">${word}</p>
<p class="facts"><span>Threat type: <strong data-field="threat-type">${report.threat_type}</strong></span>
<span>Confidence: <strong data-field="confidence">${report.confidence_score}</strong> / 100</span></p>
<p class="summary" data-field="summary">${report.executive_summary}</p>
</section>`;
}

function screenshotCard(model: ScanPageModel): SafeHtml {
  const { viewport, full } = model.screenshot;
  let body: SafeHtml;
  if (viewport) {
    const img = html`<img src="${viewport}" width="1280" height="800" alt="Screenshot of the page as the scan's browser showed it" data-field="screenshot">`;
    body = full
      ? html`<a class="shot" href="${full}" data-field="full-screenshot">${img}</a>
<p class="note">Select the screenshot to open the full page.</p>`
      : html`<div class="shot">${img}</div>`;
  } else if (model.scan.artifacts_expired) {
    body = html`<p class="muted">The screenshot was deleted under the organization's artifact retention.</p>`;
  } else {
    body = html`<p class="muted">${model.scan.status === "completed" ? "The scan has no screenshot: no page was shown." : "The screenshot is taken when the scan completes."}</p>`;
  }
  const note =
    model.audience === "shared" && viewport
      ? html`<p class="note">The screenshot is the page as the browser saw it: it is not masked.</p>`
      : false;
  return html`<section class="card wide" aria-labelledby="h-shot"><h2 id="h-shot">Screenshot</h2>${body}${note}</section>`;
}

function contextCard(scan: Scan, page: Page | null): SafeHtml {
  const ctx = scan.report?.site_context ?? null;
  const net = page?.network ?? null;
  const age =
    net?.age_days === null || net?.age_days === undefined
      ? ""
      : ` (${net.age_days.toLocaleString("en-US")} day${net.age_days === 1 ? "" : "s"} old)`;
  const hosting = net?.asn ? `AS${net.asn}${net.as_org ? ` ${net.as_org}` : ""}` : (net?.as_org ?? "Unknown");
  return html`<section class="card" aria-labelledby="h-ctx"><h2 id="h-ctx">Site context</h2>
<dl>
<dt>Detected brand</dt><dd data-field="brand">${ctx?.detected_brand ?? "None detected"}</dd>
<dt>Apparent purpose</dt><dd data-field="purpose">${ctx?.apparent_purpose ?? "Unknown"}</dd>
<dt>Page title</dt><dd data-field="page-title">${page?.title ?? ctx?.page_title ?? "None"}</dd>
<dt>Language</dt><dd>${ctx?.primary_language ?? "Unknown"}</dd>
<dt>Final URL</dt><dd>${url(page?.final_url ?? null, "final-url")}${page?.status ? html` <span class="tag">HTTP ${page.status}</span>` : false}</dd>
${
  net
    ? html`<dt>Domain registered</dt><dd data-field="registered">${day(net.registered_at)}${age}${net.domain ? html` · <code>${net.domain}</code>` : false}</dd>
<dt>Registrar</dt><dd>${net.registrar ?? "Unknown"}</dd>
<dt>Hosting</dt><dd data-field="hosting">${hosting}${net.address ? html` · <code>${net.address}</code>` : false}</dd>`
    : false
}
</dl>
</section>`;
}

function tlsCard(page: Page | null): SafeHtml {
  const tls = page?.tls ?? null;
  const body = tls
    ? html`<dl>
<dt>Protocol</dt><dd data-field="tls-protocol">${tls.protocol ?? "Unknown"}</dd>
<dt>Subject</dt><dd>${tls.subject ?? "Unknown"}</dd>
<dt>Issuer</dt><dd data-field="tls-issuer">${tls.issuer ?? "Unknown"}</dd>
<dt>Valid</dt><dd>${day(tls.valid_from)} to ${day(tls.valid_to)}</dd>
</dl>`
    : html`<p class="muted">${page ? "The final page was not served over TLS, or no certificate was recorded." : "Not recorded."}</p>`;
  return html`<section class="card" aria-labelledby="h-tls"><h2 id="h-tls">TLS certificate</h2>${body}</section>`;
}

const sevRank = (s: string) => SEVERITY_RANK[s as Severity] ?? -1;

/** Findings grouped by agent, each group by severity (Critical first); groups by their worst finding. */
export function groupFindings(findings: readonly Finding[]): Array<{ agent: string; findings: Finding[] }> {
  const groups = new Map<string, Finding[]>();
  for (const f of findings) groups.set(f.source_agent, [...(groups.get(f.source_agent) ?? []), f]);
  const out = [...groups].map(([agent, list]) => ({
    agent,
    findings: list
      .map((f, i) => ({ f, i }))
      .sort((a, b) => sevRank(b.f.severity) - sevRank(a.f.severity) || a.i - b.i)
      .map(({ f }) => f),
  }));
  const worst = (g: { findings: Finding[] }) => sevRank(g.findings[0]?.severity ?? "");
  return out.sort((a, b) => worst(b) - worst(a) || (a.agent < b.agent ? -1 : a.agent > b.agent ? 1 : 0));
}

function findingsCard(report: Report): SafeHtml {
  const groups = groupFindings(report.evidence_findings);
  const body =
    groups.length === 0
      ? html`<p class="muted">No findings.</p>`
      : groups.map(
          (g) => html`<h3>${g.agent} <span class="muted">(${g.findings.length})</span></h3>
<ol class="findings">
${g.findings.map(
  (f) => html`<li class="finding" data-field="finding">
<p class="head"><span class="sev sev-${f.severity.toLowerCase()}">${f.severity}</span> <code>${f.finding_id}</code>
<span class="desc">${f.description}</span></p>
${f.details ? html`<p class="details">${f.details}</p>` : false}
</li>`,
)}
</ol>`,
        );
  return html`<section class="card wide" aria-labelledby="h-findings"><h2 id="h-findings">Findings</h2>${body}</section>`;
}

function chainCard(page: Page): SafeHtml {
  const body =
    page.redirect_chain.length === 0
      ? html`<p class="muted">No page was loaded.</p>`
      : html`<ol class="chain" data-field="chain">
${page.redirect_chain.map(
  (
    h,
  ) => html`<li>${url(h.url)} <span class="tag">${h.status === null ? "no answer" : `HTTP ${h.status}`}</span>
${h.location ? html`<span class="muted">${h.kind.replace("_", " ")} →</span> ${url(h.location)}` : false}
${h.address ? html`<span class="muted">server</span> <code>${h.address}</code>` : false}</li>`,
)}
</ol>`;
  return html`<section class="card wide" aria-labelledby="h-chain"><h2 id="h-chain">Redirect chain</h2>${body}</section>`;
}

function formsCard(page: Page): SafeHtml {
  const body =
    page.forms.length === 0
      ? html`<p class="muted">The page has no forms.</p>`
      : html`<ol class="findings">
${page.forms.map(
  (f) => html`<li class="finding" data-field="form">
<p class="head"><span class="tag">${f.method.toUpperCase()}</span> ${f.action === null ? html`<span>no action: the fields are sent by script</span>` : html`<span>posts to</span> ${url(f.action, "form-action")}`}
${f.visible ? false : html`<span class="tag">hidden</span>`}</p>
<p class="details">${f.inputs.length === 0 ? "No fields." : `Fields: ${f.inputs.map((i) => `${i.name ?? "(no name)"} (${i.type})`).join(", ")}`}</p>
</li>`,
)}
</ol>`;
  return html`<section class="card" aria-labelledby="h-forms"><h2 id="h-forms">Forms</h2>${body}</section>`;
}

function requestsCard(page: Page, asns: ScanPageModel["asns"]): SafeHtml {
  const rows = page.requests.slice(0, MAX_REQUEST_ROWS);
  const more = page.requests.length - rows.length;
  const blocked = page.requests.filter((r) => r.outcome === "blocked").length;
  const asText = (address: string | null) => {
    const info = address ? asns.get(address) : undefined;
    if (!info || info.asn === null) return "—";
    return `AS${info.asn}${info.org ? ` ${info.org}` : ""}`;
  };
  const body =
    rows.length === 0
      ? html`<p class="muted">No requests were recorded.</p>`
      : html`<table class="data" data-field="requests">
<thead><tr><th scope="col">Host</th><th scope="col">IP</th><th scope="col">ASN</th><th scope="col">Type</th>
<th scope="col">Status</th><th scope="col">Blocked</th></tr></thead>
<tbody>
${rows.map(
  (r) => html`<tr>
<td data-label="Host"><code class="url" title="${r.url}">${hostOf(r.url)}</code></td>
<td data-label="IP">${r.address ?? "—"}</td>
<td data-label="ASN">${asText(r.address)}</td>
<td data-label="Type">${r.resource_type}</td>
<td data-label="Status">${r.status === null ? "—" : r.status}</td>
<td data-label="Blocked">${r.outcome === "blocked" ? html`<span class="tag blocked">Blocked</span>` : r.outcome === "failed" ? "Failed" : "No"}</td>
</tr>`,
)}
</tbody>
</table>
${more > 0 ? html`<p class="note">${more} more requests are not listed here.</p>` : false}`;
  return html`<section class="card wide" aria-labelledby="h-req"><h2 id="h-req">Requests
<span class="muted">(${page.requests.length}, ${blocked} blocked)</span></h2>${body}</section>`;
}

function similarCard(model: ScanPageModel): SafeHtml | false {
  if (model.similar === null) return false;
  const body =
    model.similar.length === 0
      ? html`<p class="muted">No other scan of your organization looks like this page.</p>`
      : html`<ul class="findings">
${model.similar.map(
  (
    s,
  ) => html`<li class="finding" data-field="similar"><p class="head"><a href="${s.href}">${url(s.url)}</a></p>
<p class="details">${s.finalAssessment ?? "Not finished"} · ${dateTime(s.createdAt)} · same ${s.by.join(", ").replaceAll("_", " ")}</p></li>`,
)}
</ul>`;
  return html`<section class="card" aria-labelledby="h-similar"><h2 id="h-similar">Similar scans</h2>${body}</section>`;
}

function exportsCard(model: ScanPageModel): SafeHtml | false {
  if (model.exports === null) return false;
  const body =
    model.exports.length === 0
      ? html`<p class="muted">Exports are available once the scan has completed and while its capture is kept.</p>`
      : html`<ul class="actions">
${model.exports.map((e) => html`<li><a class="button" href="${e.href}" data-field="export" title="${e.description}">${e.label}</a></li>`)}
</ul>
<p class="note">The links work as long as this page's link does.</p>`;
  return html`<section class="card" aria-labelledby="h-export"><h2 id="h-export">Export</h2>${body}</section>`;
}

/** The whole result page of a scan, shared (masked) or the organization's own. */
export function scanPage(model: ScanPageModel): string {
  const { scan } = model;
  const page = scan.page;
  const shared = model.audience === "shared";
  const audience = shared
    ? html`<p class="note" data-field="audience">Shared view: secrets and personal data in URLs and texts are
masked.</p>`
    : html`<p class="note" data-field="audience">Your organization's view, unmasked. This link works until
${dateTime(model.linkExpiresAt)}; ask the API for a new one when it expires.</p>`;
  const expired =
    scan.artifacts_expired && !page
      ? html`<p class="note">The page's capture was deleted under the organization's artifact retention; the
verdict and findings are kept.</p>`
      : false;
  const main = html`<article aria-labelledby="scan-title">
<p class="eyebrow">URL scan result</p>
<h1 id="scan-title">Scan of <span class="url" data-field="url">${scan.url}</span></h1>
<p class="meta"><span class="muted">Submitted ${dateTime(scan.created_at)}</span>
${scan.completed_at ? html`<span class="muted">Finished ${dateTime(scan.completed_at)}</span>` : false}</p>
${verdictBanner(scan)}
${audience}
${expired}
<div class="grid">
${screenshotCard(model)}
${scan.report ? contextCard(scan, page) : false}
${page ? tlsCard(page) : false}
${scan.report ? findingsCard(scan.report) : false}
${page ? chainCard(page) : false}
${page ? formsCard(page) : false}
${page ? requestsCard(page, model.asns) : false}
${similarCard(model)}
${exportsCard(model)}
</div>
</article>`;
  const verdict = scan.report?.final_assessment ?? (scan.status === "failed" ? "Failed" : "In progress");
  return layout({
    title: `${verdict} · Scan result · DomainLens`,
    noindex: true,
    headerSearch: false,
    extraStyle: SCAN_STYLE_ELEMENT,
    footer: html`<p>A DomainLens URL scan: what a browser saw when it loaded the address, and what the network,
vision and content agents made of it. Nothing on this page is a link to the scanned site.</p>`,
    main,
  });
}
