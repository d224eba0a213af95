import { cleanText, truncate } from "../../html/index.js";

/**
 * Organization names in untrusted page text: legal-form suffixes, comparison keys, and the spots where
 * sites state who they are (copyright lines, imprint labels, "operated by").
 */

/** Legal-form suffixes, longest first (matched case-sensitively, as companies write them). */
const LEGAL_SUFFIXES = [
  "GmbH & Co\\. KG",
  "Co\\., Ltd\\.",
  "Pty\\.? Ltd\\.?",
  "Pte\\.? Ltd\\.?",
  "& Co\\.(?:,? (?:Inc|KG|LLC|Ltd)\\.?)?",
  "UG \\(haftungsbeschränkt\\)",
  "sp\\. z o\\.o\\.",
  "S\\.A\\.S\\.U?",
  "S\\.A\\.R\\.L\\.",
  "S\\.p\\.A\\.",
  "S\\.r\\.l\\.",
  "S\\.L\\.U?\\.?",
  "S\\.A\\.",
  "N\\.A\\.",
  "N\\.V\\.",
  "B\\.V\\.",
  "L\\.L\\.C\\.",
  "P\\.L\\.C\\.",
  "K\\.K\\.",
  "e\\.V\\.",
  "s\\.r\\.o\\.",
  "a\\.s\\.",
  "d\\.o\\.o\\.",
  "Incorporated",
  "Corporation",
  "Limited",
  "Company",
  "GmbH",
  "KGaA",
  "Inc\\.?",
  "Corp\\.?",
  "Ltd\\.?",
  "Co\\.",
  "LLC",
  "LLP",
  "PLC",
  "plc",
  "PBC",
  "SARL",
  "SASU",
  "SAS",
  "EURL",
  "SNC",
  "SpA",
  "Srl",
  "SRL",
  "Ltda\\.?",
  "Lda\\.?",
  "Kft\\.",
  "Zrt\\.",
  "Nyrt\\.",
  "OÜ",
  "SIA",
  "UAB",
  "ApS",
  "A/S",
  "ASA",
  "Oyj",
  "Oy",
  "AB",
  "AG",
  "SE",
  "SA",
  "NV",
  "BV",
  "KG",
  "OHG",
  "eG",
  "ehf\\.?",
  "LP",
  // UK community interest companies and charitable incorporated organisations.
  "CIC",
  "CIO",
];
const SUFFIX = `(?:${LEGAL_SUFFIXES.join("|")})`;
/** A capitalised word with at least one letter; inner dots only ("J.P."), never a sentence-ending one. */
const TOKEN =
  "(?:(?:St|Ste|Dr|Mt|Ft|Mr|Mrs|Ms|Jr|Sr)\\.|(?=[\\p{N}&'’.\\-]*\\p{L})[\\p{Lu}\\p{N}](?:[\\p{L}\\p{N}&'’\\-]|\\.(?=[\\p{L}\\p{N}]))*)";
const CONNECTOR = "(?:&|and|of|the|de|du|des|la|le|del|der|die|und|et|y|e|\\+|von|van)";
const NAME = `${TOKEN}(?: +(?:${CONNECTOR} +)?${TOKEN}){0,5}`;
const LEGAL_NAME = new RegExp(`(${NAME})(,? +)(${SUFFIX})(?![\\p{L}\\p{N}])`, "gu");
const ENDS_WITH_SUFFIX = new RegExp(`(?:^|[\\s,])${SUFFIX}$`, "u");
const SUFFIX_AT_END = new RegExp(`,?\\s+${SUFFIX}$`, "u");

/** Words that name an organization without a legal form ("Fennmoor County", "Tidewater Reading Trust"). */
const ORG_WORDS = new RegExp(
  `(${NAME} +(?:County|City|Council|Trust|Foundation|Association|Society|University|College|Institute|Church|Club|Bank|Group|Holdings|Partners|Agency|Department|Ministry|Museum|Library|Hospital|Clinic|Cooperative|Union|Federation|Authority|Commission|District|Municipality|Government|Stiftung|Verein|Verband|Gemeinde|Fondation|Fundación|Asociación|Ayuntamiento|Mairie))(?![\\p{L}\\p{N}])`,
  "gu",
);

