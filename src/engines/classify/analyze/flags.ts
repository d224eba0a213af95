import { parse } from "tldts";
import { readDataJson } from "../../data-files.js";
import { brandOwning, describeHost, listedShortener } from "../../domain/index.js";
import type { CrawlCapture } from "../capture.js";
import { FUNCTION_FLAGS } from "../taxonomy.js";
import type { FunctionFlag } from "../types.js";
import type { Corpus } from "./corpus.js";
import type { EntityRecord } from "./entities.js";
import { type GramCounts, matched, type NormalizedPhrase, phraseSet } from "./lexicon.js";
import { onDomain, type PageSet } from "./pages.js";
import type { StateFacts } from "./state.js";

export type FlagEvidence = Record<FunctionFlag, string[]>;

export interface FlagInput {
  capture: CrawlCapture;
  pages: PageSet;
  corpus: Corpus;
  state: StateFacts;
  entity: EntityRecord | null;
  useLists: boolean;
  /** The site's own short name (og:site_name or similar), for "Sign in with X". */
  siteName: string | null;
}

/** DomainLens-written lists of well-known platforms per capability (data/lists/classify/platforms.json). */
let platforms: Map<FunctionFlag, Set<string>> | undefined;

function platformList(flag: FunctionFlag): Set<string> {
  if (!platforms) {
    platforms = new Map();
    const document = readDataJson("lists/classify/platforms.json") as Record<string, unknown>;
    for (const name of FUNCTION_FLAGS) {
      const list = document[name];
      platforms.set(
        name,
        new Set(
          Array.isArray(list)
            ? list.filter((d): d is string => typeof d === "string").map((d) => d.toLowerCase())
            : [],
        ),
      );
    }
  }
  return platforms.get(flag) ?? new Set();
}

export function emptyFlags(): FlagEvidence {
  return Object.fromEntries(FUNCTION_FLAGS.map((f) => [f, [] as string[]])) as unknown as FlagEvidence;
}

function add(flags: FlagEvidence, flag: FunctionFlag, evidence: string): void {
  if (!flags[flag].includes(evidence)) flags[flag].push(evidence);
}

/** Evidence from the shipped lists, the curated platform lists and the entity table. */
function listEvidence(domain: string, entity: EntityRecord | null, flags: FlagEvidence): void {
  const icann = parse(domain);
  const icannDomain = icann.domain ?? domain;
  const icannSuffix = icann.publicSuffix ?? "";
  const probe = parse(`probe-label.${domain}`, { allowPrivateDomains: true });
  if (
    probe.isPrivate &&
    probe.publicSuffix &&
    (probe.publicSuffix === domain || probe.publicSuffix.endsWith(`.${domain}`))
  ) {
    add(flags, "allows_user_subdomains", "list:psl_private");
    add(flags, "is_ugc_platform", "list:psl_private");
  }
  try {
    const platform = describeHost(`probe-label.${domain}`, icannDomain, icannSuffix).platform;
    if (platform && platform.domain === domain) {
      switch (platform.kind) {
        case "free_hosting":
          add(flags, "allows_user_subdomains", "list:sublime/free_subdomain_hosts");
          add(flags, "is_ugc_platform", "list:sublime/free_subdomain_hosts");
          break;
        case "dynamic_dns":
          add(flags, "allows_user_subdomains", "list:misp/dynamic-dns");
          break;
        case "file_host":
          add(flags, "is_file_host", "list:sublime/free_file_hosts");
          break;
        case "site_builder":
          add(flags, "is_ugc_platform", "list:sublime/self_service_creation_platform_domains");
          if (/form|survey|poll|quiz/.test(domain)) {
            add(flags, "is_form_builder", "list:sublime/self_service_creation_platform_domains");
          }
          break;
        case "link_in_bio":
          add(flags, "is_ugc_platform", "list:link_in_bio");
          break;
        case "ipfs_gateway":
          add(flags, "is_ugc_platform", "list:misp/public-ipfs-gateways");
          add(flags, "is_file_host", "list:misp/public-ipfs-gateways");
          break;
        default:
          break;
      }
    }
  } catch {
    // Not a host name the domain engine accepts: no list evidence.
  }
  if (listedShortener(domain, domain)) add(flags, "is_url_shortener", "list:url_shorteners");
  const brand = brandOwning(domain, icann.domainWithoutSuffix ?? "", icannSuffix, true);
  if (brand?.sector === "crypto") add(flags, "is_crypto_platform", "list:brands/crypto");
  for (const flag of FUNCTION_FLAGS) {
    if (platformList(flag).has(domain)) add(flags, flag, "list:classify/platforms");
  }
  for (const flag of entity?.flags ?? []) add(flags, flag, "list:entities");
}

