import { parse } from "tldts";
import { PURPOSES } from "../taxonomy.js";
import type { Purpose } from "../types.js";
import type { Corpus } from "./corpus.js";
import type { EntityRecord } from "./entities.js";
import type { FlagEvidence } from "./flags.js";
import { GramCounts, purposeLexicon, saturate, TIER_WEIGHT, words } from "./lexicon.js";
import type { PageSet } from "./pages.js";
import type { StateFacts } from "./state.js";

export interface PurposeScore {
  purpose: Purpose;
  score: number;
  signals: string[];
}

export interface PurposeInput {
  domain: string;
  pages: PageSet;
  corpus: Corpus;
  state: StateFacts;
  flags: FlagEvidence;
  entity: EntityRecord | null;
  /** Purpose of a well-known brand the page presents itself as (when it is not that brand's domain). */
  claimedPurpose: Purpose | null;
  claimedBrand: string | null;
  /** The operator is a private person (see identity). */
  personal: boolean;
  /**
   * The page a client-side redirect (meta refresh, script) led to, when the domain kept no page of its
   * own: it counts at half weight (the domain forwards its visitors there on purpose).
   */
  destination?: Corpus | null;
}

const FIRST_PERSON = new Set([
  "i",
  "my",
  "me",
  "mine",
  "myself",
  "ich",
  "mein",
  "meine",
  "mich",
  "je",
  "mon",
  "ma",
  "mes",
  "moi",
  "yo",
  "mis",
]);

/** Share of first-person singular words in a text ("I logged 60 loaves…"). */
function firstPersonRate(text: string): number {
  const list = words(text);
  if (list.length < 20) return 0;
  return list.filter((w) => FIRST_PERSON.has(w)).length / list.length;
}

/** schema.org types → purpose and weight (types are matched without their namespace). */
const JSON_LD_TYPES: ReadonlyArray<readonly [RegExp, Purpose, number]> = [
  [
    /^(?:BankOrCreditUnion|FinancialService|InsuranceAgency|AccountingService|AutomatedTeller|PaymentService|BankAccount|LoanOrCredit|InvestmentOrDeposit|CreditCard|MortgageLoan|FinancialProduct)$/,
    "financial_services",
    6,
  ],
  [
    /^(?:NewsMediaOrganization|NewsArticle|Newspaper|ReportageNewsArticle|AnalysisNewsArticle|OpinionNewsArticle|BackgroundNewsArticle|ReviewNewsArticle|TelevisionStation|RadioStation)$/,
    "news_media",
    6,
  ],
  [
    /^(?:GovernmentOrganization|GovernmentOffice|GovernmentService|GovernmentBuilding|CityHall|Courthouse|PoliceStation|FireStation|PostOffice|DefenceEstablishment|Embassy|LegislativeBuilding)$/,
    "government",
    7,
  ],
  [
    /^(?:EducationalOrganization|CollegeOrUniversity|School|HighSchool|ElementarySchool|MiddleSchool|Preschool|Course|CourseInstance|EducationalOccupationalProgram)$/,
    "education",
    6,
  ],
  [/^(?:NGO|NonprofitOrganization|FundingScheme)$/, "nonprofit", 6],
  [
    /^(?:MedicalOrganization|Hospital|Physician|Dentist|Pharmacy|MedicalClinic|DiagnosticLab|MedicalBusiness|Optician|VeterinaryCare|MedicalCondition|Drug)$/,
    "healthcare",
    6,
  ],
  [
    /^(?:OnlineStore|Store|OnlineBusiness|Product|ProductGroup|Offer|AggregateOffer|ProductCollection|[A-Z][A-Za-z]*Store)$/,
    "ecommerce",
    4,
  ],
  [
    /^(?:FoodEstablishment|Restaurant|Bakery|CafeOrCoffeeShop|BarOrPub|Brewery|Winery|Distillery|FastFoodRestaurant|IceCreamShop|Recipe|Menu|MenuItem)$/,
    "food_and_drink",
    6,
  ],
  [
    /^(?:LodgingBusiness|Hotel|Motel|Hostel|Resort|BedAndBreakfast|Campground|TravelAgency|Airline|Flight|TouristAttraction|TouristTrip|TouristDestination|LodgingReservation|FlightReservation)$/,
    "travel",
    6,
  ],
  [/^(?:VideoGame|VideoGameSeries)$/, "gaming", 5],
  [
    /^(?:SportsOrganization|SportsTeam|SportsClub|SportsActivityLocation|ExerciseGym|StadiumOrArena|SportsEvent|HealthClub|GolfCourse)$/,
    "sports",
    6,
  ],
  [
    /^(?:RealEstateAgent|RealEstateListing|Residence|Apartment|House|SingleFamilyResidence)$/,
    "real_estate",
    5,
  ],
  [
    /^(?:AutoDealer|AutoRepair|AutomotiveBusiness|AutoRental|AutoBodyShop|AutoWash|GasStation|MotorcycleDealer|Car|Vehicle|Motorcycle)$/,
    "automotive",
    6,
  ],
  [/^(?:LegalService|Attorney|Notary)$/, "legal_services", 6],
  [/^(?:PlaceOfWorship|Church|CatholicChurch|Mosque|Synagogue|HinduTemple|BuddhistTemple)$/, "religion", 6],
  [/^(?:Blog|BlogPosting|LiveBlogPosting)$/, "blog", 3],
  [/^(?:DiscussionForumPosting|QAPage|Question)$/, "community_forum", 4],
  [/^(?:SoftwareApplication|WebApplication|MobileApplication)$/, "software_vendor", 2],
  [/^(?:Casino)$/, "gambling", 6],
  [
    /^(?:MovieTheater|MusicGroup|Movie|TVSeries|TVEpisode|MusicAlbum|TheaterEvent|ComedyEvent|Festival|EntertainmentBusiness|AmusementPark|NightClub)$/,
    "entertainment",
    4,
  ],
  [/^(?:ProfilePage|Person)$/, "personal_site", 3],
  [/^(?:ProfessionalService|EmploymentAgency)$/, "business_services", 3],
  [/^(?:ParcelDelivery|MovingCompany)$/, "logistics", 5],
  [/^(?:Library|Museum|ArchiveOrganization|DefinedTermSet|DefinedTerm)$/, "reference", 4],
  [/^(?:PodcastSeries|PodcastEpisode|MusicPlaylist|BroadcastEvent|VideoObject)$/, "streaming_media", 2],
];

