import { hostIsUnder } from "../../domain/index.js";
import type { PageRole } from "../capture.js";

/** A page the crawler means to fetch after the root. */
export interface PagePlan {
  role: PageRole;
  url: string;
  /** Chosen from a link on the root page (else a conventional path). */
  linked: boolean;
}

type LinkRole = "about" | "company" | "legal" | "contact";

interface RoleRule {
  role: LinkRole;
  /** Matched against each path segment, without its extension, lower-case, `_` read as `-`. */
  segment: RegExp;
  /** Matched against the link's visible text. */
  text: RegExp;
}

/** Whole words or phrases, case-insensitive, Unicode-aware ("À propos" has no ASCII word boundary). */
function words(...phrases: string[]): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${phrases.join("|")})(?![\\p{L}\\p{N}])`, "iu");
}

const RULES: readonly RoleRule[] = [
  {
    role: "about",
    segment:
      /^(about|about-?us|about-company|ueber-?uns|uber-?uns|über-?uns|a-?propos|qui-sommes-nous|chi-siamo|sobre(-nosotros)?|quienes-somos|over-ons|om-oss|who-we-are|our-story|story|mission)$/,
    text: words(
      "about( us)?",
      "our story",
      "who we are",
      "über uns",
      "ueber uns",
      "à propos",
      "a propos",
      "qui sommes-nous",
      "chi siamo",
      "sobre nosotros",
      "quiénes somos",
      "over ons",
      "om oss",
    ),
  },
  {
    role: "company",
    segment:
      /^(company|corporate|corporation|unternehmen|entreprise|societe|société|empresa|azienda|our-company|investors?)$/,
    text: words("company", "corporate", "unternehmen", "entreprise", "société", "empresa", "azienda"),
  },
  {
    role: "legal",
    segment:
      /^(imprint|impressum|legal|legal-?notice|legal-?info|mentions-?legales|mentions|aviso-?legal|note-?legali|colofon|terms|tos|terms-?of-?(service|use)|terms-?and-?conditions|conditions|agb|cgv|cgu|privacy|privacy-?policy|privacy-?notice|datenschutz|datenschutzerklaerung|confidentialite|disclaimer|disclosures)$/,
    text: words(
      "imprint",
      "impressum",
      "legal",
      "mentions légales",
      "aviso legal",
      "company information",
      "terms",
      "conditions",
      "agb",
      "cgv",
      "privacy",
      "datenschutz",
      "confidentialité",
      "disclosures",
    ),
  },
  {
    role: "contact",
    segment: /^(contact|contact-?us|kontakt|contacto|contatti|nous-contacter|contactez-nous|get-in-touch)$/,
    text: words(
      "contact( us)?",
      "kontakt",
      "contacto",
      "contatti",
      "nous contacter",
      "contactez-nous",
      "get in touch",
    ),
  },
];

/** Within legal pages: an imprint names the operator, terms usually do, a privacy policy sometimes. */
function legalRank(segments: string[], text: string): number {
  const all = `${segments.join(" ")} ${text.toLowerCase()}`;
  if (/imprint|impressum|mentions|legal-?notice|aviso|note-?legali|colofon|company information/.test(all))
    return 3;
  if (/terms|tos|conditions|agb|cgv|cgu/.test(all)) return 2;
  if (/legal|disclosures/.test(all)) return 1.5;
  return 1;
}

/** How many pages of each role are fetched at most. */
const ROLE_LIMITS: Record<LinkRole, number> = { about: 1, company: 1, legal: 2, contact: 1 };
/** Tried when the root has no link for the role. */
const GUESSES: Partial<Record<LinkRole, string>> = { about: "/about", legal: "/legal" };

const SKIP_EXTENSION =
  /\.(pdf|zip|gz|rar|7z|exe|dmg|apk|msi|png|jpe?g|gif|webp|svg|ico|mp[34]|mov|avi|css|js|xml|json|txt|csv|docx?|xlsx?|pptx?)$/i;

function segmentsOf(url: URL): string[] {
  return url.pathname
    .split("/")
    .filter(Boolean)
    .map((s) => {
      let decoded = s;
      try {
        decoded = decodeURIComponent(s);
      } catch {
        // Keep it as sent.
      }
      return decoded
        .toLowerCase()
        .replace(/\.(html?|php|aspx?|jsp)$/, "")
        .replace(/_/g, "-");
    });
}

/** Whether `host` belongs to the crawled registrable domain. */
export function onDomain(host: string, domain: string): boolean {
  return hostIsUnder(host.toLowerCase().replace(/\.$/, ""), domain);
}

function withoutHash(url: URL): string {
  const copy = new URL(url.href);
  copy.hash = "";
  return copy.href;
}

/**
 * The high-signal pages to fetch, chosen from the root page's links (same registrable domain only): at
 * most one about, one company, two legal (imprint before terms before privacy) and one contact page; an
 * about or legal role without a link gets its conventional path. Deeper paths lose to shallower ones.
 */
export function planLinkedPages(
  links: ReadonlyArray<{ href: string; text: string }>,
  siteOrigin: string,
  domain: string,
  rootUrls: ReadonlyArray<string>,
): PagePlan[] {
  const seen = new Set(rootUrls.map((u) => u.replace(/#.*$/, "")));
  const scored: Array<{ role: LinkRole; url: string; score: number }> = [];
  for (const link of links.slice(0, 500)) {
    let url: URL;
    try {
      url = new URL(link.href, siteOrigin);
    } catch {
      continue;
    }
    if (url.protocol !== "https:" && url.protocol !== "http:") continue;
    if (!onDomain(url.hostname, domain) || url.username || url.password) continue;
    if (SKIP_EXTENSION.test(url.pathname)) continue;
    const href = withoutHash(url);
    if (seen.has(href)) continue;
    const segments = segmentsOf(url);
    if (segments.length === 0 || segments.length > 4) continue;
    const text = link.text.slice(0, 200);
    for (const rule of RULES) {
      const bySegment = segments.some((s) => rule.segment.test(s));
      const byText = rule.text.test(text);
      if (!bySegment && !byText) continue;
      let score = (bySegment ? 3 : 0) + (byText ? 2 : 0) - segments.length * 0.25;
      if (rule.role === "legal") score += legalRank(segments, text);
      if (url.search) score -= 1;
      scored.push({ role: rule.role, url: href, score });
    }
  }
  scored.sort((a, b) => b.score - a.score);
  const picked: Record<LinkRole, string[]> = { about: [], company: [], legal: [], contact: [] };
  const taken = new Set<string>();
  for (const candidate of scored) {
    if (taken.has(candidate.url) || picked[candidate.role].length >= ROLE_LIMITS[candidate.role]) continue;
    taken.add(candidate.url);
    picked[candidate.role].push(candidate.url);
  }
  // The best page of each role first (fetched first if the budget runs short), then the second legal page.
  const plans: PagePlan[] = [];
  for (const rank of [0, 1])
    for (const role of ["legal", "about", "company", "contact"] as const) {
      const url = picked[role][rank];
      if (url) plans.push({ role, url, linked: true });
    }
  const counts = {
    about: picked.about.length,
    company: picked.company.length,
    legal: picked.legal.length,
    contact: picked.contact.length,
  };
  for (const [role, path] of Object.entries(GUESSES) as Array<[LinkRole, string]>) {
    const url = new URL(path, siteOrigin).href;
    if (counts[role] === 0 && !taken.has(url) && !seen.has(url)) {
      taken.add(url);
      plans.push({ role, url, linked: false });
    }
  }
  return plans;
}

/** The fixed, conventional documents of a site. */
export function conventionalPages(siteOrigin: string): PagePlan[] {
  return [
    { role: "robots", url: new URL("/robots.txt", siteOrigin).href, linked: false },
    {
      role: "openid_configuration",
      url: new URL("/.well-known/openid-configuration", siteOrigin).href,
      linked: false,
    },
    { role: "security_txt", url: new URL("/.well-known/security.txt", siteOrigin).href, linked: false },
  ];
}

/** The sitemap (index) to fetch: the first `Sitemap:` of robots.txt on the domain, else /sitemap.xml. */
export function sitemapPlan(robotsTxt: string | null, siteOrigin: string, domain: string): PagePlan {
  for (const line of (robotsTxt ?? "").split(/\r?\n/).slice(0, 2_000)) {
    const match = /^\s*sitemap\s*:\s*(\S+)/i.exec(line);
    if (!match?.[1]) continue;
    try {
      const url = new URL(match[1], siteOrigin);
      if ((url.protocol === "https:" || url.protocol === "http:") && onDomain(url.hostname, domain))
        return { role: "sitemap", url: withoutHash(url), linked: false };
    } catch {
      // Not a URL: next line.
    }
  }
  return { role: "sitemap", url: new URL("/sitemap.xml", siteOrigin).href, linked: false };
}

const PROBE_ALPHABET = "abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** A random short path like the ones URL shorteners hand out ("/x7Kq2pZ"). */
export function randomShortPath(random: () => number = Math.random, length = 7): string {
  let path = "/";
  for (let i = 0; i < length; i += 1)
    path += PROBE_ALPHABET[Math.floor(random() * PROBE_ALPHABET.length) % PROBE_ALPHABET.length];
  return path;
}