const SHORTENER = phraseSet([
  "url shortener",
  "link shortener",
  "shorten",
  "shorten links",
  "shorten urls",
  "short links",
  "short link",
  "short url",
  "short urls",
  "shortened",
  "short-link domain",
  "kurz-url",
  "raccourcir",
  "raccourcisseur",
  "acortador",
  "acortar",
]);

const FILE_STRONG = phraseSet([
  "file sharing",
  "share files",
  "send files",
  "send big files",
  "send large files",
  "sending large files",
  "file transfer",
  "transfer files",
  "upload files",
  "drop files",
  "cloud storage",
  "online storage",
  "shared drives",
  "link sharing",
  "dateien teilen",
  "dateien senden",
  "partage de fichiers",
  "envoyer des fichiers",
  "compartir archivos",
  "enviar archivos",
]);
const FILE_MEDIUM = phraseSet([
  "upload",
  "uploads",
  "transfers",
  "storage",
  "drive",
  "download link",
  "expiry dates",
  "gb",
  "tb",
]);

const FORM_STRONG = phraseSet([
  "form builder",
  "build forms",
  "create a form",
  "create forms",
  "online forms",
  "forms and surveys",
  "surveys and quizzes",
  "sign-up forms",
  "survey tool",
  "survey builder",
  "formularbaukasten",
  "formulare erstellen",
  "creer un formulaire",
  "formulaires en ligne",
  "crear formularios",
  "formularios online",
]);
const FORM_MEDIUM = phraseSet([
  "forms",
  "surveys",
  "quizzes",
  "questionnaires",
  "responses",
  "logic jumps",
  "drag-and-drop editor",
  "embed it",
]);

const DOCUMENT_STRONG = phraseSet([
  "share documents",
  "publish documents",
  "publish and share documents",
  "document sharing",
  "upload a pdf",
  "pdf viewer",
  "document viewer",
  "viewer link",
  "flipbook",
  "digital publishing",
  "collaborative documents",
  "co-editing",
  "documents spreadsheets",
  "online documents",
  "dokumente teilen",
  "partager des documents",
  "compartir documentos",
]);
const DOCUMENT_MEDIUM = phraseSet([
  "docs",
  "documents",
  "pdf",
  "pdfs",
  "catalogues",
  "magazines",
  "page-turning",
  "version history",
  "read online",
]);

/**
 * What an identity provider calls itself. Protocol names ("OpenID Connect", "single sign-on", SAML) only
 * support it: every business product lists them among the sign-ins it accepts.
 */
const IDP_KEY = phraseSet(["identity provider", "identity platform"]);
const IDP_SUPPORT = phraseSet([
  "openid connect",
  "single sign-on",
  "saml",
  "oidc",
  "oauth",
  "scim",
  "passkeys",
  "workforce identity",
  "customer identity",
  "access management",
  "sso",
]);

const CRYPTO_STRONG = phraseSet([
  "crypto exchange",
  "cryptocurrency exchange",
  "buy bitcoin",
  "buy crypto",
  "sell crypto",
  "trade crypto",
  "crypto-assets",
  "crypto-asset",
  "cryptocurrencies",
  "connect wallet",
  "connect your wallet",
  "walletconnect",
  "airdrop",
  "defi",
  "staking",
  "nft marketplace",
  "swap tokens",
  "crypto wallet",
  "proof-of-reserves",
  "bitcoin",
  "ethereum",
  "btc",
  "eth",
  "usdt",
  "usdc",
  "web3",
  "kryptowahrungen",
  "cryptomonnaies",
  "criptomonedas",
]);
const CRYPTO_MEDIUM = phraseSet([
  "crypto",
  "cryptocurrency",
  "wallet",
  "tokens",
  "blockchain",
  "cold storage",
  "gas fees",
]);