/** Capitalised words that start sentences, not names: dropped from the front of a matched name. */
const LEADING_NOISE = new Set(
  (
    "today|the|we|our|at|by|from|in|on|for|with|contact|copyright|company|operator|operated|address|since|" +
    "founded|about|welcome|registered|owner|email|e-mail|phone|tel|telefon|website|site|this|that|these|all|" +
    "is|are|was|and|or|a|an|as|if|when|while|parent|subsidiary|deposit|products|provided|member|a|legal|" +
    "notice|imprint|impressum|firma|name|publisher|editor|herausgeber|anbieter|betreiber|éditeur|editeur|" +
    "société|societe|raison|sociale|titular|responsable|verantwortlich|vertreten|durch|managing|director|" +
    "directors|ceo|press|terms|privacy|policy|home|startseite|accueil|inicio|official|then|also|here|there|" +
    "hello|hi|dear|your|my|new|more|read|see|visit|call|write|use|get|join|sign|log|trademark|trademarks|" +
    "brand|brands|services|service|products|product|statement|reserved|rights|no|nr|number|vat|ust|idnr"
  ).split("|"),
);

export function stripDiacritics(value: string): string {
  return value.normalize("NFKD").replace(/\p{M}+/gu, "");
}

/** Comparison key of an organization name: no legal form, no "the", no punctuation, lower case. */
export function nameKey(value: string): string {
  let name = cleanText(value);
  for (let i = 0; i < 2; i++) name = name.replace(SUFFIX_AT_END, "");
  return stripDiacritics(name)
    .toLowerCase()
    .replace(/^the\s+/, "")
    .replace(/[^\p{L}\p{N}]+/gu, "");
}

/** Lower-case word tokens of a name or label (`Tischlerei Lindenhof GmbH` → tischlerei, lindenhof, gmbh). */
export function nameTokens(value: string): string[] {
  return stripDiacritics(value)
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length > 0);
}

export function hasLegalSuffix(value: string): boolean {
  return ENDS_WITH_SUFFIX.test(value.trim());
}

