import { domainToUnicode } from "node:url";
import type { PublicClassification } from "../classification/schemas.js";
import { html, type SafeHtml } from "./html.js";
import { FLAG_LABELS, FLAG_ORDER, formatDate, formatDateTime, formatRank, purposeLabel } from "./labels.js";
import { layout, MAX_ECHO, searchForm } from "./layout.js";
import type { LandingData, LandingEntry } from "./store.js";

export interface DomainPageData {
  view: PublicClassification;
  /** When the domain was first classified and last updated; null when the row could not be read. */
  classifiedAt: Date | null;
  updatedAt: Date | null;
}

/** The path of a root domain's page. `root` is a validated ASCII root domain. */
export function domainPath(root: string): string {
  return `/domains/${encodeURIComponent(root)}`;
}

const CHECK = html`<svg viewBox="0 0 20 20" aria-hidden="true" focusable="false"><circle cx="10" cy="10" r="9"
 fill="currentColor"/><path class="tick" d="M5.5 10.5l3 3 6-7" fill="none" stroke-width="2.2"
 stroke-linecap="round" stroke-linejoin="round"/></svg>`;
const CROSS = html`<svg viewBox="0 0 20 20" aria-hidden="true" focusable="false"><circle cx="10" cy="10" r="8.5"
 fill="none" stroke="currentColor" stroke-width="1.5"/><path d="M7 7l6 6M13 7l-6 6" stroke="currentColor"
 stroke-width="1.8" stroke-linecap="round"/></svg>`;

/** The domain as typed in ASCII, plus its Unicode form when it is an internationalized name. */
function idnLine(root: string): SafeHtml | false {
  const unicode = domainToUnicode(root);
  if (!unicode || unicode === root) return false;
  return html`<p class="muted">Internationalized form: <bdi>${unicode}</bdi></p>`;
}

function timeElement(date: Date, text: string): SafeHtml {
  return html`<time datetime="${date.toISOString()}">${text}</time>`;
}

function flagsList(functions: PublicClassification["functions"]): SafeHtml {
  const items = FLAG_ORDER.map((flag) => {
    const on = functions[flag] === true;
    const { name, meaning } = FLAG_LABELS[flag];
    return html`<li class="flag ${on ? "on" : "off"}" data-flag="${flag}" data-state="${on ? "on" : "off"}">
${on ? CHECK : CROSS}<span class="name">${name}</span><span class="sr">: </span><span class="state">${on ? "Yes" : "No"}</span>
<span class="meaning">${meaning}</span></li>`;
  });
  return html`<ul class="flags">${items}</ul>`;
}

function factsList(view: PublicClassification): SafeHtml {
  const facts = view.facts;
  const registered = facts.registered_date ? formatDate(facts.registered_date) : null;
  const registeredCell = registered
    ? html`<time datetime="${facts.registered_date ?? ""}">${registered}</time>`
    : html`<span class="muted">Unknown</span>`;
  const rank =
    facts.rank === null
      ? html`<span data-field="rank">Unranked</span>`
      : html`<span data-field="rank">${formatRank(facts.rank)}</span>`;
  const hosting = facts.hosting_provider.trim()
    ? html`<span data-field="hosting_provider">${facts.hosting_provider}</span>`
    : html`<span class="muted">Unknown</span>`;
  return html`<dl>
<dt>Registered</dt><dd data-field="registered_date">${registeredCell}</dd>
<dt>Popularity rank</dt><dd>${rank}</dd>
<dt>Hosting provider</dt><dd>${hosting}</dd>
</dl>`;
}

function classifiedLine(data: DomainPageData): SafeHtml | false {
  if (!data.classifiedAt) return false;
  const first = formatDateTime(data.classifiedAt);
  if (!first) return false;
  const updated = data.updatedAt ? formatDateTime(data.updatedAt) : null;
  const showUpdate = data.updatedAt && updated && data.updatedAt.getTime() !== data.classifiedAt.getTime();
  return html`<p data-field="classified_at">Classified ${timeElement(data.classifiedAt, first)}${
    showUpdate && data.updatedAt ? html`, last updated ${timeElement(data.updatedAt, updated)}` : false
  }.</p>`;
}

