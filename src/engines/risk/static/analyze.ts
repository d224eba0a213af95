import {
  brandOwning,
  describeHost,
  type HostFacts,
  isAbusedTld,
  isKnownBankDomain,
  isLocalNetworkAddress,
  isSuspiciousTld,
  listedShortener,
  type ParsedTarget,
  parseTarget,
  randomness,
  scriptsOf,
  trancoRank,
} from "../../domain/index.js";
import { makeFinding } from "../../findings/catalog.js";
import { type Finding, isThreat } from "../../findings/types.js";
import { nameInput } from "../names/features.js";
import { nameModelFinding } from "../names/finding.js";
import { type NameModel, type NameScore, shippedNameModel } from "../names/model.js";
import { type BrandMatch, matchBrand } from "./brand-match.js";
import { hostFindings, keywordFindings, referenceNumberFindings } from "./host-findings.js";
import { type HostScan, scanHost } from "./scan.js";
import type { StaticAnalysis, StaticOptions, StaticSignals } from "./types.js";
import { brandDomainInPath, urlTrickFindings } from "./url-findings.js";
import { projectSite } from "./user-site.js";
import { possessive } from "./wording.js";

type ParsedOk = Extract<ParsedTarget, { ok: true }>;

const CONFUSABLE_SCRIPTS = new Set(["Latin", "Cyrillic", "Greek", "Armenian", "Cherokee"]);

function baseSignals(parsed: ParsedOk): StaticSignals {
  return {
    siteDomain: null,
    isBrandDomain: false,
    brandOwner: null,
    knownBank: false,
    trancoRank: null,
    tld: null,
    suspiciousTld: false,
    platform: null,
    freeHosting: null,
    shortener: false,
    ipLiteral: parsed.host.kind === "ip",
    idn: false,
    mixedScript: false,
    keywordCategories: [],
    keywords: [],
    entropy: 0,
    randomLabel: false,
    subdomainDepth: 0,
    hostnameLength: parsed.host.kind === "ip" ? parsed.host.address.length : parsed.host.hostname.length,
    userinfo: parsed.tricks.userinfo !== null,
    encodedHost: parsed.tricks.encodedHost || parsed.tricks.obfuscatedIp !== null,
    port: parsed.tricks.port,
    nameModel: null,
  };
}

function analyzeIp(parsed: ParsedOk & { host: { kind: "ip" } }): StaticAnalysis {
  const { address } = parsed.host;
  const findings = urlTrickFindings(parsed.tricks, address);
  findings.push(
    isLocalNetworkAddress(address)
      ? makeFinding(
          "DR-DOM-012",
          `The URL points to ${address}, an address on the visitor's own network (a router, printer or intranet server): only a device inside that network answers there.`,
          { severity: "Low", description: "Address on the visitor's own network" },
        )
      : makeFinding(
          "DR-DOM-012",
          `The URL points to the IP address ${address} instead of a domain name; legitimate sites rarely send people to a bare address.`,
        ),
  );
  const inPath = brandDomainInPath(parsed.tricks.pathAndQuery);
  if (inPath) {
    findings.push(
      makeFinding(
        "DR-DOM-024",
        `The path names ${inPath.domain} (${inPath.brand}) although the URL leads to the IP address ${address}.`,
        { severity: "High" },
      ),
    );
  }
  return {
    ok: true,
    url: parsed.href,
    hostname: address,
    registrableDomain: null,
    findings,
    brand: null,
    signals: baseSignals(parsed),
  };
}

function mixedScriptLabels(facts: HostFacts): string[] {
  if (!facts.hostname.includes("xn--")) return [];
  const mixed: string[] = [];
  for (const label of facts.displayHostname.split(".")) {
    if (/^[\x20-\x7e]*$/.test(label)) continue;
    const scripts = [...scriptsOf(label)].filter((s) => CONFUSABLE_SCRIPTS.has(s));
    if (scripts.length >= 2) mixed.push(label);
  }
  return mixed;
}

function trustFindings(
  owner: string | null,
  knownBank: boolean,
  rank: number | null,
  facts: HostFacts,
): Finding[] {
  const findings: Finding[] = [];
  if (owner) {
    findings.push(
      makeFinding("DR-DOM-021", `${facts.registrable} is one of ${possessive(owner)} official domains.`, {
        description: `Official domain of ${owner}`,
      }),
    );
  }
  if (knownBank) {
    findings.push(makeFinding("DR-DOM-025", `${facts.registrable} is on MISP's list of bank websites.`));
  }
  if (rank !== null) {
    findings.push(
      makeFinding(
        "DR-DOM-020",
        `${facts.registrable} is ranked ${rank} in the Tranco list of popular domains.`,
      ),
    );
  }
  return findings;
}

