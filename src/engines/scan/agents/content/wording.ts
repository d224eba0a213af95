/**
 * Lure wording in page text: pressure (urgency, threats), rewards and generic account/document sign-in
 * lures. Phrases in English, German, French, Spanish, Italian, Portuguese and Dutch;
 * matched on lower-case text with collapsed whitespace.
 */
import { firstAffirmed } from "./words.js";

const URGENCY: ReadonlyArray<readonly [string, RegExp]> = [
  [
    "account restricted",
    /\b(?:account|access|card|profile|apple id|mailbox|wallet|membership|subscription)\b[^.!?]{0,40}\b(?:(?:has been|have been|was|is|will be|temporarily|been|got)\s+)?(?:suspended|limited|locked|disabled|restricted|blocked|deactivated|frozen|on hold|compromised|closed)\b|(?:konto|zugang|karte)\b[^.!?]{0,40}(?:gesperrt|eingeschränkt|deaktiviert|eingefroren)|\bcompte\b[^.!?]{0,40}(?:suspendu|bloqué|limité|désactivé|restreint)|\bcuenta\b[^.!?]{0,40}(?:suspendida|bloqueada|limitada|desactivada|restringida)|\b(?:conto|account)\b[^.!?]{0,40}(?:sospeso|bloccato|limitato|disattivato)|\bconta\b[^.!?]{0,40}(?:suspensa|bloqueada|limitada|desativada)|\b(?:account|rekening)\b[^.!?]{0,40}(?:geblokkeerd|opgeschort|beperkt)/,
  ],
  [
    "deadline",
    /\bwithin (?:the next )?(?:\d{1,2}|twenty[- ]four|forty[- ]eight) ?(?:hours?|hrs?|h)\b|\b(?:expires?|ends?) today\b|\bin the next \d{1,2} hours\b|\bfinal (?:notice|warning|reminder)\b|\blast (?:warning|chance|reminder)\b|\binnerhalb (?:von )?\d{1,2} stunden\b|\b(?:sous|dans les) \d{1,2} ?h(?:eures)?\b|\ben (?:las próximas )?\d{1,2} horas\b|\bentro (?:le prossime )?\d{1,2} ore\b|\bem (?:até )?\d{1,2} horas\b|\bbinnen \d{1,2} uur\b|\bafter (?:this|that) (?:period|time)\b|\b(?:are|is) closed after \d+ hours\b/,
  ],
  [
    "verify now",
    /\b(?:verify|confirm|validate|update|re-?activate|restore|unlock)\s+(?:your\s+)?(?:identity|account|information|info|details|payment|billing|card|access|data|login|credentials)\b|\bbestätigen sie ihre\b|\bverifizieren sie ihr\b|\bvérifie[rz] votre\b|\bconfirme[rz] votre\b|\bverifique su\b|\bconfirme su\b|\bverifica (?:la tua|il tuo|i tuoi)\b|\bconfirme (?:seus|sua|os seus)\b|\bbevestig uw\b/,
  ],
  [
    "unusual activity",
    /\b(?:unusual|suspicious|irregular|strange) (?:activity|sign-?in|log-?in|login attempt|transaction|access)\b|\bunauthori[sz]ed (?:payment|transaction|access|login|sign-?in|charge|purchase|activity)\b|\bunrecogni[sz]ed (?:device|sign-?in|log-?in|login)\b|\bsomeone (?:has )?(?:tried|attempted) to\b|\bungewöhnliche aktivität|\bverdächtige aktivität|\bactivité (?:inhabituelle|suspecte)|\bactividad (?:inusual|sospechosa)|\battività (?:insolita|sospetta)|\batividade (?:incomum|suspeita)|\bongebruikelijke activiteit/,
  ],
  [
    "consequence",
    /\bwill be (?:permanently )?(?:deleted|closed|suspended|terminated|disabled|blocked|locked|lost|rejected)\b|\bpermanent(?:ly)? (?:closure|suspension|deletion|loss)\b|\blegal action\b|\bavoid (?:a |any )?(?:suspension|hold|interruption|closure|penalt)|\bwird (?:dauerhaft )?(?:gesperrt|gelöscht|geschlossen)\b|\bsera (?:définitivement )?(?:suspendu|supprimé|fermé|bloqué)\b|\bserá (?:suspendida|eliminada|cerrada|bloqueada)\b/,
  ],
  [
    "policy violation",
    /\bviolat(?:es|ed|ing|ion of) (?:our |the )?(?:terms|community (?:standards?|guidelines)|polic(?:y|ies)|copyright|trademark)|\b(?:copyright|trademark) (?:infringement|violation)\b|\brestrictions? (?:have|has) been (?:placed|applied) on your (?:account|page)\b|\byour (?:page|account|ad account) (?:will be|has been|was) (?:disabled|deleted|unpublished|restricted|removed)\b|\b(?:request|submit) (?:a |an )?(?:review|appeal)\b/,
  ],
  [
    "payment due",
    /\b(?:unpaid|outstanding|overdue|pending) (?:toll|invoice|balance|fee|bill|shipping fee|customs|payment)\b|\b(?:redelivery|customs|shipping|delivery) fee\b|\bpackage (?:is |was )?(?:on hold|held|suspended|returned)\b|\b(?:could not|couldn't|unable to) (?:be )?deliver|\bdelivery (?:failed|attempt failed|unsuccessful)\b|\bincomplete (?:address|shipping address)\b|\bopenstaande (?:boete|betaling|rekening|factuur|bedrag)\b|\b(?:ausstehende|offene|unbezahlte) (?:zahlung|rechnung|gebühr|maut|strafe)\b|\b(?:amende|facture|péage|frais) (?:impayée?s?|en attente|non réglée?s?)\b|\b(?:multa|factura|deuda|peaje) (?:pendiente|impagada|vencida)\b|\b(?:multa|fatura|pedágio|taxa) (?:pendente|em atraso|vencida)\b|\b(?:multa|fattura|pedaggio) (?:non pagata|in sospeso|scaduta)\b|\bödenmemiş (?:ceza|borç|fatura)\b/,
  ],
];

const REWARD: ReadonlyArray<readonly [string, RegExp]> = [
  [
    "congratulations",
    /\bcongratulations\b|\bherzlichen glückwunsch\b|\bfélicitations\b|\bfelicidades\b|\bcongratulazioni\b|\bparabéns\b|\bgefeliciteerd\b/,
  ],
  [
    "prize",
    /\byou(?:'ve| have)? (?:won|been selected)\b|\b(?:lucky|selected) winner\b|\bclaim your (?:prize|reward|gift|bonus|tokens?|airdrop|refund|nft)\b|\bfree (?:gift|iphone|reward|tokens?)\b|\bgiveaway\b/,
  ],
  ["airdrop", /\bairdrop\b|\bclaim (?:now|tokens?|rewards?)\b|\beligible (?:wallets?|for|to claim)\b/],
  [
    "refund",
    /\b(?:tax )?refund of\b|\byou are (?:eligible|entitled) (?:for|to) a refund\b|\bclaim your refund\b/,
  ],
];

/** Phrases of generic credential lures (mailbox quota, shared documents, expiring passwords). */
/** Global: `genericLureIn` walks every match. */
const GENERIC_LURE =
  /\bverify your e-?mail(?: account| address)?\b|\bconfirm your e-?mail (?:account|password)\b|\b(?:storage|quota|mailbox) (?:is )?(?:full|exceeded|almost full|limit)\b|\bview (?:the |this )?(?:shared )?(?:document|file|pdf|invoice|attachment|fax|voicemail)s?\b|\bto (?:view|access|download|open|read) (?:the |this |your )?(?:shared |secure |encrypted )?(?:document|file|pdf|invoice|attachment|message)s?\b|\bshared (?:a |the )?(?:document|file|folder) with you\b|\bdocument (?:is )?(?:protected|encrypted|secured)\b|\bpassword (?:expires|expired|expiration)\b|\bre-?validate\b|\bsign in to (?:view|access|download|read) (?:the |this |your )?(?:document|file|message|invoice)|\blogin to (?:view|access|download)\b|\b(?:incorrect|invalid|wrong) password[.!]? (?:please )?(?:try again|re-?enter|enter)\b|\be-?mail (?:password|account) (?:verification|update|upgrade)\b|\bpostfach (?:ist )?(?:fast |bald |zu \d+ ?% )?(?:voll|überfüllt)\b|\bspeicher(?:platz)? (?:ist )?(?:fast )?(?:voll|erschöpft|überschritten)\b|\bbo[iî]te (?:aux lettres|mail|de réception|de messagerie) (?:est )?(?:presque )?pleine\b|\bquota (?:de (?:messagerie|stockage) )?(?:dépassé|atteint)\b|\bbuzón (?:de correo )?(?:está )?(?:casi )?lleno\b|\bcasella (?:di posta|email|e-mail) (?:è )?(?:quasi )?piena\b|\bcaixa (?:de correio|de entrada|postal) (?:está )?(?:quase )?cheia\b|\b(?:mailbox|postvak|postbus) is (?:bijna )?vol\b|\bdocument partagé\b|\bdokument (?:wurde )?(?:für sie )?freigegeben\b|\bdocumento compartido\b|\bdocumento condiviso\b|\bdocumento compartilhado\b|\bgedeeld document\b/g;
/** Nouns that name a mailbox sign-in: lure evidence only with other signs. */
const MAIL_NOUNS =
  /\bwebmail\b|\bmail ?box\b|\be-?mail account\b|\be-?mail password\b|\bemail login\b|\bpostfach\b|\bbo[iî]te mail\b|\bmessagerie\b|\bbuzón\b|\bcasella di posta\b|\bcaixa de correio\b|\bpostvak\b/;

export function normalize(text: string): string {
  return text.toLowerCase().replace(/[’‘]/g, "'").replace(/\s+/g, " ");
}

function matches(list: ReadonlyArray<readonly [string, RegExp]>, text: string): string[] {
  return list.filter(([, pattern]) => pattern.test(text)).map(([name]) => name);
}

export function urgencyIn(text: string): string[] {
  return matches(URGENCY, text);
}

export function rewardIn(text: string): string[] {
  return matches(REWARD, text);
}

/** The first generic sign-in lure its own sentence does not negate ("we never ask for your email password"). */
export function genericLureIn(text: string): string | null {
  return firstAffirmed(GENERIC_LURE, text);
}

export function mailNounIn(text: string): string | null {
  return MAIL_NOUNS.exec(text)?.[0] ?? null;
}

/** The matched phrase of each urgency kind, for details. */
export function urgencyExamples(text: string, max = 3): string[] {
  const out: string[] = [];
  for (const [, pattern] of URGENCY) {
    const hit = pattern.exec(text);
    if (hit && out.length < max) out.push(hit[0].trim().slice(0, 80));
  }
  return out;
}
