import { cleanText, truncate } from "../../html/index.js";
import type { Purpose } from "../types.js";
import type { Corpus } from "./corpus.js";
import type { EntityRecord } from "./entities.js";
import type { IdentityFacts } from "./identity.js";
import { GramCounts, purposeLexicon, words } from "./lexicon.js";
import { nameKey, nameTokens, titleSegments } from "./names.js";
import type { PageSet } from "./pages.js";
import { jsonLdTypes } from "./purpose.js";
import type { StateFacts } from "./state.js";

/** Plain-English labels of the purposes (headline, summary, specialization fallback). */
export const PURPOSE_LABELS: Record<Purpose, string> = {
  developer_platform: "Developer platform",
  productivity_suite: "Productivity software",
  financial_services: "Financial services",
  cloud_infrastructure: "Cloud infrastructure provider",
  ecommerce: "Online shop",
  news_media: "News publisher",
  social_network: "Social network",
  search_engine: "Search engine",
  email_provider: "Email provider",
  identity_provider: "Identity provider",
  file_sharing: "File and document sharing service",
  url_shortener: "URL shortener",
  crypto_exchange: "Crypto-asset platform",
  government: "Government website",
  education: "Education",
  healthcare: "Healthcare provider",
  travel: "Travel service",
  gaming: "Games",
  streaming_media: "Streaming media service",
  adult: "Adult content",
  gambling: "Gambling",
  parked: "Parked domain",
  personal_site: "Personal website",
  nonprofit: "Nonprofit organization",
  security_vendor: "Security vendor",
  advertising: "Advertising and ad tracking",
  telecommunications: "Telecommunications provider",
  hosting_provider: "Web hosting provider",
  software_vendor: "Software company",
  business_services: "Business services",
  marketplace: "Online marketplace",
  reference: "Reference site",
  entertainment: "Entertainment",
  sports: "Sports",
  food_and_drink: "Food and drink",
  real_estate: "Real estate",
  automotive: "Automotive",
  manufacturing: "Manufacturer",
  logistics: "Logistics and delivery",
  legal_services: "Legal services",
  religion: "Religious organization",
  community_forum: "Community forum",
  blog: "Blog",
  other: "Website",
};

/** schema.org types that read well as a specialization. */
const TYPE_LABELS: Record<string, string> = {
  BankOrCreditUnion: "Bank",
  CafeOrCoffeeShop: "Café and coffee shop",
  NGO: "Charity",
  NewsMediaOrganization: "News organization",
  GovernmentOrganization: "Government body",
  OnlineStore: "Online store",
  CollegeOrUniversity: "University",
  BarOrPub: "Bar",
};
const GENERIC_TYPES =
  /^(?:Organization|Corporation|LocalBusiness|WebSite|WebPage|Store|OnlineBusiness|Brand|Person|ProfilePage|Thing)$/;

const MAX_HEADLINE = 140;
const MAX_SUMMARY = 700;

/**
 * Page text for generated prose: fragments that look like markup or script (a `<script>…</script>`
 * payload in a title, an `onerror=` attribute, a stray `">`) are dropped, so headlines and summaries
 * never repeat HTML. What remains is plain text (escaped wherever it is shown).
 */