/** The purpose a schema.org type points to on its own, or null. */
export function purposeOfType(type: string): Purpose | null {
  return JSON_LD_TYPES.find(([pattern]) => pattern.test(type))?.[1] ?? null;
}

export function jsonLdTypes(object: Record<string, unknown>): string[] {
  const raw = object["@type"];
  const list = Array.isArray(raw) ? raw : [raw];
  return list
    .filter((t): t is string => typeof t === "string")
    .map((t) => t.replace(/^.*[/#:]/, ""))
    .slice(0, 5);
}

/** Public-sector and academic suffixes: `.gov`, `gov.uk`, `gouv.fr`, `edu`, `ac.uk`… */
function tldSignals(domain: string): Array<[Purpose, number, string]> {
  const suffix = parse(domain).publicSuffix ?? "";
  const labels = suffix.split(".");
  const out: Array<[Purpose, number, string]> = [];
  if (
    labels.some((l) => ["gov", "mil", "gouv", "gob", "govt", "gv", "gub", "go"].includes(l)) &&
    !(labels.includes("go") && labels.length === 1)
  ) {
    out.push(["government", 8, `tld:${suffix}`]);
  }
  if (labels.some((l) => ["edu", "ac", "sch"].includes(l))) out.push(["education", 8, `tld:${suffix}`]);
  const tld = labels[labels.length - 1] ?? "";
  const byTld: Record<string, [Purpose, number]> = {
    bank: ["financial_services", 5],
    insurance: ["financial_services", 4],
    church: ["religion", 3],
    news: ["news_media", 2],
    shop: ["ecommerce", 1.5],
    store: ["ecommerce", 1.5],
    games: ["gaming", 2],
    casino: ["gambling", 4],
    bet: ["gambling", 4],
    poker: ["gambling", 4],
    xxx: ["adult", 6],
    adult: ["adult", 6],
    porn: ["adult", 6],
    sex: ["adult", 6],
    travel: ["travel", 2],
    museum: ["reference", 2],
    charity: ["nonprofit", 3],
    ngo: ["nonprofit", 3],
  };
  const hit = byTld[tld];
  if (hit) out.push([hit[0], hit[1], `tld:${tld}`]);
  return out;
}

/** Redirect hops that carry ad and affiliate tracking (`utm_source`, click ids, `clk.` hosts, `/r/123`). */
function trackingMarkers(urls: readonly string[]): string[] {
  const markers = new Set<string>();
  for (const raw of urls) {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      continue;
    }
    for (const key of url.searchParams.keys()) {
      if (
        /^(?:utm_[a-z]+|cid|clickid|click_id|gclid|fbclid|msclkid|subid|sub\d?|aff(?:_?id)?|affiliate|campaign(?:_?id)?|pid|zoneid|offer_?id)$/i.test(
          key,
        )
      ) {
        markers.add(`param:${key.toLowerCase()}`);
      }
    }
    const first = url.hostname.split(".")[0] ?? "";
    if (/^(?:clk|click|clicks|track|trk|tracking|ads?|adserver|redirect|redir|go|out|aff|r)$/i.test(first))
      markers.add(`host:${first}`);
    if (/^\/(?:r|c|click|clk|track|go|out|aff|redirect)\/[\w-]+/i.test(url.pathname))
      markers.add("path:click");
  }
  return [...markers];
}

function add(scores: Map<Purpose, PurposeScore>, purpose: Purpose, points: number, signal: string): void {
  if (points <= 0) return;
  const entry = scores.get(purpose) ?? { purpose, score: 0, signals: [] };
  entry.score += points;
  entry.signals.push(`${signal}(${Math.round(points * 10) / 10})`);
  scores.set(purpose, entry);
}

/** Tokens of the domain's own label (`tallowmere-games` → tallowmere, games). */
function domainCounts(domain: string): { exact: GramCounts; label: string } {
  const parsed = parse(domain, { allowPrivateDomains: true });
  const label = (parsed.domainWithoutSuffix ?? domain.split(".")[0] ?? "").toLowerCase();
  return { exact: new GramCounts(label.replace(/[-_]/g, " ")), label: label.replace(/[-_]/g, "") };
}

function lexiconScores(
  input: PurposeInput,
  scores: Map<Purpose, PurposeScore>,
  corpus: Corpus = input.corpus,
  factor = 1,
  prefix = "lexicon",
): void {
  const contributions = new Map<Purpose, Array<[number, string]>>();
  const { exact, label } = domainCounts(input.domain);
  for (const entry of purposeLexicon()) {
    let total = 0;
    let best = "";
    let bestPoints = 0;
    for (const field of corpus.fields) {
      if (
        entry.tier === "weak" &&
        (field.name === "body" || field.name === "about" || field.name === "legal")
      )
        continue;
      const count = field.counts.count(entry.phrase);
      if (count === 0) continue;
      const points = TIER_WEIGHT[entry.tier] * field.weight * saturate(count);
      total += points;
      if (points > bestPoints) {
        bestPoints = points;
        best = field.name;
      }
    }
    total *= factor;
    if (entry.tier !== "weak" && corpus === input.corpus) {
      if (exact.count(entry.phrase) > 0) {
        total += TIER_WEIGHT[entry.tier] * 1.5;
        best ||= "domain";
      } else if (
        !entry.phrase.key.includes(" ") &&
        entry.phrase.key.length >= 4 &&
        label.includes(entry.phrase.key)
      ) {
        total += TIER_WEIGHT[entry.tier] * 0.7;
        best ||= "domain";
      }
    }
    if (total <= 0) continue;
    const list = contributions.get(entry.purpose) ?? [];
    list.push([total, `${best}:${entry.phrase.text}`]);
    contributions.set(entry.purpose, list);
  }
  for (const [purpose, list] of contributions) {
    list.sort((a, b) => b[0] - a[0]);
    const sum = list.reduce((s, [p]) => s + p, 0);
    const entry = scores.get(purpose) ?? { purpose, score: 0, signals: [] };
    entry.score += sum;
    for (const [points, signal] of list.slice(0, 6))
      entry.signals.push(`${prefix}:${signal}(${Math.round(points * 10) / 10})`);
    scores.set(purpose, entry);
  }
}

/** A page that is little more than a password form. */
export function isCredentialPage(pages: PageSet): boolean {
  const root = pages.root;
  if (!root) return false;
  const inputs = [...root.facts.forms.flatMap((f) => f.inputs), ...root.facts.looseInputs];
  if (!inputs.some((i) => i.type === "password")) return false;
  return root.facts.counts.textChars < 1500 && root.facts.links.length <= 15;
}

export function scorePurposes(input: PurposeInput): PurposeScore[] {
  const scores = new Map<Purpose, PurposeScore>();
  const { pages, state, flags } = input;
  if (state.state === "parked") {
    return [{ purpose: "parked", score: 10, signals: state.signals.slice(0, 6) }];
  }
  if (input.entity?.purpose) add(scores, input.entity.purpose, 12, `entity_table:${input.entity.domain}`);
  for (const [purpose, points, signal] of tldSignals(input.domain)) add(scores, purpose, points, signal);

  const contentPages = [pages.root, ...pages.about].filter((p) => p !== null);
  const seenTypes = new Set<string>();
  for (const page of contentPages) {
    for (const object of page.facts.jsonLd) {
      for (const type of jsonLdTypes(object)) {
        if (seenTypes.has(type)) continue;
        seenTypes.add(type);
        const rule = JSON_LD_TYPES.find(([pattern]) => pattern.test(type));
        if (rule) add(scores, rule[1], rule[2], `json_ld:${type}`);
      }
      if (typeof object.nonprofitStatus === "string") add(scores, "nonprofit", 4, "json_ld:nonprofitStatus");
    }
  }

  lexiconScores(input, scores);
  if (input.destination) lexiconScores(input, scores, input.destination, 0.5, "destination");

  if (isCredentialPage(pages)) add(scores, "identity_provider", 4, "form:credential_page");
  const root = pages.root;
  if (root) {
    const prices = (root.facts.text.match(/(?:[$€£¥]\s?\d[\d.,]*|\d[\d.,]*\s?(?:€|EUR|USD|GBP)\b)/g) ?? [])
      .length;
    if (prices >= 3) add(scores, "ecommerce", Math.min(prices, 8) * 0.5, `text:prices(${prices})`);
  }

  const crawlOrList = (flag: keyof FlagEvidence) => flags[flag].length > 0;
  if (crawlOrList("is_url_shortener")) add(scores, "url_shortener", 8, "flag:is_url_shortener");
  if (crawlOrList("is_crypto_platform")) add(scores, "crypto_exchange", 4, "flag:is_crypto_platform");
  if (flags.is_public_idp.some((e) => e.startsWith("crawl:openid") || e.startsWith("list:"))) {
    add(scores, "identity_provider", 4, "flag:is_public_idp");
  } else if (crawlOrList("is_public_idp")) add(scores, "identity_provider", 2, "flag:is_public_idp");
  if (crawlOrList("is_file_host")) add(scores, "file_sharing", 3, "flag:is_file_host");
  if (crawlOrList("is_document_host")) add(scores, "file_sharing", 2, "flag:is_document_host");
  if (crawlOrList("is_form_builder")) add(scores, "productivity_suite", 4, "flag:is_form_builder");

  if (input.claimedPurpose)
    add(scores, input.claimedPurpose, 6, `claimed_brand:${input.claimedBrand ?? "?"}`);

  if (state.state === "redirect" && state.redirect) {
    const hops = [state.redirect.url, `https://${input.domain}/`];
    const markers = trackingMarkers(hops);
    if (markers.length >= 2)
      add(scores, "advertising", 3 + markers.length * 1.5, `redirect:tracking:${markers.join("|")}`);
    for (const [purpose, points, signal] of tldSignals(state.redirect.host)) {
      add(scores, purpose, points * 0.6, `redirect_destination:${signal}`);
    }
  }

  // A site run by a private person is a personal site, whatever it writes about.
  if (input.personal && pages.root) {
    const rate = firstPersonRate(pages.root.facts.text);
    const bloggish =
      /\b\d+\s+min(?:ute)?s?\s+read\b/i.test(pages.root.facts.text) ||
      pages.root.facts.jsonLd.some((o) => /Blog/.test(String(o["@type"] ?? "")));
    if (rate >= 0.005 || bloggish) {
      const others = Math.max(
        0,
        ...[...scores.values()].filter((s) => s.purpose !== "personal_site").map((s) => s.score),
      );
      add(
        scores,
        "personal_site",
        Math.max(others + 3, 8),
        `operator:private_person(first_person=${rate.toFixed(3)})`,
      );
    }
  }
  // A sign-in page presenting itself as a known brand imitates that brand's service.
  if (input.claimedPurpose && isCredentialPage(pages)) {
    const top = Math.max(...[...scores.values()].map((s) => s.score), 0);
    add(
      scores,
      input.claimedPurpose,
      top + 5 - (scores.get(input.claimedPurpose)?.score ?? 0),
      "claimed_brand_sign_in_page",
    );
  }
  const list = [...scores.values()].filter((s) => s.score > 0);
  list.sort((a, b) => b.score - a.score || PURPOSES.indexOf(a.purpose) - PURPOSES.indexOf(b.purpose));
  for (const item of list) item.score = Math.round(item.score * 10) / 10;
  return list.slice(0, 8);
}

/** Tracking markers in the root's own redirect URL (exported for the summary). */
export function redirectTracking(url: string): string[] {
  return trackingMarkers([url]);
}

/** The capture's own domain tokens, for topics. */
export function domainWords(domain: string): string[] {
  return words(domain.split(".")[0] ?? "");
}