const UGC_STRONG = phraseSet([
  "user-generated",
  "user generated content",
  "publish your own",
  "start a blog",
  "your own blog",
  "free blog",
  "free blogs",
  "create your own website",
  "host your site",
  "publish your site",
  "public projects",
  "public repositories",
  "public git repositories",
  "share your work",
  "people write on",
  "anyone can publish",
  "anyone can edit",
  "community-driven",
  "upload your videos",
  "share your photos",
  // What a platform asks its users to do: publish there.
  "upload a video",
  "upload your video",
  "start your podcast",
  "host your podcast",
  "post new work",
  "new paste",
  "submit a link",
  "submit a story",
  "post an ad",
  "post a free ad",
  "post your ad",
  "share your recipe",
  "share your recipes",
  "submit a recipe",
  "create your channel",
  "your channel",
  "your videos",
  // "Post an ad" on classifieds, in the languages DomainLens reads.
  "publicar anuncio",
  "poner un anuncio",
  "deposer une annonce",
  "anzeige aufgeben",
  "inserisci annuncio",
  "pubblica annuncio",
]);
const UGC_MEDIUM = phraseSet([
  "report abuse",
  "report a",
  "report this",
  "content policy",
  "community guidelines",
  "reported as",
  "publish",
  "creators",
  "discover",
  "explore",
  "upload",
  "uploaded by",
  "contributors",
  "volunteers",
  "dmca",
  "copyright policy",
  "ask a question",
  // A forum's own furniture: support for a statement that members write, never enough alone.
  "threads",
  "replies",
  "posts",
  "members",
]);
/**
 * The site says its content comes from its users: "written by our users", "written by 2,300 volunteer
 * gardeners", "a sign-up form made by a Formwisp user" (not "made by a member of our team").
 */
const UGC_BY_USERS = [
  /\b(?:written|uploaded|created|published|posted|made|built|shared|edited|contributed)\s+by\s+(?:(?:(?:our|its|the)\s+)?(?:[\d.,]+\s+)?(?:[\p{L}\p{N}-]+\s+)?(?:users|members|creators)\b|an?\s+(?:[\p{L}\p{N}-]+\s+)?(?:user|member|creator)\b(?!\s+of\b))/iu,
  // A community or volunteers write a wiki's articles; "built by volunteers" or "made by the community" is
  // how a software project or a charity speaks of itself.
  /\b(?:written|edited|contributed|uploaded|posted|published|shared)\s+by\s+(?:(?:our|its|the)\s+)?(?:[\d.,]+\s+)?(?:community|volunteers?(?:\s+[\p{L}-]+)?)\b/iu,
  // "Pastes are the responsibility of the people who create them"; "users are solely responsible for
  // the content they post".
  /\bresponsibility\s+of\s+(?:the\s+)?(?:people|users|members|authors)\s+who\s+(?:create|post|upload|write|publish)\b/iu,
  /\b(?:users|members|authors)\s+(?:are\s+)?(?:solely\s+|fully\s+)?responsible\s+for\s+(?:the\s+)?(?:content|what)\s+(?:they\s+)?(?:post|upload|publish|share|create)/iu,
  // The same statements in Spanish, French, German, Italian and Portuguese.
  /\b(?:publicad[oa]s|cread[oa]s|subid[oa]s|escrit[oa]s)\s+por\s+(?:los\s+|sus\s+|nuestros\s+)?(?:usuarios|miembros)\b/iu,
  /(?<!\p{L})(?:publi[ée]e?s|cr[ée]{2}e?s|[ée]crit(?:e|s|es)?)\s+par\s+(?:les\s+|nos\s+|ses\s+)?(?:utilisateurs|membres)\b/iu,
  /\bvon\s+(?:den\s+|unseren\s+)?(?:Nutzern|Nutzerinnen|Mitgliedern|Usern)\s+(?:erstellt|verfasst|ver[öo]ffentlicht|geschrieben|hochgeladen)/iu,
  /\b(?:pubblicat[ie]|creat[ie]|scritt[ie])\s+dagli\s+(?:utenti|membri)\b/iu,
  /\b(?:publicad[oa]s|criad[oa]s|escrit[oa]s)\s+pel[oa]s\s+(?:usu[áa]rios|membros)\b/iu,
];

/** A wiki's own navigation: its pages are edited by their readers. */
const WIKI_NAV = phraseSet([
  "anyone can edit",
  "recent changes",
  "view history",
  "page history",
  "random article",
  "random page",
  "what links here",
  "talk page",
]);
/** A forum's own furniture (boards, counts, who is online), in the languages DomainLens reads. */
const FORUM_NAV = phraseSet([
  "who is online",
  "newest member",
  "total posts",
  "total topics",
  "total members",
  "new topic",
  "new thread",
  "start a new topic",
  "last post",
  "unanswered topics",
  "active topics",
  "mark forums read",
  "wer ist online",
  "neuestes mitglied",
  "neues thema",
  "letzter beitrag",
  "qui est en ligne",
  "nouveau sujet",
  "dernier message",
  "quien esta conectado",
  "nuevo tema",
  "ultimo mensaje",
  "chi c'e online",
  "nuova discussione",
  "ultimo messaggio",
]);
const MODERATION = phraseSet([
  "report abuse",
  "report a",
  "report this",
  "reported as",
  "content policy",
  "copyright policy",
  "dmca",
  "removed",
  "remove",
  "abuse",
  // A hosted item credited to whoever put it there.
  "uploaded by",
  "published by",
  "shared by",
]);

