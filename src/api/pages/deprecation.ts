import { html } from "./html.js";
import { formatDate } from "./labels.js";
import { layout } from "./layout.js";

export interface DeprecationDates {
  deprecatedAt: Date;
  sunsetAt: Date;
}

function day(date: Date): string {
  return formatDate(date) ?? date.toISOString().slice(0, 10);
}

/** The page of GET /deprecations/domain-risks-v1 (docs/deprecations.md): the dates and what to use instead. */
export function domainRiskDeprecationPage(d: DeprecationDates): string {
  const main = html`<article aria-labelledby="deprecation-title">
<p class="eyebrow">Deprecation notice</p>
<h1 id="deprecation-title">Domain risk v1 is deprecated</h1>
<div class="warning" role="note" data-field="dates"><div>
<p><strong>Deprecated since <time datetime="${d.deprecatedAt.toISOString()}">${day(d.deprecatedAt)}</time>;
served until <time datetime="${d.sunsetAt.toISOString()}">${day(d.sunsetAt)}</time>.</strong></p>
<p>After that date <code>POST /v1/domain-risks</code>, <code>POST /v1/domain-risks/batch</code>,
<code>GET /v1/domain-risks</code> and <code>GET /v1/domain-risks/{risk_id}</code> answer <code>410 Gone</code>.</p>
</div></div>
<div class="grid">
<section class="card wide" aria-labelledby="h-instead" data-field="instead"><h2 id="h-instead">What to use instead</h2>
<dl>
<dt>A verdict on a URL, with the evidence of the page itself</dt>
<dd><code>POST /v1/scans</code> with <code>{"url": "…"}</code>, then <code>GET /v1/scans/{scan_id}</code>: the
page is opened in a real browser and judged from its network, its look and its content, with the same
<code>final_assessment</code>, <code>threat_type</code>, <code>confidence_score</code> and
<code>evidence_findings</code> as a domain risk report. Asynchronous (poll every few seconds).</dd>
<dt>Who operates a domain and what it is for</dt>
<dd><code>GET /v2/domain-classification/{domain}</code> (cached) or <code>POST /v2/domain-classification</code>
with <code>{"domain": "…"}</code>: operator, category, capability flags and facts such as the registration
date.</dd>
<dt>High-volume screening of names</dt>
<dd>Keep calling domain risk v1 until its sunset. Its successor, domain risk v2, is announced; this page will
name its endpoints when it is available.</dd>
</dl></section>
<section class="card" aria-labelledby="h-until"><h2 id="h-until">Until the sunset</h2>
<p>The v1 endpoints keep their behaviour, prices and limits. Every response carries the
<code>Deprecation</code>, <code>Sunset</code> and <code>Link</code> headers (RFC 9745 and RFC 8594), so clients
can log a warning.</p></section>
<section class="card" aria-labelledby="h-more"><h2 id="h-more">More</h2>
<p>The <a href="/docs">API reference</a> marks the v1 operations deprecated and describes the ones to use
instead.</p></section>
</div>
</article>`;
  return layout({
    title: "Domain risk v1 is deprecated · DomainLens",
    description: "Domain risk v1 deprecation: dates and what to use instead.",
    main,
  });
}
