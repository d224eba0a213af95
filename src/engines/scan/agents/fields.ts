import type { ScanCapture } from "../types.js";
import type { PageField, PageView } from "./page.js";
import { type AnalyzedForm, type FieldKind, SECRET_KINDS } from "./types.js";

/**
 * What a form field asks for, read from everything a person or a kit author would write about it:
 * autocomplete token, type, name, id, placeholder, label and the caption just before it. Names are split
 * at `_`, `-` and camelCase so `cc_number`, `cardNumber` and `card-number` read alike.
 */

function words(value: string): string {
  return value
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .replace(/[_\-.[\]:()/]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

const SEED =
  /\b(?:seed (?:phrase|words?)|mnemonic|recovery (?:phrase|words?)|secret phrase|secret recovery|wallet phrase|(?:12|24|twelve|twenty four) words?|keystore)\b/;
/** "Private key" is a wallet's key, or the secret half of an exchange's API key pair (Kraken's own name). */
const PRIVATE_KEY = /\bprivate ?key\b/;
/** Captions of an API key pair's fields ("API key", "API secret", "Secret key", "Access key"). */
const API_KEY = /\bapi\b|\b(?:secret|access|public) key\b|\bkey secret\b/;
/**
 * What makes a "private key" a wallet's: recovery-phrase wording, 12/24-word inputs, a wallet's private
 * key, keystore files.
 */
export const WALLET_SECRET_TEXT =
  /\b(?:seed|recovery|secret|wallet) phrase\b|\bmnemonic\b|\b(?:12|24|twelve|twenty[- ]four)[- ]words?\b|\bwallet(?:'s)? private key\b|\bprivate key (?:of|for) (?:your|the) wallet\b|\bkeystore\b/;
/** A field shaped for a hex key (`0x…` placeholder, 64 or 66 characters). */
function hexKeyField(field: PageField): boolean {
  return (
    /^0x[0-9a-f.…]*$|^[0-9a-f]{16,}/i.test(field.placeholder.trim()) ||
    field.maxlength === 64 ||
    field.maxlength === 66
  );
}
const SEED_GRID = /^(?:word|phrase|seed|mnemonic|w)\s?\d{1,2}$/;
const SSN =
  /\b(?:ssn|social security|social insurance|sin number|tax ?id|taxpayer|national insurance|steuer ?id|mother'?s maiden|maiden name|security (?:question|answer)|secret (?:question|answer))\b/;
const CVV = /\b(?:cvv2?|cvc2?|csc|ccv|cid|card code|card verification|cc cvv|cvn)\b/;
const EXPIRY =
  /\b(?:exp(?:iry|iration)?(?: date)?|mm ?yy(?:yy)?|valid (?:thru|through|until)|cc exp|expdate|card exp|ablaufdatum|date d'expiration|fecha de (?:vencimiento|caducidad)|scadenza|validade)\b/;
const CARD =
  /\b(?:card (?:number|no|num|nr)|cardnumber|cardnum|cc ?(?:number|num|no)|ccnum|ccnumber|credit ?card|debit ?card|kartennummer|num[eé]ro de (?:la )?carte|n[uú]mero de (?:la )?tarjeta|n[uú]mero do cart[aã]o|numero (?:della )?carta|kaartnummer)\b/;
const PIN = /\b(?:card pin|atm pin|pin number|pin|pinblock|geheimzahl)\b/;
const NOT_PIN = /\b(?:pin ?code|zip|postal|spin|pinterest)\b/;
const OTP =
  /\b(?:otp|one ?time|2fa|two ?factor|verification code|sms ?code|auth(?:entication)? code|security code|mtan|tan|token code|bestätigungscode|code de (?:vérification|sécurité)|c[oó]digo de (?:verificaci[oó]n|seguridad))\b/;
const PASSWORD =
  /\b(?:password|passwd|pass|pwd|psw|passcode|contrase[nñ]a|mot de passe|passwort|kennwort|senha|wachtwoord|parola d'ordine|has[lł]o|şifre|sifre|heslo|lösenord|adgangskode|salasana|пароль|密码|パスワード)\b/;
const EMAIL = /\b(?:e ?mail|email address|correo|courriel|e ?mail adresse)\b/;
const USERNAME =
  /\b(?:user ?name|user ?id|userid|login|log in|account (?:number|id|name)|member id|customer (?:number|id)|apple id|phone or email|email or phone|email or mobile|mobile number or email|benutzername|identifiant|usuario|utente)\b/;
const PHONE = /\b(?:phone|mobile|telefon|t[eé]l[eé]phone|cell|handy|celular|telefono)\b/;
const PERSONAL =
  /\b(?:name|first name|last name|full name|surname|address|street|city|zip|postal|post ?code|dob|date of birth|birth ?date|birthday|country|state)\b/;
const SEARCH = /^(?:q|s|query|search|keyword|keywords|term)$/;

/**
 * A caption that spells "password" so text scanners miss it (`PASSW0RD`, `Passvvord`, `Pass****rd`),
 * a trick of phishing kits built on site builders.
 */
export function disguisedPassword(field: PageField): boolean {
  const before = field.label || field.before.length > 40 ? "" : field.before;
  for (const caption of [field.label, field.placeholder, before]) {
    const raw = caption.toLowerCase();
    if (!raw || /\bpassw(?:o|ö)rd\b|\bpasswort\b/.test(raw)) continue;
    const folded = raw.replace(/vv/g, "w").replace(/0/g, "o").replace(/[@4]/g, "a").replace(/[5$]/g, "s");
    if (/\bp[a]s{1,2}(?:w|\*)+(?:o|\*)*r?d\b|\bpass\*+r?d\b|\bpassword\b/.test(folded) && folded !== raw)
      return true;
    if (/\bpass\*+(?:w|o|r|d)*\b/.test(raw)) return true;
  }
  return false;
}

/** What the rest of the page says about a "private key" field (see {@link apiKeyPair}). */
export interface KeyContext {
  /** Another field of the form asks for an API key: a "private key" beside it is the pair's secret. */
  apiPair: boolean;
  /** The page talks of recovery phrases, mnemonics or a wallet's private key. */
  wallet: boolean;
}

const NO_KEY_CONTEXT: KeyContext = { apiPair: false, wallet: false };

export function fieldKind(field: PageField, keys: KeyContext = NO_KEY_CONTEXT): FieldKind {
  if (field.type === "hidden") return "hidden";
  if (
    ["submit", "button", "reset", "image", "checkbox", "radio", "file", "range", "color"].includes(field.type)
  )
    return "other";
  const auto = field.autocomplete;
  if (auto.includes("cc-number")) return "card_number";
  if (auto.includes("cc-csc")) return "card_cvv";
  if (auto.includes("cc-exp")) return "card_expiry";
  if (auto.includes("one-time-code")) return "otp";
  const name = words(`${field.name} ${field.id}`);
  // The text before a field is its caption only when short (not the paragraph above a form).
  const before = field.before.length <= 40 ? field.before : "";
  const caption = words(`${field.placeholder} ${field.label || before}`);
  const all = `${name} ${caption}`;
  if (SEED.test(all)) return "seed";
  if (PRIVATE_KEY.test(all)) {
    // A wallet's key when the field or the page says so; the secret of an API key pair otherwise.
    const wallet = keys.wallet || hexKeyField(field) || /\bwallet\b/.test(all);
    return keys.apiPair && !wallet ? "api_key" : "seed";
  }
  if (API_KEY.test(all) && !PASSWORD.test(all)) return "api_key";
  if (SSN.test(all)) return "ssn";
  if (CVV.test(all)) return "card_cvv";
  if (CARD.test(all)) return "card_number";
  if (EXPIRY.test(all) && !PASSWORD.test(all)) return "card_expiry";
  const short = field.maxlength !== null && field.maxlength <= 6;
  if (PIN.test(all) && !NOT_PIN.test(all) && (field.type === "password" || short)) return "pin";
  if (field.type === "password" || disguisedPassword(field)) return "password";
  if (OTP.test(all) && !PASSWORD.test(all)) return "otp";
  if (PASSWORD.test(name) || PASSWORD.test(words(field.placeholder)) || PASSWORD.test(words(field.label)))
    return "password";
  if (field.type === "email" || auto === "email" || EMAIL.test(all)) return "email";
  if (auto === "username" || USERNAME.test(all)) return "username";
  if (field.type === "tel" || auto.startsWith("tel") || PHONE.test(all)) return "phone";
  if (field.type === "search" || SEARCH.test(field.name.toLowerCase())) return "other";
  if (PERSONAL.test(all) || /^(?:given|family|name|street|postal|address|bday)/.test(auto)) return "personal";
  return "other";
}

function actionOf(raw: string | null, action: string | null): Pick<AnalyzedForm, "action" | "actionKind"> {
  if (raw === null || raw === "" || /^#/.test(raw) || raw === "?")
    return { action: null, actionKind: "page" };
  if (/^mailto:/i.test(raw)) return { action: raw, actionKind: "mailto" };
  if (/^javascript:/i.test(raw)) return { action: raw, actionKind: "javascript" };
  return { action, actionKind: action === null ? "page" : "url" };
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}

/**
 * The page's forms with the kinds of their fields. Fields outside any form that ask for secrets form one
 * more, action-less form (single-page kits collect them with a script). Falls back to the capture's live
 * form list when the markup shows none.
 */
export function analyzeForms(page: PageView, capture: ScanCapture): AnalyzedForm[] {
  const wallet = WALLET_SECRET_TEXT.test(`${page.title} ${page.text}`.toLowerCase());
  const forms: AnalyzedForm[] = page.forms.map((form, index) => {
    const fields = page.fields.filter((f) => f.form === index);
    const keys = { apiPair: apiKeyPair(fields), wallet };
    const kinds = fields.map((f) => fieldKind(f, keys));
    return {
      ...actionOf(form.rawAction, form.action),
      method: form.method,
      kinds: unique(kinds),
      secrets: unique(kinds.filter((k) => SECRET_KINDS.has(k))),
      visible: form.visible && fields.some((f) => f.visible),
    };
  });
  const loose = page.fields.filter((f) => f.form === -1);
  const looseKeys = { apiPair: apiKeyPair(loose), wallet };
  const looseKinds = loose.map((f) => fieldKind(f, looseKeys));
  const looseSecrets = unique(looseKinds.filter((k) => SECRET_KINDS.has(k)));
  if (looseSecrets.length > 0) {
    forms.push({
      action: null,
      actionKind: "javascript",
      method: "post",
      kinds: unique(looseKinds),
      secrets: looseSecrets,
      visible: loose.some((f) => f.visible),
    });
  }
  if (forms.length === 0 && capture.forms.length > 0) {
    for (const live of capture.forms) {
      const kinds = live.inputs.map((input) =>
        fieldKind({
          tag: "input",
          type: input.type,
          name: input.name ?? "",
          id: "",
          autocomplete: input.autocomplete ?? "",
          placeholder: "",
          label: "",
          before: "",
          inputmode: "",
          maxlength: null,
          value: "",
          form: 0,
          visible: live.visible,
        }),
      );
      forms.push({
        ...actionOf(live.action, live.action),
        method: live.method,
        kinds: unique(kinds),
        secrets: unique(kinds.filter((k) => SECRET_KINDS.has(k))),
        visible: live.visible,
      });
    }
  }
  return forms;
}

/**
 * Fields that ask for an API key ("API key", `api_key`): a "private key" or "secret" beside one is the
 * secret half of an exchange's API key pair (read-only tax and portfolio tools ask for these), not a
 * wallet's private key.
 */
export function apiKeyPair(fields: readonly PageField[]): boolean {
  return fields.some((f) => {
    if (f.type === "hidden" || !f.visible) return false;
    const before = f.before.length <= 40 ? f.before : "";
    const text = words(`${f.name} ${f.id} ${f.placeholder} ${f.label || before}`);
    return API_KEY.test(text) && !PRIVATE_KEY.test(text);
  });
}

/** Seed-phrase grids: twelve or more one-word fields (`word1`…`word12`). */
export function seedGrid(page: PageView): boolean {
  const named = page.fields.filter(
    (f) => SEED_GRID.test(words(f.name)) || SEED_GRID.test(words(f.id)) || /^\d{1,2}\.?$/.test(f.placeholder),
  );
  return named.length >= 12;
}
