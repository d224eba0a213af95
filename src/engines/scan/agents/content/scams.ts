import { type FindingCode, makeFinding } from "../../../findings/catalog.js";
import { type Finding, SEVERITY_RANK, type Severity } from "../../../findings/types.js";
import type { PageView } from "../page.js";
import type { FieldKind } from "../types.js";
import { CARD, firstAffirmed, NEGATION_MANY_LANGUAGES } from "./words.js";

/**
 * Scams that ask for no password (docs/findings-con.md, CON-042–045): game-currency and follower
 * "generators", fake giveaways, tech-support alerts with a phone number, and invitations (a messaging
 * group, a dating profile) used as lures. Each is recognized by what the scam needs the visitor to do —
 * pass a "human verification", send coins or pay a fee for a prize, call a number, join or verify — not
 * by a brand, and matched on lower-case text with collapsed whitespace, in several languages.
 */

export type ScamKind = "generator" | "giveaway" | "tech_support" | "invite";

export interface ScamCall {
  kind: ScamKind;
  severity: Severity;
  /** The wording that shows it, for the finding's details. */
  evidence: string[];
}

/** Pages that warn about a scam rather than run one ("Robux generators are scams", "beware of…"). */
const WARNS =
  /\b(?:is|are|it's|they're) (?:a |all )?(?:scams?|fake|frauds?)\b|\bbeware\b|\bdon'?t fall for\b|\bavoid (?:these |such )?scams?\b|\bscam (?:alert|warning)\b|\bhow to (?:spot|avoid|recogni[sz]e)\b|\bno (?:such thing as|legitimate) (?:a )?(?:free|generator)/;

// --- generators ------------------------------------------------------------------------------------

const CURRENCY =
  "robux|v-?bucks|vbucks|pavos|gems|coins|diamonds|gold|skins|spins|minecoins|primogems|crystals|gift ?cards?|followers|likes|riot points|diamantes|gemas|monedas|moedas|pièces|gemmes|diamants|münzen|diamanten|diamanti|gemme|monete|elmas|jeton|berlian|koin";