const WARNING_ICON = html`<svg viewBox="0 0 20 20" aria-hidden="true" focusable="false"><path
 d="M10 1.8 19 18H1z" fill="currentColor"/><path d="M10 7v5.2" stroke="var(--warn-bg)" stroke-width="2"
 stroke-linecap="round"/><circle cx="10" cy="15" r="1.2" fill="var(--warn-bg)"/></svg>`;

/**
 * The plain warning shown instead of the category badge when the site presents itself as a brand that
 * does not own the domain (`impersonates` of the public view, one rule: impersonationOf).
 */
export function impersonationWarning(domain: string, brand: string): SafeHtml {
  return html`<div class="warning" role="note" aria-labelledby="warning-title" data-field="impersonates">
${WARNING_ICON}<div><p class="warning-title" id="warning-title"><strong>Not ${brand}: a look-alike</strong></p>
<p><bdi>${domain}</bdi> presents itself as <strong>${brand}</strong>, but the domain does not belong to ${brand}.
Do not sign in, pay or share personal details here because it looks like ${brand}; go to ${brand}'s own
site by typing its address.</p></div></div>`;
}

/** The page of a classified root domain. */
export function domainPage(data: DomainPageData): string {
  const { view } = data;
  const { identity, category } = view;
  const purpose = purposeLabel(category.purpose);
  const apiPath = `/api/v1/classify?domain=${encodeURIComponent(view.domain)}`;
  const topics = identity.topics.filter((t) => t.trim() !== "");
  const main = html`<article aria-labelledby="domain-title">
<p class="eyebrow">Domain profile</p>
<h1 id="domain-title" data-field="domain">${view.domain}</h1>
${idnLine(view.domain)}
<p class="lead" data-field="headline">${identity.headline}</p>
${
  view.impersonates
    ? html`${impersonationWarning(view.domain, view.impersonates)}
<p class="meta"><span class="muted">Confidence: <span data-field="confidence">${view.confidence}</span></span></p>`
    : html`<p class="meta"><span class="badge" data-field="purpose">${purpose}</span>
<span class="muted">Confidence: <span data-field="confidence">${view.confidence}</span></span></p>`
}
<div class="grid">
<section class="card wide" aria-labelledby="h-summary"><h2 id="h-summary">Summary</h2>
<p data-field="summary">${identity.summary}</p>
<h3>Topics</h3>
${
  topics.length > 0
    ? html`<ul class="chips" data-field="topics">${topics.map((t) => html`<li class="chip">${t}</li>`)}</ul>`
    : html`<p class="muted">No topics recorded.</p>`
}</section>
<section class="card" aria-labelledby="h-operator"><h2 id="h-operator">Who operates it</h2>
<dl>
<dt>Operator</dt><dd data-field="operator">${identity.operator}</dd>
<dt>Parent organization</dt><dd data-field="parent_entity">${
    identity.parent_entity ?? html`<span class="muted">None known</span>`
  }</dd>
</dl></section>
<section class="card" aria-labelledby="h-category"><h2 id="h-category">Category</h2>
<dl>
<dt>Purpose</dt><dd>${purpose} <code>${category.purpose}</code></dd>
<dt>Specialization</dt><dd data-field="specialization">${category.specialization}</dd>
</dl></section>
<section class="card" aria-labelledby="h-facts"><h2 id="h-facts">Facts</h2>
${factsList(view)}</section>
<section class="card wide" aria-labelledby="h-functions"><h2 id="h-functions">Capabilities</h2>
<p class="muted">What the site lets its users do. Each capability says Yes or No.</p>
${flagsList(view.functions)}</section>
</div>
<div class="muted">
${classifiedLine(data)}
<p>The same data as JSON: <a href="${apiPath}"><code>${apiPath}</code></a></p>
</div>
</article>`;
  return layout({
    title: `${view.domain}: ${identity.headline} · DomainLens`,
    description: identity.headline,
    main,
  });
}

