import { makeFinding } from "../../../findings/catalog.js";
import type { Finding } from "../../../findings/types.js";
import type { PageView } from "../page.js";
import { list } from "./words.js";

/**
 * Fake-shop signals: a page that sells, with implausible discounts, no legal or contact pages, a
 * free-mail or messenger contact, payment only by crypto or bank transfer, countdowns and scarcity.
 */
export interface ShopFacts {
  shop: boolean;
  /** Discounts of 70 % or more (stated or computed from was/now prices). */
  bigDiscounts: number[];
  maxDiscount: number;
  legalLinks: boolean;
  freeMail: string | null;
  messenger: boolean;
  cryptoOrTransferOnly: boolean;
  paymentWords: string[];
  scarcity: string[];
}

const COMMERCE =
  /\b(?:add to (?:cart|bag|basket)|buy now|shop now|order now|checkout|check out|in den warenkorb|jetzt kaufen|ajouter au panier|acheter|añadir al carrito|comprar|aggiungi al carrello|acquista|in winkelwagen|free shipping|shopping cart)\b/;
/**
 * Currencies written before or after an amount: symbols, ISO codes and the local abbreviations shops use
 * ("899 kr.", "49 zł", "1 299 Kč", "Rs. 499", "R$ 89,90", "Rp 150.000", "RM 59", "₺", "₫", "円").
 */
const CURRENCY_SIGN = "[$€£¥₽₺₹₱₩฿₫₪₴円元]|r\\$|zł";
const CURRENCY_WORD =
  "usd|eur|gbp|chf|sek|nok|dkk|pln|czk|huf|ron|try|inr|brl|mxn|ars|php|krw|thb|idr|myr|vnd|aed|sar|ils|zar|jpy|cny|rub|uah|kr|kč|lei|lv|руб|грн|rs|rp|rm|tl";