/** Trims noise and caps a candidate name; null when nothing name-like is left. */
export function tidyName(raw: string): string | null {
  let name = cleanText(raw)
    .replace(/^[\s"'“”‘’«»([:–—\-·|,;]+/u, "")
    .replace(/[\s"'“”‘’«»)\]:–—\-·|,;]+$/u, "");
  // Drop capitalised sentence starters ("Today Codewharf Ltd." → "Codewharf Ltd.").
  for (;;) {
    const space = name.indexOf(" ");
    if (space < 0) break;
    const first = name.slice(0, space).toLowerCase().replace(/[:,]$/, "");
    if (!LEADING_NOISE.has(first)) break;
    const rest = name.slice(space + 1);
    if (!/^[\p{Lu}\p{N}]/u.test(rest)) break;
    name = rest;
  }
  if (!hasLegalSuffix(name)) name = name.replace(/\.$/, "");
  if (name.length < 2 || name.length > 120) return null;
  if (!/\p{L}{2,}/u.test(name)) return null;
  if (looksLikeDomain(name) || /@|https?:|www\./i.test(name)) return null;
  if (name.split(/\s+/).length > 9) return null;
  return truncate(name, 120);
}

export function looksLikeDomain(value: string): boolean {
  return /^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/i.test(value.trim());
}

/** Every "Name + legal form" in a text ("Codewharf Ltd.", "Harborline Bank, N.A."), in order. */
export function legalNamesIn(text: string, limit = 40): string[] {
  const names: string[] = [];
  LEGAL_NAME.lastIndex = 0;
  for (const match of text.matchAll(LEGAL_NAME)) {
    const name = tidyName(`${match[1] ?? ""}${match[2] ?? ""}${match[3] ?? ""}`);
    if (name && hasLegalSuffix(name)) names.push(name);
    if (names.length >= limit) break;
  }
  return names;
}

/** Organization names without a legal form but with an organization word ("Fennmoor County"). */
export function orgWordNamesIn(text: string, limit = 20): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(ORG_WORDS)) {
    const name = tidyName(match[1] ?? "");
    if (name) names.push(name);
    if (names.length >= limit) break;
  }
  return names;
}

/** The holder named by a copyright line ("© 2013–2026 Codewharf Ltd." → "Codewharf Ltd."). */
export function copyrightHolder(line: string): string | null {
  let rest = cleanText(line)
    .replace(/^(?:copyright|©|\(c\)|ⓒ|\s|:)+/iu, "")
    .replace(/^(?:copyright|©|\(c\))\s*/iu, "");
  rest = rest.replace(/^\d{4}(?:\s*[-–—/]\s*(?:\d{4}|present|heute|today))?[,.]?\s*/iu, "");
  rest = rest.replace(/^(?:by|par|von|por)\s+/iu, "");
  // "© Microsoft 2026"
  rest = rest.replace(/\s*\d{4}(?:\s*[-–—]\s*\d{4})?\.?$/u, "");
  rest = rest.replace(
    /,?\s*(?:all rights reserved|alle rechte vorbehalten|tous droits réservés|todos los derechos reservados).*$/iu,
    "",
  );
  const legal = legalNamesIn(rest, 1)[0];
  if (legal && rest.startsWith(legal.split(" ")[0] ?? legal)) return legal;
  // "© Wexcombe City Council, Guildhall, High Street, Wexcombe WX1 1AA": the name, then its address.
  const comma = rest.indexOf(", ");
  if (comma > 0 && /\d/.test(rest.slice(comma))) rest = rest.slice(0, comma);
  // Up to the first sentence end or separator.
  const cut =
    rest.split(
      /(?<!\b(?:St|Ste|Dr|Mt|Ft|Mr|Mrs|Ms|Jr|Sr|No|\p{Lu}))\.\s|\s[|·•–—-]\s|,\s(?=\p{Ll})|\s\(|;/u,
    )[0] ?? rest;
  return tidyName(cut.split(/\s+/).slice(0, 6).join(" "));
}

const LEGAL_NAME_AT = new RegExp(`^(?:the +)?(${NAME},? +${SUFFIX})(?![\\p{L}\\p{N}])`, "u");
const NAME_AT = new RegExp(`^(?:the +)?(${NAME})`, "u");

/** The name that starts right after `index` (case-sensitive: names are capitalised). */
function nameAfter(text: string, index: number): string | null {
  const window = text.slice(index, index + 200);
  const match = LEGAL_NAME_AT.exec(window) ?? NAME_AT.exec(window);
  return match?.[1] ? tidyName(match[1]) : null;
}

/** Labels (case-insensitive) after which imprints and legal notices state the operator. */
const OPERATOR_LABEL = new RegExp(
  "(?:^|[\\s.;·|(])(?:company(?:\\s+name)?|legal\\s+(?:entity|name)|operator|operated\\s+by|" +
    "owned\\s+and\\s+operated\\s+by|(?:website|site)\\s+is\\s+(?:operated|run|owned)\\s+by|is\\s+operated\\s+by|" +
    "service\\s+provider|firma|unternehmen|anbieter|betreiber|herausgeber|diensteanbieter|betrieben\\s+von|" +
    "éditeur|editeur|raison\\s+sociale|société|societe|exploité\\s+par|exploite\\s+par|édité\\s+par|edite\\s+par|" +
    "razón\\s+social|razon\\s+social|titular|operado\\s+por|empresa)\\s*[:：]?\\s+",
  "giu",
);

/** Labels after which a parent is named ("a subsidiary of X", "Parent company: X"). */
const PARENT_LABEL = new RegExp(
  "(?:subsidiary\\s+of|parent(?:\\s+company)?\\s*[:：]|owned\\s+by|part\\s+of|a\\s+member\\s+of\\s+the|" +
    "tochtergesellschaft\\s+(?:der|von)|filiale\\s+de|une\\s+société\\s+du\\s+groupe|filial\\s+de)\\s*",
  "giu",
);

/** Labels after which someone other than the operator is named (hosting provider, EU representative). */
const OTHER_LABEL =
  /(?:hébergeur|hebergeur|hosting(?:\s+provider)?|hosted\s+by|(?:eu\s+)?representative|vertreter|datenschutzbeauftragter|registrar)\s*[:：]?\s*/giu;

function namesAfterLabels(text: string, label: RegExp, limit: number): string[] {
  const names: string[] = [];
  label.lastIndex = 0;
  for (const match of text.matchAll(label)) {
    const name = nameAfter(text, (match.index ?? 0) + match[0].length);
    if (name) names.push(name);
    if (names.length >= limit) break;
  }
  return names;
}

export function labelledOperators(text: string, limit = 10): string[] {
  const others = namesNotOperating(text);
  return namesAfterLabels(text, OPERATOR_LABEL, limit * 2)
    .filter((name) => !others.has(nameKey(name)))
    .slice(0, limit);
}

export function statedParents(text: string, limit = 5): string[] {
  return namesAfterLabels(text, PARENT_LABEL, limit);
}

/** Names that follow "hosted by" / "Hébergeur :" / "representative:" (never the operator). */
export function namesNotOperating(text: string): Set<string> {
  return new Set(namesAfterLabels(text, OTHER_LABEL, 10).map(nameKey));
}

/** "pinecrest homelab" → "Pinecrest Homelab" (only when written all in lower case). */
export function titleCaseIfLower(value: string): string {
  if (value !== value.toLowerCase()) return value;
  return value.replace(/(^|[\s-])(\p{L})/gu, (_m, sep: string, ch: string) => `${sep}${ch.toUpperCase()}`);
}

/** Title segments ("Codewharf — Where teams ship code" → ["Codewharf", "Where teams ship code"]). */
export function titleSegments(title: string): string[] {
  return title
    .split(/\s+[|—–·:~-]\s+|\s*[|·]\s*|:\s+/u)
    .map((s) => cleanText(s.replace(/^[~\s]+|[~\s]+$/g, "")))
    .filter((s) => s.length > 0);
}

/** Words that mark a business or organization name rather than a person's. */
const NOT_PERSON =
  /^(?:coffee|cafe|café|bakery|studio|studios|shop|store|design|designs|media|labs?|group|house|club|games?|systems|solutions|consulting|co|company|services?|tech|digital|kitchen|farm|garden|press|news|pages|online|trust|county|city|school|church|hotel|travel|bank|capital|partners|holdings|foundation|network|software|apps?|cloud|data|analytics|homelab|lab|official|store|outlet|team|project|blog|wiki|photography|music|records|books|home|hardware|supply|agency|collective|works|protocol|finance|health|care)$/i;

/** "Alice Moreau", "Jean-Luc M. Picard": two or three capitalised words and nothing organisational. */
export function looksLikePersonName(value: string): boolean {
  const tokens = value.trim().split(/\s+/);
  if (tokens.length < 2 || tokens.length > 3 || hasLegalSuffix(value)) return false;
  return tokens.every(
    (t) => /^(?:\p{Lu}[\p{Ll}'’-]+(?:-\p{Lu}[\p{Ll}]+)?|\p{Lu}\.)$/u.test(t) && !NOT_PERSON.test(t),
  );
}

/**
 * Whether two names denote the same organization: the same comparison key, unless both carry a legal
 * form and the forms differ ("Tripadvisor LLC" operated for "Tripadvisor, Inc." are two companies).
 */
export function sameEntity(a: string, b: string): boolean {
  if (nameKey(a) !== nameKey(b)) return false;
  if (!hasLegalSuffix(a) || !hasLegalSuffix(b)) return true;
  const full = (v: string) =>
    stripDiacritics(v)
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, "");
  return full(a) === full(b);
}