function score(counts: GramCounts, strong: NormalizedPhrase[], medium: NormalizedPhrase[]) {
  const strongHits = matched(counts, strong);
  const mediumHits = matched(counts, medium);
  return { points: strongHits.length * 2 + mediumHits.length, strongHits, mediumHits };
}

function firstMatch(patterns: readonly RegExp[], text: string): string | null {
  for (const pattern of patterns) {
    const found = pattern.exec(text)?.[0];
    if (found) return found;
  }
  return null;
}

function escapeRegex(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

const PLACEHOLDER =
  "(?:your-?name|yourname|your-?site|yoursite|your-?blog|yourblog|your-?store|yourstore|your-?shop|yourshop|your-?company|yourcompany|your-?team|yourteam|your-?project|yourproject|your-?username|username|user-?name|user|name|you|myname|mysite|my-?blog|my-?site|my-?shop|your|<user>|<username>|<name>|<your-name>|\\{user\\}|\\{username\\}|\\{name\\}|\\[name\\]|\\[username\\]|\\[user\\])";

/** Crawl evidence: what the site's own pages and the behaviour probes show. */
function crawlEvidence(input: FlagInput, flags: FlagEvidence): void {
  const { capture, pages, corpus, state } = input;
  const domain = capture.domain;
  const counts = corpus.own;
  const root = pages.root;

  // A random short path answered with a redirect to another site: short links resolve there.
  if (state.state !== "parked" && state.state !== "unreachable") {
    const label = domain.split(".")[0] ?? domain;
    const shortName = label.length <= 7 && !label.includes("-");
    const shortenerTalk = matched(counts, SHORTENER).length > 0;
    for (const probe of Array.isArray(capture.probes) ? capture.probes : []) {
      if (probe.purpose !== "random_short_path" || probe.status === null) continue;
      if (probe.status < 300 || probe.status >= 400 || !probe.location) continue;
      let target: URL;
      try {
        target = new URL(probe.location, capture.root.finalUrl ?? `https://${domain}/`);
      } catch {
        continue;
      }
      const host = target.hostname.toLowerCase();
      if (onDomain(host, domain)) continue;
      const path = target.pathname.replace(/\/+$/, "");
      const movesPath = path === "" || path === probe.path.replace(/\/+$/, "");
      if (!movesPath && (shortName || shortenerTalk)) {
        add(flags, "is_url_shortener", `crawl:random_path_redirects_offsite:${host}`);
      }
    }
  }

  // A valid OpenID Connect discovery document: the domain runs a sign-in service for other sites.
  if (pages.openid && state.state !== "parked" && state.state !== "unreachable") {
    add(flags, "is_public_idp", `crawl:openid_configuration:${pages.openid.issuer.slice(0, 100)}`);
  }

  const developed = state.state === "developed" || state.state === "under_construction";
  if (!developed || !root) return;

  const shortener = matched(counts, SHORTENER);
  const urlInput = [...root.facts.forms.flatMap((f) => f.inputs), ...root.facts.looseInputs].some(
    (i) => i.type === "url" || /^(?:url|long_?url|link|longurl|destination)$/i.test(i.name ?? ""),
  );
  if (shortener.length >= 2 || (shortener.length >= 1 && urlInput)) {
    add(flags, "is_url_shortener", `crawl:shortener_service:${shortener.slice(0, 3).join("|")}`);
  }

  const fileInput = [...root.facts.forms.flatMap((f) => f.inputs), ...root.facts.looseInputs].some(
    (i) => i.type === "file",
  );
  const file = score(counts, FILE_STRONG, FILE_MEDIUM);
  if ((fileInput && file.points >= 2) || (file.strongHits.length >= 2 && file.points >= 4)) {
    add(
      flags,
      "is_file_host",
      `crawl:file_service:${[fileInput ? "file_input" : "", ...file.strongHits].filter(Boolean).slice(0, 4).join("|")}`,
    );
  }

  const form = score(counts, FORM_STRONG, FORM_MEDIUM);
  const softwareApp = root.facts.jsonLd.some((o) =>
    /SoftwareApplication|WebApplication/.test(String(o["@type"] ?? "")),
  );
  if (form.strongHits.length >= 1 && form.points + (softwareApp ? 2 : 0) >= 4) {
    add(flags, "is_form_builder", `crawl:form_builder:${form.strongHits.slice(0, 3).join("|")}`);
  }

  const document = score(counts, DOCUMENT_STRONG, DOCUMENT_MEDIUM);
  if (document.strongHits.length >= 2 || (document.strongHits.length >= 1 && document.points >= 4)) {
    add(flags, "is_document_host", `crawl:document_service:${document.strongHits.slice(0, 3).join("|")}`);
  }

  const key = matched(counts, IDP_KEY);
  const support = matched(counts, IDP_SUPPORT);
  const signInWith = input.siteName
    ? counts.has(`sign in with ${input.siteName}`) || counts.has(`log in with ${input.siteName}`)
    : false;
  if (
    (key.length >= 1 && key.length + support.length + (signInWith ? 1 : 0) >= 3) ||
    (signInWith && key.length >= 1)
  ) {
    add(
      flags,
      "is_public_idp",
      `crawl:identity_provider:${[...key, ...support].slice(0, 4).join("|")}${signInWith ? "|sign in with" : ""}`,
    );
  }

  const crypto = score(counts, CRYPTO_STRONG, CRYPTO_MEDIUM);
  if (crypto.strongHits.length >= 3 || (crypto.strongHits.length >= 2 && crypto.points >= 6)) {
    add(flags, "is_crypto_platform", `crawl:crypto:${crypto.strongHits.slice(0, 4).join("|")}`);
  }

  const ownText = `${root.facts.text} ${pages.about.map((p) => p.facts.text).join(" ")}`;
  const ugc = score(counts, UGC_STRONG, UGC_MEDIUM);
  const byUsers = firstMatch(UGC_BY_USERS, ownText);
  const ugcPoints = ugc.points + (byUsers ? 3 : 0);
  if ((ugc.strongHits.length >= 1 || byUsers) && ugcPoints >= 4) {
    add(
      flags,
      "is_ugc_platform",
      `crawl:user_content:${[byUsers, ...ugc.strongHits].filter(Boolean).slice(0, 3).join("|")}`,
    );
  }
  const wiki = matched(counts, WIKI_NAV);
  if (wiki.length >= 2) add(flags, "is_ugc_platform", `crawl:wiki:${wiki.slice(0, 3).join("|")}`);
  const forum = matched(counts, FORUM_NAV);
  if (forum.length >= 2) add(flags, "is_ugc_platform", `crawl:forum:${forum.slice(0, 3).join("|")}`);
  const hosting =
    flags.is_file_host.some((e) => e.startsWith("crawl:")) ||
    flags.is_document_host.some((e) => e.startsWith("crawl:")) ||
    flags.is_form_builder.some((e) => e.startsWith("crawl:"));
  const moderation = matched(counts, MODERATION);
  if (hosting && (moderation.length > 0 || byUsers)) {
    add(
      flags,
      "is_ugc_platform",
      `crawl:hosted_user_content:${[byUsers, ...moderation].filter(Boolean).slice(0, 2).join("|")}`,
    );
  }

  const placeholder = new RegExp(`(?:^|[\\s"'(])${PLACEHOLDER}\\.${escapeRegex(domain)}\\b`, "iu");
  const texts = [root.facts.text, root.facts.meta.description ?? "", ...pages.about.map((p) => p.facts.text)];
  const pattern = texts.map((t) => placeholder.exec(t)?.[0]?.trim()).find(Boolean);
  if (pattern) add(flags, "allows_user_subdomains", `crawl:user_subdomain_pattern:${pattern.slice(0, 60)}`);
  const subdomainInput = [...root.facts.forms.flatMap((f) => f.inputs), ...root.facts.looseInputs].some((i) =>
    /subdomain|site_?name|blog_?name|blog_?address|store_?name/i.test(i.name ?? ""),
  );
  if (subdomainInput && root.facts.text.toLowerCase().includes(`.${domain}`)) {
    add(flags, "allows_user_subdomains", "crawl:subdomain_signup_form");
  }
}

export function deriveFlags(input: FlagInput): FlagEvidence {
  const flags = emptyFlags();
  if (input.useLists) listEvidence(input.capture.domain, input.entity, flags);
  crawlEvidence(input, flags);
  return flags;
}

export function flagValues(flags: FlagEvidence): Record<FunctionFlag, boolean> {
  return Object.fromEntries(FUNCTION_FLAGS.map((f) => [f, flags[f].length > 0])) as Record<
    FunctionFlag,
    boolean
  >;
}