/** An amount: thousands grouped by a comma, a dot or a (non-breaking) space ("4 800", "1.199", "2,450.00"). */
const AMOUNT = "\\d{1,3}(?:[.,\\u00a0\\u202f ]\\d{3})+(?:[.,]\\d{1,2})?|\\d+(?:[.,]\\d{1,2})?";
const BEFORE = `(?:${CURRENCY_SIGN}|(?<![\\p{L}])(?:${CURRENCY_WORD})\\.?(?![\\p{L}]))`;
const AFTER = `(?:${CURRENCY_SIGN}|(?<![\\p{L}])(?:${CURRENCY_WORD})(?![\\p{L}]))`;
const PRICE = new RegExp(
  `(?<before>${BEFORE})\\s?(?<a>${AMOUNT})|(?<b>${AMOUNT})\\s?(?<after>${AFTER})`,
  "giu",
);
const PERCENT = [
  /-\s?(\d{2})\s?%/g,
  /(\d{2})\s?%\s?(?:off|discount|rabatt?|de (?:réduction|remise|descuento|desconto)|sconto|korting|reduziert|zniżki|rabatu|sleva|slevy|indirim|скидк[аи]|знижк[аи]|diskon|giảm|オフ|割引|할인)/gu,
  /(?:up to|save|bis zu|jusqu'(?:à|a)|hasta (?:un )?|fino al |até |tot |op til |opp til |upp till |do |až |akár |en fazla |до |hingga |lên đến |최대 |最大)-?\s?(\d{2})\s?%/gu,
];
const LEGAL =
  /imprint|impressum|legal|terms|conditions|privacy|datenschutz|agb|cgv|mentions|return|refund|shipping|delivery|contact|kontakt|about|über uns|uber uns|qui sommes|aviso|chi siamo|contatt|contacto|faq|policy|politique|widerruf/i;
const FREE_MAIL =
  /[\w.+-]+@(?:gmail|googlemail|yahoo|ymail|hotmail|outlook|live|aol|proton|protonmail|icloud|qq|163|126|yandex|mail|gmx|zoho)\.[a-z.]{2,6}\b/i;
const MESSENGER = /\b(?:whatsapp|telegram|wechat|viber|signal)\b[^.]{0,30}\+?\d[\d\s()-]{6,}/i;
const CRYPTO =
  /\b(?:bitcoin|btc|usdt|tether|ethereum|eth|crypto(?:currency)?|trc-?20|erc-?20|litecoin|ltc)\b/;
const TRANSFER =
  /\b(?:bank transfer|wire transfer|direct (?:bank )?transfer|überweisung|vorkasse|virement|transferencia bancaria|bonifico|transferência bancária|zelle|western union|moneygram|bankoverførsel|bankoverføring|banköverföring|overschrijving|przelew|převod(?:em)?|havale|банковский перевод|chuyển khoản)(?![\p{L}])/u;
const CARD =
  /\b(?:visa|mastercard|master card|amex|american express|credit card|debit card|paypal|apple pay|google pay|klarna|stripe|card payment|kreditkarte|carte bancaire|carte de crédit|tarjeta|carta di credito|cartão|maestro|discover|shop pay|afterpay)\b/;
const SCARCITY: ReadonlyArray<readonly [string, RegExp]> = [
  [
    "only a few left",
    /\bonly \d{1,2} (?:left|remaining|in stock)\b|\b\d{1,2} left in stock\b|\bnur noch \d{1,2}\b|\bplus que \d{1,2}\b|\bsolo quedan \d{1,2}\b|\bsolo \d{1,2} rimast/,
  ],
  [
    "countdown",
    /\b(?:sale|offer|deal|claim window|promotion|discount) (?:ends|closes|expires) in\b|\bends in \d|\b\d{1,2}:\d{2}:\d{2}\b/,
  ],
  ["selling fast", /\bselling fast\b|\blimited stock\b|\bhurry\b|\balmost sold out\b|\bwhile stocks? last/],
];

/** Words between a crossed-out price and the new one ("was £100 now £20", "statt 89 € nur 19 €"). */
const PAIR_WORDS =
  /\b(?:was|now|only|just|jetzt|nur|statt|nu|kun|ahora|antes|agora|por|ora|solo|invece di|teraz|tylko|nyní|şimdi|maintenant|seulement|au lieu de|au lieu)\b/giu;

/**
 * The amounts of a block with their currencies ("NOK 2,450 (approx. £182.60)": two currencies), and
 * whether they stand side by side as a was/now pair: nothing but spaces, punctuation and "now"-like words
 * between them ("899 kr. 199 kr."), not a sentence ("8 lessons — 4 800 ₽. First trial lesson — 500 ₽").
 */
function pricesIn(block: string): Array<{ value: number; currency: string; adjacent: boolean }> {
  const out: Array<{ value: number; currency: string; adjacent: boolean }> = [];
  let end = -1;
  for (const m of block.matchAll(PRICE)) {
    const groups = m.groups ?? {};
    const digits = (groups.a ?? groups.b ?? "").replace(/[^\d.,]/g, "");
    // 2,450.00 / 2.450,00 / 1.199 / 4 800 / 219
    const normalized = /[.,]\d{1,2}$/.test(digits)
      ? `${digits.slice(0, -3).replace(/[.,]/g, "")}${digits.slice(-3).replace(",", ".")}`
      : digits.replace(/[.,]/g, "");
    const value = Number(normalized);
    const currency = (groups.before ?? groups.after ?? "").toLowerCase().replace(/\.$/, "");
    const gap = end < 0 ? "" : block.slice(end, m.index).replace(PAIR_WORDS, "");
    const adjacent = end >= 0 && !/[\p{L}\p{N}]/u.test(gap);
    end = m.index + m[0].length;
    if (Number.isFinite(value) && value > 0) out.push({ value, currency, adjacent });
  }
  return out;
}

export function analyzeShop(page: PageView, text: string): ShopFacts {
  const prices = text.match(PRICE)?.length ?? 0;
  const shop =
    prices >= 2 && (COMMERCE.test(text) || page.buttons.some((b) => COMMERCE.test(b.toLowerCase())));
  const discounts: number[] = [];
  for (const pattern of PERCENT) {
    for (const m of text.matchAll(pattern)) {
      const value = Number(m[1]);
      if (value >= 70 && value < 100) discounts.push(value);
    }
  }
  for (const block of page.facts.blocks) {
    const values = pricesIn(block);
    // A was/now pair is two amounts of one currency (not a conversion, "NOK 2,450 (approx. £182.60)").
    if (values.length !== 2 || values[0]?.currency !== values[1]?.currency || !values[1]?.adjacent) continue;
    const [was = 0, now = 0] = values.map((v) => v.value);
    if (was > now && now > 0 && now / was <= 0.3) discounts.push(Math.round((1 - now / was) * 100));
  }
  const legalLinks = page.facts.links.some(
    (l) => LEGAL.test(l.text) || LEGAL.test(l.href.replace(/^https?:\/\/[^/]+/, "")),
  );
  const crypto = CRYPTO.test(text);
  const transfer = TRANSFER.test(text);
  const card = CARD.test(text);
  return {
    shop,
    bigDiscounts: discounts,
    maxDiscount: discounts.length > 0 ? Math.max(...discounts) : 0,
    legalLinks,
    freeMail: FREE_MAIL.exec(text)?.[0] ?? null,
    messenger: MESSENGER.test(text),
    cryptoOrTransferOnly: (crypto || transfer) && !card,
    paymentWords: [crypto ? "cryptocurrency" : "", transfer ? "bank transfer" : ""].filter(Boolean),
    scarcity: SCARCITY.filter(([, p]) => p.test(text)).map(([name]) => name),
  };
}

/** CON-050–055 from the shop facts; `fakeShop` when implausible discounts come with two other signs. */
export function shopFindings(shop: ShopFacts): { findings: Finding[]; fakeShop: boolean } {
  const findings: Finding[] = [];
  if (!shop.shop && shop.bigDiscounts.length === 0) return { findings, fakeShop: false };
  const big = shop.bigDiscounts.length >= 3 || shop.maxDiscount >= 85;
  if (shop.bigDiscounts.length > 0)
    findings.push(
      makeFinding(
        "CON-050",
        `Discounts up to ${shop.maxDiscount} % (${shop.bigDiscounts.length} at 70 % or more).`,
        { severity: big && shop.shop && !shop.legalLinks ? "Medium" : "Low" },
      ),
    );
  const others: string[] = [];
  if (shop.shop && !shop.legalLinks) {
    others.push("no legal or contact pages");
    findings.push(
      makeFinding(
        "CON-051",
        "The page sells but links to no imprint, terms, privacy, returns or contact page.",
      ),
    );
  }
  if (shop.cryptoOrTransferOnly) {
    others.push("crypto or transfer-only payment");
    findings.push(
      makeFinding("CON-052", `Payment named: ${list(shop.paymentWords)}; no card or buyer-protected method.`),
    );
  }
  if (shop.shop && (shop.freeMail || shop.messenger)) {
    others.push("free-mail or messenger contact");
    findings.push(makeFinding("CON-053", `Contact given: ${shop.freeMail ?? "a messenger number"}.`));
  }
  if (shop.scarcity.length > 0) {
    others.push(list(shop.scarcity));
    findings.push(makeFinding("CON-054", `${list(shop.scarcity)}.`));
  }
  const fakeShop = big && others.length >= 2;
  if (fakeShop)
    findings.push(
      makeFinding("CON-055", `Discounts up to ${shop.maxDiscount} % together with ${list(others)}.`),
    );
  return { findings, fakeShop };
}