const GENERATOR = new RegExp(
  `\\b(?:${CURRENCY})\\b[^.!?|]{0,40}\\b(?:generator|generate|hack|adder|glitch)\\b|\\b(?:generator|generate|hack)\\b[^.!?|]{0,40}\\b(?:${CURRENCY})\\b|\\bfree (?:unlimited )?(?:${CURRENCY})\\b|\\bunlimited (?:${CURRENCY})\\b|\\b(?:gerador|generador|générateur|generatore|generator) (?:de |di |von )?(?:${CURRENCY})\\b|\\b(?:${CURRENCY}) (?:gratis|grátis|gratuit(?:e|s|es)?|kostenlos)\\b`,
);
const HUMAN_CHECK =
  /\bhuman verification\b|\bverify (?:that )?you(?:'re| are) (?:a )?(?:human|real|not a (?:ro)?bot)\b|\b(?:complete|finish) (?:an? |one |two |1 |2 )?(?:short )?(?:offers?|surveys?|tasks?|apps?)\b|\bverify (?:now )?to (?:receive|get|unlock|claim)\b|\b(?:anti-?bot|bot) verification\b|\bverificação humana\b|\bverificación humana\b|\bvérification humaine\b|\bverifica umana\b|\bmenschliche verifizierung\b|\bverifikasi manusia\b/;
/** A price: a currency sign or code beside a number. */
const PRICE =
  /(?:[$€£¥₹₩₺]|\br\$|\bus\$|\brp|\beur\b|\busd\b|\bbrl\b)\s?\d|\d(?:[.,]\d{2})?\s?(?:€|zł|kč|lei|₺|円|원)/;
const AMOUNT_PICK = new RegExp(`\\b\\d[\\d,. ]{2,}\\s*(?:${CURRENCY})\\b`, "g");

// --- giveaways ---------------------------------------------------------------------------------------

const COIN = "btc|eth|usdt|usdc|bitcoin|ethereum|sol|solana|bnb|xrp|doge|dogecoin|ada|trx|ton|shib|crypto";
const SEND_TO_RECEIVE = new RegExp(
  `\\bsend\\b[^|]{0,80}\\b(?:${COIN})\\b[^|]{0,160}?\\b(?:receive|get|we(?:'ll| will) (?:send|return)|sent back|back)\\b[^|]{0,60}?(?:\\b2x\\b|\\bx2\\b|\\bdouble\\b|\\btwice\\b|\\d+ ?(?:${COIN}))|\\b(?:double|2x|x2|multiply) (?:your |the )?(?:${COIN}|coins|deposit|investment)\\b|\\b(?:${COIN})\\b[^|]{0,30}\\b(?:doubl(?:er|ing)|x2 event|2x event)\\b`,
);
/** "We send back 2X", "double your deposit": the promise, wherever the send step is written. */
const DOUBLE_BACK =
  /\b(?:send|sent|return|pay|give)s? (?:you )?back (?:2x|x2|double|twice)\b|\b(?:2x|x2|double|twice) (?:the amount|back|what you sen[dt])\b|\bsent back \(x2\)|\b(?:receive|get) (?:2x|x2|double|twice)\b/;
const COIN_WORD = new RegExp(`\\b(?:${COIN})\\b`);
const WALLET_ADDRESS =
  /\b0x[a-f0-9]{40}\b|\bbc1[a-z0-9]{25,60}\b|\b[13][a-km-zA-HJ-NP-Z1-9]{25,34}\b|\bT[A-Za-z1-9]{33}\b/;
const PRIZE =
  /\byou(?:'ve| have)? (?:won|been (?:selected|chosen))\b|\b(?:lucky|selected) (?:winner|visitor|user|customer)\b|\bclaim your (?:prize|reward|gift|iphone|bonus)\b|\bcongratulations[^|]{0,80}\b(?:won|winner|selected|prize|reward|gift)\b|\bgiveaway\b|\bvous avez (?:gagné|été sélectionné)|\bsie haben gewonnen\b|\bhas ganado\b|\bhai vinto\b|\bvocê ganhou\b|\bu heeft gewonnen\b/;
const PAY_FOR_PRIZE =
  /\bpay (?:only |just )?(?:the |a small )?(?:shipping|delivery|handling|processing)\b|\b(?:shipping|delivery|handling|processing) (?:fee|cost|charge)s?\b[^|]{0,40}\b(?:only|just|of)\b|\bjust pay (?:for )?(?:shipping|delivery)\b|\bonly (?:pay|cover) (?:the )?(?:shipping|delivery)\b|\bfrais (?:de port|de livraison)\b|\bversandkosten\b|\bgastos de envío\b|\bspese di spedizione\b|\btaxa de (?:envio|entrega)\b|\bverzendkosten\b/;
/** Legitimate sweepstakes state their rules. */
const SWEEPSTAKES_RULES = /\bno purchase (?:is )?necessary\b|\bofficial rules\b|\bvoid where prohibited\b/;

// --- tech support ------------------------------------------------------------------------------------

/** The visitor's machine, in the languages the alerts are written in. */
const DEVICE =
  "computer|pc|device|windows|system|mac|macbook|iphone|browser|laptop|ordinateur|appareil|système|rechner|gerät|computadora|ordenador|equipo|dispositivo|computador|sistema|apparaat|bilgisayar(?:ınız)?|cihaz(?:ınız)?|компьютер|устройство";
/** What the alert says happened to it. */
const STRUCK =
  "infected|locked|blocked|compromised|hacked|disabled|infecté|infectée|bloqué|bloquée|verrouillé|piraté|infiziert|gesperrt|blockiert|gehackt|infectad[oa]|bloquead[oa]|hackead[oa]|bloccat[oa]|infettat[oa]|bloqueado|infectado|geblokkeerd|geïnfecteerd|vergrendeld|engellendi|kilitlendi|заблокирован|заражен";
/** `alternatives` as whole words in any script (`\\b` does not see the end of "bloqué"). */
const whole = (alternatives: string) => `(?<![\\p{L}\\p{N}])(?:${alternatives})(?![\\p{L}\\p{N}])`;
const INFECTED = new RegExp(
  [
    `${whole(DEVICE)}[^.!?|]{0,60}?${whole(STRUCK)}`,
    `${whole(STRUCK)}[^.!?|]{0,30}?${whole(DEVICE)}`,
    `${whole("virus(?:es)?|trojan|spyware|malware|zeus|adware|logiciel espion|virüs|вирус")}[^.!?|]{0,40}?${whole("detected|found|alert|infection|détecté|erkannt|detectado|rilevato|gedetecteerd|tespit edildi|обнаружен")}`,
    `${whole("error (?:code|#)")}[: ]*#?\\s*(?:0x[0-9a-f]{4,}|dw\\d{4,}|[0-9a-f]{6,})`,
    whole("code d'erreur|fehlercode|código de error|codice di errore|foutcode|hata kodu"),
    "ウイルス(?:に感染|が検出|感染)|(?:コンピュータ|パソコン|pc)[^。|]{0,10}(?:ロックされ|ブロックされ|感染)|컴퓨터가 (?:감염|잠겼|차단)|바이러스(?:가|에) (?:감염|발견)",
  ].join("|"),
  "gu",
);
/** A phone number: 9 to 14 digits, grouped by spaces, dots, dashes or brackets, in any national format. */
const PHONE = /(?:\+|\b)\d(?:[\s.()-]{0,2}\d){8,13}\b/;
const CALL =
  /\b(?:call|dial|ring|contact|phone|toll[- ]free|helpline|hotline|support|appelez|appeler|appel gratuit|rufen sie|anrufen|kostenlos|llame|llamar|chiami|chiamare|ligue|ligar|bel|arayın)\b|電話|お電話|연락|전화/;
const DO_NOT_CLOSE =
  /\bdo not (?:close|restart|shut ?down|turn off|ignore|try to)\b|\bdon'?t (?:close|restart|shut down|turn off)\b|\bne (?:fermez|redémarrez|éteignez) pas\b|\b(?:nicht|niet) (?:schließen|neu starten|ausschalten|sluiten)\b|\bno (?:cierre|reinicie|apague)\b|\bnon (?:chiudere|riavviare|spegnere)\b|\bnão (?:feche|reinicie|desligue)\b|閉じないで|再起動しないで|닫지 마|끄지 마/;
const LOCKDOWN_SCRIPT =
  /\brequestFullscreen\b|\bwebkitRequestFullscreen\b|\bonbeforeunload\b|addEventListener\(\s*["']beforeunload|\bkeyboard\.lock\(|\bpointerLockElement\b|history\.pushState\([^)]*\)\s*[;,]?\s*[^;]*history\.pushState/;

// --- invitations -------------------------------------------------------------------------------------

/** Brands whose groups, channels and chats are the bait of invitation lures. */
export const MESSAGING_BRANDS: ReadonlySet<string> = new Set([
  "WhatsApp",
  "Telegram",
  "Discord",
  "Signal",
  "Viber",
  "LINE",
  "Snapchat",
  "Kakao",
]);
/** Global: `firstAffirmed` walks every match. */
const JOIN =
  /\bjoin (?:the |our |my |this )?(?:official |private |vip |exclusive |secret |premium |free )*(?:group|channel|community|chat|server|club)\b|\binvit(?:es|ed|ing) you to (?:join|a (?:group|chat))\b|\b(?:group|chat|channel) invit(?:e|ation)\b|\btap to join\b|\b(?:únete|unirse|entrar|entre) (?:al |a |ao |no |en el )?(?:grupo|canal|chat)\b|\brejoin(?:dre|s|ez) (?:le |notre |mon |ce )?(?:groupe|canal|chat)\b|\b(?:der |dem )?(?:gruppe|kanal) beitreten\b|\bunisciti (?:al |a )?(?:gruppo|canale)\b|\b(?:gabung|bergabung)(?: ke)? (?:grup|group|saluran)\b|\bgruba katıl\b|グループに参加|그룹(?:에)? 참여/g;
const DATING =
  /\bsent you (?:a |her |his |some )?(?:private |new )?(?:photos?|pictures?|pics|messages?|videos?)\b|\b(?:hot|lonely|local|horny|single) (?:singles|girls|women|moms|milfs|ladies)\b|\b(?:girls|women|singles|ladies) (?:near you|in your area|nearby)\b|\bverify (?:your |that you are |you're )?(?:age|over 18|18\+?|an adult)\b|\bare you (?:over )?18\b|\bmeet (?:hot |local |real )?(?:girls|women|singles)\b|\bwants to (?:meet|chat with) you\b|\bprivate (?:photos|pictures|album|videos)\b|\bnudes?\b|\bhook-?ups?\b|\b(?:hat|hab) dir (?:eine |ein )?(?:private |neue )?(?:nachricht|foto|fotos|bild|bilder|video)\b|\bprivates? (?:foto|fotos|bild|bilder|video|album)\b|\b(?:frauen|singles|mädels|girls) in deiner nähe\b|\bbist du (?:mindestens |über )?18\b|\bt'a envoyé (?:une |un )?(?:photo|message|vidéo) privée?\b|\b(?:femmes|célibataires) (?:près de chez vous|autour de (?:vous|toi))\b|\bas-tu (?:plus de )?18 ans\b|\bte (?:ha )?envi(?:ado|ó) (?:una |un )?(?:foto|mensaje|video) privad[oa]\b|\b(?:mujeres|chicas|solteras) cerca de (?:ti|tu zona)\b|\b(?:tienes|eres) mayor de 18\b|\b(?:mulheres|garotas|solteiras) perto de (?:você|voce|ti)\b|\bdonne (?:single )?vicino a te\b/g;

const SECRETS_OF_ACCOUNT: ReadonlySet<FieldKind> = new Set(["password", "otp", "phone", "pin"]);

function phrase(pattern: RegExp, text: string): string | null {
  return pattern.exec(text)?.[0]?.trim().slice(0, 80) ?? null;
}

export interface ScamInput {
  page: PageView;
  /** Lower-cased title and blocks, " | " between blocks. */
  lines: string;
  /** The field kinds the page asks for (forms and loose inputs). */
  kinds: readonly FieldKind[];
  /** Brands the page claims or names (claims first). */
  brands: readonly string[];
  /** Brands owning the page's site. */
  owners: ReadonlySet<string>;
  /** What makes the host throwaway (`hostEvidence`), first reason, or null for an ordinary host. */
  throwaway: string | null;
}

function generatorCall(input: ScamInput, warns: boolean): ScamCall | null {
  const { lines, page } = input;
  const generator = warns ? null : phrase(GENERATOR, lines);
  if (!generator) return null;
  const check = phrase(HUMAN_CHECK, lines);
  const amounts = new Set([...lines.matchAll(AMOUNT_PICK)].map((m) => m[0])).size;
  const username = page.fields.some(
    (f) => f.visible && /user ?name|player|gamertag|nick|id\b/i.test(`${f.name} ${f.label} ${f.placeholder}`),
  );
  const evidence = [`"${generator}"`];
  if (check) evidence.push(`"${check}"`);
  if (amounts >= 2) evidence.push(`${amounts} amounts to pick`);
  if (username) evidence.push("a field for the player's user name");
  // The "human verification" (an offer wall) is the scam's payday (High); a player's name or ID to fill in
  // or amounts to pick under "free" or "generator" wording is how the generator looks before it (Medium).
  if (check !== null) return { kind: "generator", severity: "High", evidence };
  // A store that sells the currency shows prices; a generator gives it away.
  if ((amounts >= 2 || username) && !PRICE.test(lines))
    return { kind: "generator", severity: "Medium", evidence };
  return null;
}

function giveawayCall(input: ScamInput): ScamCall | null {
  const { lines } = input;
  const doubling =
    phrase(SEND_TO_RECEIVE, lines) ?? (COIN_WORD.test(lines) ? phrase(DOUBLE_BACK, lines) : null);
  if (doubling) {
    const address = WALLET_ADDRESS.exec(input.page.text)?.[0];
    return {
      kind: "giveaway",
      severity: "High",
      evidence: [
        `"${doubling}"`,
        ...(address ? [`a wallet address to send to (${address.slice(0, 12)}…)`] : []),
      ],
    };
  }
  const prize = phrase(PRIZE, lines);
  if (!prize || SWEEPSTAKES_RULES.test(lines)) return null;
  const fee = phrase(PAY_FOR_PRIZE, lines);
  const card = input.kinds.some((k) => CARD.has(k));
  if (!fee && !card) return null;
  const evidence = [`"${prize}"`];
  if (fee) evidence.push(`"${fee}"`);
  if (card) evidence.push("payment card fields");
  return { kind: "giveaway", severity: fee && card ? "High" : "Medium", evidence };
}

function techSupportCall(input: ScamInput): ScamCall | null {
  const { lines, page } = input;
  // An alert, not a shop's or a bank's warning about one ("no technician will call you about a «virus
  // détecté»"): the first affirmed and unquoted mention.
  const infected = firstAffirmed(INFECTED, lines, NEGATION_MANY_LANGUAGES)?.trim().slice(0, 80) ?? null;
  if (!infected) return null;
  // A number offered to call: a phone number in a block that says to call or in the block after it (a
  // number set apart under "call support now:"), or a tel: link.
  const blocks = lines.split(" | ");
  const callBlock = blocks.find((b, i) => PHONE.test(b) && (CALL.test(b) || CALL.test(blocks[i - 1] ?? "")));
  const telLink = page.facts.links.find((l) => l.href.startsWith("tel:"));
  const number = callBlock ? (PHONE.exec(callBlock)?.[0] ?? null) : (telLink?.href.slice(4) ?? null);
  const pressure = phrase(DO_NOT_CLOSE, lines);
  const lockdown =
    page.scripts.some((s) => LOCKDOWN_SCRIPT.test(s)) || page.handlers.some((h) => LOCKDOWN_SCRIPT.test(h));
  const evidence = [`"${infected}"`];
  if (number) evidence.push(`a number to call (${number.trim()})`);
  if (pressure) evidence.push(`"${pressure}"`);
  if (lockdown) evidence.push("scripts that hold the window (full screen, leave prompts)");
  if (number) return { kind: "tech_support", severity: "High", evidence };
  if (pressure && lockdown) return { kind: "tech_support", severity: "Medium", evidence };
  return null;
}

function inviteCall(input: ScamInput): ScamCall | null {
  const { lines } = input;
  const messaging = input.brands.find((b) => MESSAGING_BRANDS.has(b) && !input.owners.has(b));
  const join = messaging ? firstAffirmed(JOIN, lines) : null;
  const dating = new Set([...lines.matchAll(DATING)].map((m) => m[0]));
  const account = input.kinds.filter((k) => SECRETS_OF_ACCOUNT.has(k));
  const card = input.kinds.some((k) => CARD.has(k));
  if (messaging && join) {
    const evidence = [`"${join}" under ${messaging}'s name on a site ${messaging} does not own`];
    if (account.length > 0) evidence.push(`asks for ${account.join(", ").replace(/_/g, " ")}`);
    // Joining a group needs no phone number, code or password: asking for them takes over the account.
    if (account.length > 0) return { kind: "invite", severity: "High", evidence };
    if (input.throwaway)
      return { kind: "invite", severity: "Medium", evidence: [...evidence, input.throwaway] };
    return null;
  }
  if (dating.size >= 2 || (dating.size === 1 && (card || account.length > 0))) {
    const evidence = [...dating].slice(0, 3).map((d) => `"${d}"`);
    if (card) evidence.push("payment card fields");
    return { kind: "invite", severity: card || dating.size >= 3 ? "High" : "Medium", evidence };
  }
  return null;
}

/** The scams a page runs, strongest first. */
export function scamCalls(input: ScamInput): ScamCall[] {
  const warns = WARNS.test(input.lines);
  const calls = [
    generatorCall(input, warns),
    warns ? null : giveawayCall(input),
    techSupportCall(input),
    inviteCall(input),
  ];
  return calls
    .filter((c): c is ScamCall => c !== null)
    .sort((a, b) => SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity]);
}

const CODES: Record<ScamKind, { code: FindingCode; what: string }> = {
  generator: { code: "CON-042", what: "A free game-currency or follower generator" },
  giveaway: { code: "CON-043", what: "A giveaway that asks the winner to pay or send coins first" },
  tech_support: { code: "CON-044", what: "A fake security alert with a number to call" },
  invite: { code: "CON-045", what: "An invitation or dating lure" },
};

export function scamFindings(calls: readonly ScamCall[]): Finding[] {
  return calls.map((call) =>
    makeFinding(CODES[call.kind].code, `${CODES[call.kind].what}: ${call.evidence.join(", ")}.`, {
      severity: call.severity,
    }),
  );
}