export function proseText(value: string): string {
  return cleanText(
    value
      .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, " ")
      .replace(/<\/?[a-z!][^>]*>?/gi, " ")
      .replace(/\bjavascript:\S*/gi, " ")
      .replace(/\bon[a-z]+\s*=\s*\S+/gi, " ")
      .replace(/(?:^|\s)["']+>+/g, " ")
      .replace(/[<>]/g, " "),
  );
}

function sentenceCase(value: string): string {
  return value.length > 0 ? `${value[0]?.toUpperCase() ?? ""}${value.slice(1)}` : value;
}

/** The original-cased words of a text that normalize to the phrase (`ci pipelines` → `CI pipelines`). */
function original(text: string, phraseKey: string): string | null {
  const tokens = text.split(/[^\p{L}\p{N}+&'’-]+/u).filter((t) => t.length > 0);
  const target = phraseKey.split(" ");
  const normalized = tokens.map((t) => words(t).join(" "));
  const flat: Array<{ word: string; token: number }> = [];
  normalized.forEach((n, i) => {
    for (const w of n.split(" ")) if (w) flat.push({ word: w, token: i });
  });
  for (let i = 0; i + target.length <= flat.length; i++) {
    if (target.every((w, j) => flat[i + j]?.word === w)) {
      const first = flat[i]?.token ?? 0;
      const last = flat[i + target.length - 1]?.token ?? first;
      return tokens.slice(first, last + 1).join(" ");
    }
  }
  return null;
}

/** A short label: the entity table's, a specific schema.org type, or the purpose's strongest phrases. */
export function specialization(
  purpose: Purpose,
  entity: EntityRecord | null,
  pages: PageSet,
  corpus: Corpus,
  jsonLdPurpose: (type: string) => Purpose | null,
): { label: string; fromPhrases: boolean } {
  const plain = (label: string) => ({ label, fromPhrases: false });
  if (entity?.specialization && entity.purpose === purpose) return plain(entity.specialization);
  if (purpose === "parked") return plain("Parked domain");
  for (const object of pages.root?.facts.jsonLd ?? []) {
    for (const type of jsonLdTypes(object)) {
      if (GENERIC_TYPES.test(type) || jsonLdPurpose(type) !== purpose) continue;
      return plain(TYPE_LABELS[type] ?? sentenceCase(type.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase()));
    }
  }
  const prominent = corpus.fields.filter(
    (f) => f.name === "title" || f.name === "description" || f.name === "headings",
  );
  const phrases: Array<{ text: string; score: number }> = [];
  for (const entry of purposeLexicon()) {
    if (entry.purpose !== purpose || entry.tier === "weak" || entry.phrase.prefix) continue;
    for (const field of prominent) {
      if (field.counts.count(entry.phrase) === 0) continue;
      const found = original(proseText(field.text), entry.phrase.key);
      if (found)
        phrases.push({
          text: found,
          score: (entry.tier === "strong" ? 3 : 1) * field.weight + entry.phrase.key.length / 100,
        });
      break;
    }
  }
  phrases.sort((a, b) => b.score - a.score);
  const picked: string[] = [];
  for (const { text } of phrases) {
    const lower = text.toLowerCase();
    if (picked.some((p) => p.toLowerCase().includes(lower) || lower.includes(p.toLowerCase()))) continue;
    picked.push(text);
    if (picked.length === 3) break;
  }
  if (picked.length >= 2) return { label: truncate(sentenceCase(picked.join(", ")), 80), fromPhrases: true };
  return plain(PURPOSE_LABELS[purpose]);
}

/** Noun phrases for "X is a …" in summaries. */
const PURPOSE_NOUNS: Record<Purpose, string> = {
  developer_platform: "developer platform",
  productivity_suite: "productivity suite",
  financial_services: "financial services provider",
  cloud_infrastructure: "cloud infrastructure provider",
  ecommerce: "online shop",
  news_media: "news publisher",
  social_network: "social network",
  search_engine: "search engine",
  email_provider: "email provider",
  identity_provider: "identity provider",
  file_sharing: "file and document sharing service",
  url_shortener: "URL shortener",
  crypto_exchange: "crypto-asset platform",
  government: "government website",
  education: "education provider",
  healthcare: "healthcare provider",
  travel: "travel service",
  gaming: "games company",
  streaming_media: "streaming service",
  adult: "adult content site",
  gambling: "gambling site",
  parked: "parked domain",
  personal_site: "personal website",
  nonprofit: "nonprofit organization",
  security_vendor: "security vendor",
  advertising: "advertising or ad-tracking service",
  telecommunications: "telecommunications provider",
  hosting_provider: "web hosting provider",
  software_vendor: "software company",
  business_services: "business services company",
  marketplace: "online marketplace",
  reference: "reference site",
  entertainment: "entertainment site",
  sports: "sports site",
  food_and_drink: "food and drink business",
  real_estate: "real estate service",
  automotive: "automotive business",
  manufacturing: "manufacturer",
  logistics: "logistics and delivery company",
  legal_services: "legal services provider",
  religion: "religious organization",
  community_forum: "community forum",
  blog: "blog",
  other: "website",
};

export interface DescribeInput {
  domain: string;
  identity: IdentityFacts;
  purpose: Purpose;
  specialization: string;
  /** The specialization lists phrases found on the site (rather than a type or purpose label). */
  specializationFromPhrases: boolean;
  state: StateFacts;
  pages: PageSet;
  corpus: Corpus;
  registeredYear: string | null;
  hosting: string;
}

function displayName(input: DescribeInput): string {
  const { identity } = input;
  if (identity.operator !== "Unknown" && identity.brand) return identity.brand;
  if (identity.operator !== "Unknown") return identity.operator;
  return input.domain;
}

function mentionsOperator(name: string, operator: string): boolean {
  const a = nameKey(name);
  const b = nameKey(operator);
  return a.length > 0 && b.length > 0 && (a.startsWith(b) || b.startsWith(a));
}

/** A title segment that describes the site (carries a strong or two medium phrases of its purpose). */
function descriptiveTitleSegment(input: DescribeInput, brand: string): string | null {
  const title = input.pages.root?.facts.title;
  if (!title) return null;
  const brandKey = nameKey(brand);
  const entries = purposeLexicon().filter((e) => e.purpose === input.purpose && e.tier !== "weak");
  for (const segment of titleSegments(proseText(title))) {
    const key = nameKey(segment);
    if (key === brandKey || segment.split(/\s+/).length < 2 || segment.length > 90) continue;
    const counts = new GramCounts(segment);
    const strong = entries.filter((e) => e.tier === "strong" && counts.count(e.phrase) > 0).length;
    const medium = entries.filter((e) => e.tier === "medium" && counts.count(e.phrase) > 0).length;
    if (strong >= 1 || medium >= 2) {
      const escaped = brand.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      return segment.replace(new RegExp(`^${escaped}\\s*[,:–—-]\\s*`, "i"), "");
    }
  }
  return null;
}

/** First sentence of the site's description, without a leading "<Brand> is a"; null when too long. */
function tagline(pages: PageSet, brand: string | null, max: number): string | null {
  const meta = pages.root?.facts.meta;
  const raw = meta?.description ?? meta?.["og:description"] ?? null;
  if (!raw) return null;
  const text = proseText(raw);
  let sentence = text.split(/(?<=[.!?])\s+/)[0] ?? "";
  sentence = sentence.replace(/[.!]+$/, "");
  if (brand) {
    const escaped = brand.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const lead = new RegExp(`^(?:the\\s+)?${escaped}\\s+(?:is|are)\\s+(?:an|a|the)?\\s*`, "i");
    if (lead.test(sentence)) sentence = sentenceCase(sentence.replace(lead, ""));
  }
  if (sentence.length < 12 || sentence.length > max) return null;
  return sentence;
}

function cutAtWord(value: string, max: number): string {
  if (value.length <= max) return value;
  const cut = value.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[,;:–—-]+$/, "")}…`;
}

export function headline(input: DescribeInput): string {
  const { identity, state, purpose } = input;
  const name = displayName(input);
  let text: string;
  if (state.state === "unreachable") text = `${input.domain} — site could not be reached`;
  else if (state.state === "parked") text = `${input.domain} — parked domain`;
  else if (state.state === "redirect" && state.redirect)
    text = `${name} — redirects to ${state.redirect.host}`;
  else if (state.state === "empty") text = `${input.domain} — answers with an empty page`;
  else if (state.state === "under_construction") text = `${name} — site under construction`;
  else if (identity.operator === "Unknown" && identity.claimedBrand) {
    text = `${input.domain} — ${PURPOSE_NOUNS[purpose]} page presenting itself as ${identity.claimedBrand.name}`;
  } else {
    const line =
      descriptiveTitleSegment(input, name) ??
      (input.specializationFromPhrases ? input.specialization : null) ??
      tagline(input.pages, identity.brand, 100) ??
      input.specialization;
    const who =
      identity.operator !== "Unknown" && !mentionsOperator(name, identity.operator)
        ? `${name} (${identity.operator})`
        : name;
    text = `${who} — ${line}`;
  }
  return cutAtWord(cleanText(text), MAX_HEADLINE);
}

function withStop(sentence: string): string {
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

export function summary(input: DescribeInput): string {
  const { identity, state, purpose, domain } = input;
  const sentences: string[] = [];
  const name = displayName(input);
  const noun = PURPOSE_NOUNS[purpose];
  const article = /^[aeiou]/i.test(noun) && !/^(?:url|uni)/i.test(noun) ? "an" : "a";
  switch (state.state) {
    case "unreachable":
      sentences.push(
        `${domain} could not be reached when it was crawled (${state.scrapingStatus.replace(/_/g, " ")}).`,
      );
      break;
    case "parked":
      sentences.push(
        `${domain} is a parked domain: it shows a placeholder or for-sale page instead of a site of its own.`,
      );
      break;
    case "empty":
      sentences.push(`${domain} answers, but with an empty page.`);
      break;
    case "redirect":
      sentences.push(
        `${domain} redirects visitors to ${state.redirect?.host ?? "another site"}${purpose !== "other" ? ` (${noun})` : ""}.`,
      );
      break;
    case "under_construction":
      sentences.push(`${name} (${domain}) is under construction.`);
      break;
    default: {
      if (identity.operator === "Unknown" && identity.claimedBrand) {
        const claimed = identity.claimedBrand.name;
        sentences.push(
          withStop(
            `${domain} presents itself as ${claimed} (${noun}), but the domain does not belong to ${claimed}`,
          ),
        );
      } else {
        const description = tagline(input.pages, identity.brand, 220);
        const detail =
          input.specialization && input.specialization.toLowerCase() !== noun
            ? ` (${input.specialization})`
            : "";
        const subject = name === domain ? domain : `${name} (${domain})`;
        sentences.push(`${subject} is ${article} ${noun}${detail}.`);
        if (description)
          sentences.push(withStop(/^\S+\.\S/.test(description) ? description : sentenceCase(description)));
      }
    }
  }
  const facts: string[] = [];
  if (input.registeredYear) facts.push(`registered in ${input.registeredYear}`);
  if (input.hosting !== "Unknown") facts.push(`hosted on ${input.hosting}`);
  const factText = facts.length > 0 ? `; the domain was ${facts.join(" and is ")}` : "";
  if (identity.operator !== "Unknown") {
    const who = `${identity.operator}${identity.parent ? `, part of ${identity.parent}` : ""}`;
    sentences.push(withStop(`It is operated by ${who}${factText}`));
  } else if (identity.parent) {
    sentences.push(
      `It is hosted on a platform of ${identity.parent}; who runs the site itself is not known${factText}.`,
    );
  } else if (state.state === "developed") {
    sentences.push(`Who operates it could not be determined${factText}.`);
  } else if (facts.length > 0) {
    sentences.push(`The domain was ${facts.join(" and is ")}.`);
  }
  return cutAtWord(cleanText(sentences.join(" ")), MAX_SUMMARY);
}

const STOP = new Set(
  (
    "the a an and or of for to in on with by at from your our you we us it its is are be this that these those " +
    "all any more most new now one two get make just not no yes how what when where who why about into over " +
    "than then them they their there here home welcome page site website official online free best every each " +
    "und der die das mit für von zu im auf aus nach bis unserer unser ihre le la les des du et pour avec en un une el los las y para con por " +
    "sign log login in out up inc ltd llc gmbh com www http https"
  ).split(" "),
);

/** 3–8 lower-case keywords from keywords meta, lexicon phrases and prominent words. */
export function topics(
  pages: PageSet,
  corpus: Corpus,
  purpose: Purpose,
  names: Array<string | null>,
): string[] {
  const own = new Set(names.flatMap((n) => (n ? nameTokens(n) : [])).filter((t) => t.length >= 3));
  const brand = names[0] ?? null;
  const scores = new Map<string, number>();
  const bump = (topic: string, points: number) => {
    const clean = cleanText(topic).toLowerCase();
    if (clean.length < 3 || clean.length > 40 || STOP.has(clean) || /^\d+$/.test(clean)) return;
    scores.set(clean, (scores.get(clean) ?? 0) + points);
  };
  const brandKey = brand ? nameKey(brand) : "";
  for (const keyword of (pages.root?.facts.meta.keywords ?? "").split(/[,;]/).slice(0, 20)) bump(keyword, 5);
  const prominent = corpus.fields.filter(
    (f) => f.name === "title" || f.name === "description" || f.name === "headings",
  );
  for (const entry of purposeLexicon()) {
    if (entry.tier === "weak" || entry.phrase.prefix || entry.purpose === "parked") continue;
    for (const field of prominent) {
      if (field.counts.count(entry.phrase) === 0) continue;
      const found = original(proseText(field.text), entry.phrase.key);
      if (!found) continue;
      bump(found, (entry.tier === "strong" ? 3 : 1.5) * field.weight * (entry.purpose === purpose ? 1.5 : 1));
    }
  }
  for (const field of prominent) {
    for (const word of proseText(field.text).split(/[^\p{L}\p{N}-]+/u)) {
      const lower = word.toLowerCase();
      if (lower.length < 4 || STOP.has(lower) || nameKey(lower) === brandKey) continue;
      bump(lower, 0.6 * field.weight);
    }
  }
  const ranked = [...scores.entries()].sort((a, b) => b[1] - a[1]).map(([t]) => t);
  const picked: string[] = [];
  for (const topic of ranked) {
    if (brandKey && nameKey(topic) === brandKey) continue;
    if (nameTokens(topic).some((t) => own.has(t))) continue;
    if (picked.some((p) => p.includes(topic) || topic.includes(p))) continue;
    picked.push(topic);
    if (picked.length === 8) break;
  }
  return picked;
}
