import { makeFinding } from "../../../findings/catalog.js";
import type { Finding } from "../../../findings/types.js";
import { apiKeyPair, WALLET_SECRET_TEXT } from "../fields.js";
import type { PageView } from "../page.js";
import type { ScriptFacts } from "./scripts.js";
import { normalize } from "./wording.js";
import { firstAffirmed, list } from "./words.js";

/** Crypto-wallet lures: connect prompts, airdrop/claim/validation wording, drainer calls, seed phrases. */
export interface CryptoFacts {
  connectPrompt: string | null;
  lure: string | null;
  connectApis: string[];
  drainApis: string[];
  seedPrompt: string | null;
}

const CONNECT_TEXT =
  /\bconnect (?:your |a )?wallets?\b|\bwallet ?connect\b|\blink (?:your )?wallet\b|\bsync(?:hroni[sz]e)? (?:your )?wallets?\b|\bvalidate (?:your )?wallets?\b|\bimport (?:your )?wallet\b|\brestore (?:your )?wallet\b|\bwallet (?:validation|rectification|synchroni[sz]ation|recovery|connection)\b|\bconnect (?:to )?(?:metamask|trust wallet|phantom|coinbase wallet)\b/;
/**
 * "Connect your wallet" in the languages drainer kits are written in (text is lower-cased; no word
 * boundaries in scripts that write words without spaces).
 */
const CONNECT_TEXT_OTHER =
  /连接钱包|連接錢包|連結錢包|ウォレット(?:を|に)?接続|지갑\s?연결|подключ(?:ить|ите) кош[её]л[её]к|conect(?:ar|e) (?:(?:tu|su|a|sua) )?(?:billetera|cartera|carteira|wallet)|connect(?:er|ez) (?:votre |le |un )?(?:portefeuille|wallet)|wallet verbinden|verbinde (?:deine |ihre )?wallet|collega (?:il (?:tuo )?)?(?:wallet|portafoglio)|połącz (?:portfel|wallet)|cüzdan(?:ı|ınızı)? bağla|kết nối ví|hubungkan dompet|เชื่อมต่อกระเป๋า/;
/** Lures of drainer and wallet-phishing pages. */
const LURE =
  /\bairdrop\b|\bclaim (?:your |free )?(?:tokens?|airdrop|nfts?|allocation)\b|\bclaim now\b|\bclaim window\b|\bfree mint\b|\bgiveaway\b|\bbonus tokens?\b|\brectif(?:y|ication)\b|\b(?:validate|verify|sync(?:hroni[sz]e)?|rectify|restore|recover) (?:your )?wallets?\b|\bwallet (?:validation|verification|synchroni[sz]ation|rectification)\b|\bgas (?:fees? )?(?:is |are )?covered\b|\beligible wallets?\b|\bcheck (?:your )?eligibility\b/;
/** The same lures in other languages (airdrop, claim tokens or rewards). */
const LURE_OTHER =
  /空投|领取(?:代币|奖励|空投)|領取(?:代幣|獎勵|空投)|エアドロップ|에어드[랍롭]|эйрдроп|аирдроп|раздача токенов|получить токены|reclam(?:ar|a) (?:tus |sus )?tokens|resgat(?:ar|e) (?:seus )?tokens|réclamer (?:vos )?jetons|tokens? (?:jetzt )?(?:beanspruchen|abholen)|odbierz (?:tokeny|nagrod)|nhận airdrop|klaim (?:token|airdrop)/;
/** Global: `seedAsk` walks every match. */
const SEED_TEXT =
  /\b(?:enter|type|paste|import)(?: in)? (?:your )?(?:12|24|twelve|twenty[- ]four)[- ]word\b|\b(?:secret )?recovery phrase\b|\bseed phrase\b|\bmnemonic(?: phrase)?\b|\bprivate key\b|\bkeystore (?:json|file)\b/g;

/**
 * The first wording that asks for a wallet secret, skipping mentions its own sentence negates ("Cinder never
 * asks for your seed phrase", "no seed phrases to look after").
 */
export function seedAsk(captions: string): string | null {
  return firstAffirmed(SEED_TEXT, captions);
}

/** The longest block still read as a prompt rather than an article's paragraph. */
export const PROMPT_CHARS = 160;