function brandFinding(match: BrandMatch): Finding {
  return makeFinding(match.code, match.details, { severity: match.severity });
}

function analyzeDomain(
  parsed: ParsedOk & { host: { kind: "domain" } },
  options: StaticOptions,
): StaticAnalysis {
  const { hostname, icannDomain, icannSuffix } = parsed.host;
  const facts = describeHost(hostname, icannDomain, icannSuffix);
  const signals = baseSignals(parsed);
  const userSite = facts.platform?.userContent === "subdomain";
  const owner = brandOwning(facts.registrable, facts.name, facts.suffix, !userSite);
  const knownBank = !userSite && !owner && isKnownBankDomain(facts.registrable);
  const rank = options.rankLookup === false ? null : trancoRank(facts.registrable);
  // On a hosting platform the TLD is the platform's choice, not the user's.
  const suspiciousTld = !userSite && isSuspiciousTld(facts.icannSuffix);
  const abusedTld = suspiciousTld && isAbusedTld(facts.icannSuffix);
  const trusted = owner !== null || knownBank || rank !== null;
  const mixed = mixedScriptLabels(facts);
  const random = randomness(facts.name);
  Object.assign(signals, {
    siteDomain: facts.registrable,
    isBrandDomain: owner !== null,
    brandOwner: owner?.name ?? null,
    knownBank,
    trancoRank: rank,
    tld: facts.icannSuffix,
    suspiciousTld,
    platform: facts.platform,
    freeHosting: userSite ? (facts.platform?.domain ?? null) : null,
    shortener: listedShortener(hostname, icannDomain) !== null,
    idn: hostname.includes("xn--"),
    mixedScript: mixed.length > 0,
    entropy: random.entropy,
    randomLabel: random.random,
    subdomainDepth: facts.subdomainLabels.length,
  } satisfies Partial<StaticSignals>);

  let findings: Finding[] = [
    ...urlTrickFindings(parsed.tricks, hostname),
    ...trustFindings(owner?.name ?? null, knownBank, rank, facts),
  ];
  let match: BrandMatch | null = null;
  let scan: HostScan | null = null;
  const model: NameModel | null = options.nameModel === undefined ? shippedNameModel() : options.nameModel;
  let nameScore: NameScore | null = null;
  if (!trusted) {
    scan = scanHost(facts, suspiciousTld, abusedTld);
    match = matchBrand(scan);
    if (match) findings.push(brandFinding(match));
    findings.push(...keywordFindings(scan, match !== null), ...referenceNumberFindings(scan));
    signals.keywordCategories = [...new Set(scan.keywords.map((k) => k.keyword.category))];
    signals.keywords = [...new Set(scan.keywords.map((k) => k.keyword.text))];
    // A software project's page on a code-hosting or documentation platform (`django-oauth-toolkit` on
    // readthedocs.io) is named after what the library does, as the lure-word rules already read it.
    if (model && !projectSite(scan)) {
      const input = nameInput(facts, random.random);
      nameScore = model.score(input);
      const learned = nameModelFinding(model, nameScore, input, facts.registrable);
      if (learned) findings.push(learned);
    }
    const inPath = brandDomainInPath(parsed.tricks.pathAndQuery, hostname);
    if (inPath) {
      findings.push(
        makeFinding(
          "DR-DOM-024",
          `The path names ${inPath.domain} (${inPath.brand}) although the page is served by ${facts.registrable}, which ${inPath.brand} does not own.`,
        ),
      );
    }
  }
  findings.push(...hostFindings({ facts, signals, random, mixed, match, scan }));
  if (nameScore) signals.nameModel = { score: nameScore.probability, clear: nameScore.clear };
  if (trusted) findings = findings.filter((finding) => !isThreat(finding));
  return {
    ok: true,
    url: parsed.href,
    hostname,
    registrableDomain: facts.icannDomain,
    findings,
    brand:
      match && !trusted
        ? {
            name: match.brandName,
            legitimateDomain: match.legitimateDomain,
            technique: match.technique,
            ...(match.edit ? { edit: match.edit } : {}),
          }
        : null,
    signals,
  };
}

/**
 * The static-analysis agent of domain risk: everything the URL and its host name say without touching
 * the network (brand imitation, lure words, TLD, platform, URL tricks). Pure and synchronous; shipped
 * data is read once, on first use.
 */
export function analyzeStatic(input: string, options: StaticOptions = {}): StaticAnalysis {
  const parsed = parseTarget(input);
  if (!parsed.ok) return { ok: false, error: "invalid_url", reason: parsed.reason, message: parsed.message };
  if (parsed.host.kind === "ip") return analyzeIp({ ...parsed, host: parsed.host });
  return analyzeDomain({ ...parsed, host: parsed.host }, options);
}
