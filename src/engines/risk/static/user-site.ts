import { type Brand, brandRegistry, isOrdinaryWord, skeleton } from "../../domain/index.js";
import type { BrandMatch } from "./match-types.js";
import { type HostScan, lureOf } from "./scan.js";

/**
 * Code-hosting and documentation platforms whose site names are account or project names: the
 * platforms reserve a company's name for the company (GitHub's and GitLab's name-squatting and trademark
 * policies), and developers name projects after the services they work with (`discordpy`).
 */
const PROJECT_PLATFORMS = new Set([
  "github.io",
  "gitlab.io",
  "bitbucket.io",
  "codeberg.page",
  "readthedocs.io",
  "readthedocs-hosted.com",
  "sourceforge.io",
]);

/** Words that make a name read as an organization's or a software project's, not as a lure. */
const PROJECT_WORDS = new Set([
  "py",
  "python",
  "js",
  "javascript",
  "ts",
  "typescript",
  "node",
  "nodejs",
  "rb",
  "ruby",
  "go",
  "golang",
  "rs",
  "rust",
  "php",
  "java",
  "kotlin",
  "swift",
  "dotnet",
  "cpp",
  "sdk",
  "sdks",
  "api",
  "apis",
  "cli",
  "lib",
  "libs",
  "bot",
  "bots",
  "dev",
  "devs",
  "developer",
  "developers",
  "engineering",
  "oss",
  "opensource",
  "labs",
  "hq",
  "inc",
  "org",
  "team",
  "client",
  "wrapper",
  "plugin",
  "plugins",
  "tools",
  "examples",
  "samples",
  "demo",
  "ui",
  "design",
  "research",
  // Frameworks, tools and protocols that libraries are named after (`flask-login`, `django-allauth`).
  "flask",
  "django",
  "rails",
  "laravel",
  "symfony",
  "spring",
  "express",
  "react",
  "vue",
  "angular",
  "svelte",
  "nuxt",
  "gatsby",
  "jekyll",
  "hugo",
  "fastapi",
  "requests",
  "celery",
  "sqlalchemy",
  "pytest",
  "sphinx",
  "ansible",
  "terraform",
  "docker",
  "kubernetes",
  "helm",
  "nginx",
  "redis",
  "postgres",
  "mysql",
  "mongo",
  "ldap",
  "saml",
  "jwt",
  "perl",
  "scala",
  "elixir",
  "erlang",
  "haskell",
  "ocaml",
  "julia",
  "lua",
  "dart",
  "flutter",
  "deno",
  "wordpress",
  "drupal",
  "joomla",
]);

/** Endings and beginnings that mark a library's name run together (`oauthlib`, `pyotp`, `web3js`). */
const PROJECT_AFFIX = /^(py|go)[a-z]|[a-z](lib|py|js|rs|sdk|api|cli)$/;

/** A user site on a code-hosting or documentation platform (github.io, readthedocs.io, …). */
export function onProjectPlatform(host: HostScan): boolean {
  const platform = host.facts.platform;
  return platform?.userContent === "subdomain" && PROJECT_PLATFORMS.has(platform.domain);
}

/**
 * A software project's page: on a code-hosting or documentation platform, a name with a project word as
 * one of its parts or a library's affix (`flask-login`, `requests-oauthlib`, `django-two-factor-auth`).
 * Lure words in such names name what the library does, not a lure.
 */
export function projectSite(host: HostScan): boolean {
  if (!onProjectPlatform(host)) return false;
  return host.name.display.split("-").some((part) => PROJECT_WORDS.has(part) || PROJECT_AFFIX.test(part));
}

/** PROJECT_WORDS as skeletons, to compare with a scanned name (where `cl` reads `d`). */
let projectSkeletons: Set<string> | undefined;

/**
 * On a code-hosting or documentation platform, the rest of the name around `[start, end)` (offsets in
 * the compact name) is made of ordinary words and project words: an organization's account named after
 * its company and a product (`googlechrome`, `facebookresearch`), not a brand name run into junk.
 */