export function analyzeCrypto(page: PageView, text: string, scripts: ScriptFacts): CryptoFacts {
  const captions = `${text} ${page.buttons.join(" ").toLowerCase()}`;
  // A connect prompt is something to click (a button, a link, a short block), not an article's sentence.
  const clickable = [
    ...page.buttons,
    ...page.facts.links.map((l) => l.text),
    ...page.facts.blocks.filter((b) => b.split(" ").length <= 5),
  ]
    .join(" | ")
    .toLowerCase();
  // A comment box (a blog's, posting to its comments) is where visitors write in public, not where the
  // page asks for a secret: a wallet tutorial with comments below it asks for nothing.
  const commentForms = new Set(
    page.forms.flatMap((form, i) => (/comment/i.test(form.rawAction ?? "") ? [i] : [])),
  );
  const hasTextEntry = page.fields.some(
    (f) =>
      f.visible &&
      !commentForms.has(f.form) &&
      !(f.tag === "textarea" && /^comments?$/i.test(f.name)) &&
      (f.tag === "textarea" || ["text", "password", ""].includes(f.type)),
  );
  // A request for a wallet secret is a prompt: the title, a heading, a short block, a button or a field's own
  // caption. An article's paragraph that names the recovery phrase (a wallet tutorial above its comment
  // box) asks for nothing.
  const prompts = [
    page.title,
    ...page.facts.headings.map((h) => h.text),
    ...page.facts.blocks.filter((b) => b.length <= PROMPT_CHARS),
    ...page.buttons,
    ...page.fields.flatMap((f) => [f.placeholder, f.label, f.before.length <= PROMPT_CHARS ? f.before : ""]),
  ].join(" | ");
  let seedPrompt = hasTextEntry ? seedAsk(normalize(prompts)) : null;
  // "Private key" beside an "API key" field is an exchange API key pair's secret, not a wallet's key.
  if (seedPrompt === "private key" && apiKeyPair(page.fields) && !WALLET_SECRET_TEXT.test(captions))
    seedPrompt = null;
  return {
    connectPrompt: (CONNECT_TEXT.exec(clickable) ?? CONNECT_TEXT_OTHER.exec(clickable))?.[0] ?? null,
    lure: (LURE.exec(captions) ?? LURE_OTHER.exec(captions))?.[0] ?? null,
    connectApis: scripts.connectApis,
    drainApis: scripts.drainApis,
    seedPrompt,
  };
}

/**
 * CON-060–062: a drainer (connect prompt, token-approval calls, and a lure or obfuscated code), a
 * connect prompt under a lure, or plain wallet code. A connect prompt under mint or claim wording is what
 * every dApp shows: CON-061 is Medium only with something else from the page behind it (`corroborated`:
 * a seed-phrase request, a brand it poses as, pressure wording, a throwaway host, data sent to a
 * collector, token-approval calls), Low alone.
 */
export function cryptoFindings(
  crypto: CryptoFacts,
  obfuscated: boolean,
  corroborated = false,
): { findings: Finding[]; drainer: boolean; walletLure: boolean } {
  const findings: Finding[] = [];
  const connect = crypto.connectPrompt !== null || crypto.connectApis.length > 0;
  const drainer = connect && crypto.drainApis.length > 0 && (crypto.lure !== null || obfuscated);
  const walletLure = connect && crypto.lure !== null;
  const prompt = crypto.connectPrompt ?? crypto.connectApis[0] ?? "";
  if (drainer)
    findings.push(
      makeFinding(
        "CON-060",
        `Wallet connection (${prompt}) with token-approval calls (${list(crypto.drainApis.slice(0, 4))})${crypto.lure ? ` under "${crypto.lure}" wording` : ""}${obfuscated ? ", in obfuscated code" : ""}.`,
        { severity: obfuscated ? "Critical" : "High" },
      ),
    );
  else if (walletLure) {
    const backed = corroborated || obfuscated || crypto.drainApis.length > 0;
    findings.push(
      makeFinding(
        "CON-061",
        `"${prompt}" together with "${crypto.lure}"${backed ? "" : "; nothing else on the page backs it"}.`,
        {
          severity: backed ? "Medium" : "Low",
        },
      ),
    );
  } else if (crypto.connectApis.length > 0)
    findings.push(makeFinding("CON-062", `Wallet calls: ${list(crypto.connectApis.slice(0, 4))}.`));
  return { findings, drainer, walletLure };
}
