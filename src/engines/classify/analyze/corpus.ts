import { GramCounts } from "./lexicon.js";
import type { PageSet, ParsedPage } from "./pages.js";

/** One piece of page text the analysis scores, with how much it says about the whole site. */
export interface Field {
  name: "title" | "description" | "site_name" | "headings" | "keywords" | "body" | "about" | "legal";
  weight: number;
  text: string;
  counts: GramCounts;
}

export interface Corpus {
  fields: Field[];
  /** Root + about text (what the site says about itself), for flag phrases. */
  own: GramCounts;
  /** Root page only (title, description, headings, text). */
  root: GramCounts;
  /** Visible characters on the root page. */
  rootChars: number;
}

const FIELD_WEIGHTS: Record<Field["name"], number> = {
  title: 3,
  description: 2.5,
  site_name: 1,
  headings: 1.5,
  keywords: 1.5,
  body: 1,
  about: 0.8,
  legal: 0.25,
};

function description(page: ParsedPage): string {
  const meta = page.facts.meta;
  const desc = meta.description ?? "";
  const og = meta["og:description"] ?? "";
  return og && og !== desc ? `${desc} ${og}` : desc;
}

function field(name: Field["name"], text: string): Field | null {
  if (text.trim().length === 0) return null;
  return { name, weight: FIELD_WEIGHTS[name], text, counts: new GramCounts(text) };
}

export function buildCorpus(pages: PageSet): Corpus {
  const root = pages.root;
  const fields: Array<Field | null> = [];
  if (root) {
    const facts = root.facts;
    const ogTitle = facts.meta["og:title"];
    fields.push(
      field("title", `${facts.title ?? ""}${ogTitle && ogTitle !== facts.title ? ` ${ogTitle}` : ""}`),
    );
    fields.push(field("description", description(root)));
    fields.push(field("site_name", facts.meta["og:site_name"] ?? facts.meta["application-name"] ?? ""));
    fields.push(field("headings", facts.headings.map((h) => h.text).join(" . ")));
    fields.push(field("keywords", facts.meta.keywords ?? ""));
    fields.push(field("body", facts.text));
  }
  const aboutText = pages.about.map((p) => `${p.facts.title ?? ""} . ${p.facts.text}`).join(" . ");
  fields.push(field("about", aboutText));
  fields.push(field("legal", pages.legal.map((p) => p.facts.text).join(" . ")));
  const rootText = root
    ? `${root.facts.title ?? ""} . ${description(root)} . ${root.facts.headings.map((h) => h.text).join(" . ")} . ${root.facts.text}`
    : "";
  return {
    fields: fields.filter((f): f is Field => f !== null),
    own: new GramCounts(`${rootText} . ${aboutText}`),
    root: new GramCounts(rootText),
    rootChars: root?.facts.counts.textChars ?? 0,
  };
}