/** 404: a valid root domain that has no classification. */
export function notFoundPage(root: string, crawlQueued = false): string {
  const main = html`<section class="problem" aria-labelledby="problem-title">
<p class="eyebrow">Not classified yet</p>
<h1 id="problem-title"><span data-field="domain">${root}</span> has not been classified yet</h1>
${idnLine(root)}
<p>DomainLens has no classification for this domain yet, so there is nothing to show. Classifications are made
by crawling the site on request; check back later, or look up another domain.</p>
${crawlQueued ? html`<p data-field="crawl-queued">A classification of this domain is under way: reload this page in a minute.</p>` : false}
${searchForm("q-main", "", "Look up another domain or URL")}
</section>`;
  return layout({
    title: `${root} is not classified yet · DomainLens`,
    noindex: true,
    headerSearch: false,
    main,
  });
}

/** 400: what was typed cannot be reduced to a registrable domain. */
export function invalidInputPage(input: string, reason: string): string {
  const shown = input.length > MAX_ECHO ? `${input.slice(0, MAX_ECHO)}…` : input;
  const main = html`<section class="problem" aria-labelledby="problem-title">
<p class="eyebrow">Check the domain</p>
<h1 id="problem-title">That does not look like a domain</h1>
${shown.trim() ? html`<p>You typed <code data-field="input">${shown}</code>.</p>` : false}
<p data-field="reason">${reason}</p>
<p>Type a domain name such as <code>example.com</code>, a host name such as <code>www.example.com</code>, or
a full URL. DomainLens shows the page of its registrable domain.</p>
${searchForm("q-main", input, "Domain or URL")}
</section>`;
  return layout({ title: "Not a valid domain · DomainLens", noindex: true, headerSearch: false, main });
}

/** One domain of a landing-page list: its name, its headline, and its category or its false identity. */
function domainItem(entry: LandingEntry): SafeHtml {
  const { view } = entry;
  const updated = formatDate(entry.updatedAt);
  return html`<li data-domain="${view.domain}"><a href="${domainPath(view.domain)}"><bdi>${view.domain}</bdi></a>
${
  view.impersonates
    ? html` <span class="tag-warn" data-field="impersonates">Look-alike of ${view.impersonates}</span>`
    : html` <span class="muted">· ${purposeLabel(view.category.purpose)}</span>`
}
<p>${view.identity.headline}</p>
${updated ? html`<p class="muted">Classified ${timeElement(entry.updatedAt, updated)}</p>` : false}</li>`;
}

function domainList(
  id: string,
  title: string,
  intro: string,
  entries: readonly LandingEntry[],
): SafeHtml | false {
  if (entries.length === 0) return false;
  return html`<section class="section" aria-labelledby="${id}"><h2 id="${id}">${title}</h2>
<p class="muted">${intro}</p>
<ul class="domains" data-list="${id}">${entries.map(domainItem)}</ul></section>`;
}

/** The landing page at /domains: the search, then example and recently classified domains. */
export function landingPage(lists: LandingData = { examples: [], recent: [] }): string {
  const empty = lists.examples.length === 0 && lists.recent.length === 0;
  const main = html`<section class="hero" aria-labelledby="hero-title">
<h1 id="hero-title">Who runs a domain, and what is it for?</h1>
<p class="lead">Look up a domain to see its operator, its category and what it lets its users do, such as
hosting files, shortening links or giving out subdomains.</p>
${searchForm("q-main", "", "Domain or URL")}
<p class="muted">A subdomain or a URL shows the page of its registrable domain.</p>
</section>
${domainList("examples", "Examples", "Well-known domains classified on this server.", lists.examples)}
${domainList("recent", "Recently classified", "The domains classified or updated last, newest first.", lists.recent)}
${empty ? html`<p class="muted" data-field="no-domains">No domain has been classified on this server yet: look one up to start.</p>` : false}`;
  return layout({
    title: "Domain information · DomainLens",
    description: "Who operates a domain and what it is for.",
    headerSearch: false,
    main,
  });
}

/** Any other error: 429, 500, 503. */
export function errorPage(title: string, message: string, detail?: string): string {
  const main = html`<section class="problem" aria-labelledby="problem-title">
<h1 id="problem-title">${title}</h1>
<p>${message}</p>
${detail ? html`<p class="muted">${detail}</p>` : false}
</section>`;
  return layout({ title: `${title} · DomainLens`, noindex: true, main });
}