export function accountName(host: HostScan, start: number, end: number): boolean {
  if (!onProjectPlatform(host)) return false;
  const compact = host.name.scan.compact;
  projectSkeletons ??= new Set([...PROJECT_WORDS].map(skeleton));
  const known = projectSkeletons;
  const ordinary = (word: string): WordKind =>
    known.has(word) || isOrdinaryWord(word) ? WordKind.Other : WordKind.None;
  return (
    splitInto(compact.slice(0, start), ordinary) !== WordKind.None &&
    splitInto(compact.slice(end), ordinary) !== WordKind.None
  );
}

function brandNamed(name: string): Brand | undefined {
  return brandRegistry().brands.find((brand) => brand.name === name);
}

/** The brand runs the platform itself (`github` on github.io): its users name their sites after it. */
export function runsPlatform(brand: Pick<Brand, "id" | "tokens">, platform: string): boolean {
  const operator = brandRegistry().byDomain.get(platform);
  if (operator?.id === brand.id) return true;
  const sld = platform.slice(0, platform.indexOf("."));
  return brand.tokens.some((token) => token.text === sld);
}

/**
 * Every hyphen-separated part of `name` splits into the brand's own tokens and project words, with at
 * least one token: `python-binance`, `ledgerhq`; not `op-ensea` (a hyphen inside the name) nor
 * `instagram51` (digits make a user's handle).
 */
function projectName(name: string, brand: Brand): boolean {
  // As written, not as skeletons: a look-alike (`paypa1`) is not the brand's own name.
  const tokens = new Set(brand.tokens.map((t) => t.text));
  const kind = (word: string): WordKind =>
    tokens.has(word) ? WordKind.Token : PROJECT_WORDS.has(word) ? WordKind.Other : WordKind.None;
  let named = false;
  for (const part of name.split("-")) {
    const split = splitInto(part, kind);
    if (split === WordKind.None) return false;
    if (split === WordKind.Token) named = true;
  }
  return named;
}

/** What a piece of a name is, for splitting names into words. */
enum WordKind {
  None = 0,
  /** A word that may make up a name (project word, ordinary word). */
  Other = 1,
  /** A word that must appear for the name to count (the brand's own token). */
  Token = 2,
}

/**
 * How `text` splits into words of two letters or more: None when it does not; Token when some split uses
 * a Token word; Other otherwise (an empty text splits trivially).
 */
function splitInto(text: string, kindOf: (word: string) => WordKind): WordKind {
  // reach[i]: how the first i letters split (None: they do not).
  const reach = new Uint8Array(text.length + 1);
  reach[0] = WordKind.Other;
  for (let i = 0; i < text.length; i++) {
    const from = reach[i] ?? WordKind.None;
    if (from === WordKind.None) continue;
    for (let j = i + 2; j <= text.length; j++) {
      const kind = kindOf(text.slice(i, j));
      const next = kind === WordKind.Token ? WordKind.Token : kind === WordKind.Other ? from : WordKind.None;
      if (next > (reach[j] ?? WordKind.None)) reach[j] = next;
    }
  }
  return reach[text.length] ?? WordKind.None;
}

/**
 * A brand match on a user site that reads as the brand's own or a developer project around it, not as an
 * imitation: a site named after the platform's own operator without lure words, and on code-hosting and
 * documentation platforms a name made only of the brand's name and project words (`paypal.github.io`,
 * `ledgerhq.github.io`, `discordpy.readthedocs.io`).
 */
export function excusedOnUserSite(host: HostScan, match: BrandMatch): boolean {
  const platform = host.facts.platform;
  if (platform?.userContent !== "subdomain" || match.code !== "DR-DOM-006") return false;
  const brand = brandNamed(match.brandName);
  if (!brand) return false;
  if (runsPlatform(brand, platform.domain) && !lureOf(host).any) return true;
  return onProjectPlatform(host) && projectName(host.name.display, brand);
}
