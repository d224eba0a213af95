import { makeFinding } from "../../../findings/catalog.js";
import type { Finding, Severity } from "../../../findings/types.js";
import type { ScanContext } from "../context.js";
import { exfilEndpoint } from "../endpoints.js";
import { disguisedPassword } from "../fields.js";
import { urlParts } from "../hosts.js";
import type { ContentSignals, FieldKind } from "../types.js";
import type { ScriptFacts } from "./scripts.js";
import { CARD, list, secretWords } from "./words.js";

const IDENTITY: ReadonlySet<FieldKind> = new Set(["pin", "ssn"]);
const PERSONAL: ReadonlySet<FieldKind> = new Set(["email", "phone", "personal", "username"]);

/**
 * What the page asks for (CON-001–005, 014). Each secret alone is normal somewhere (a checkout, an
 * application form); combined, or on a throwaway host, they are what verification lures collect. On the
 * owner's own page (it names itself after its host and claims no brand) a card beside a password is a
 * sign-up with a trial or a paid plan, not a lure: it stays Low there.
 */
export function askFindings(
  ctx: ScanContext,
  secrets: FieldKind[],
  seedPrompt: string | null,
  throwaway: boolean,
  giftCard: boolean,
  ownPage = false,
): Finding[] {
  const findings: Finding[] = [];
  const card = !giftCard && secrets.some((k) => CARD.has(k));
  const identity = secrets.some((k) => IDENTITY.has(k));
  const password = secrets.includes("password");
  if (password)
    findings.push(
      makeFinding(
        "CON-001",
        `The page has a password field${ctx.forms.length > 1 ? ` among ${ctx.forms.length} forms` : ""}.`,
      ),
    );
  if (secrets.some((k) => CARD.has(k)))
    findings.push(
      makeFinding(
        "CON-002",
        `The page has fields for a ${giftCard ? "gift" : "payment"} card number or security code${password ? " beside a password" : ""}.`,
        { severity: card && ((password && !ownPage) || identity || throwaway) ? "Medium" : "Low" },
      ),
    );
  if (identity) {
    const what = [
      secrets.includes("pin") ? "a card or banking PIN" : "",
      secrets.includes("ssn") ? "a social security or tax number, or security answers" : "",
    ].filter(Boolean);
    const combined = (secrets.includes("pin") && card) || (secrets.includes("ssn") && (password || card));
    findings.push(
      makeFinding(
        "CON-003",
        `The page asks for ${list(what)}${password || card ? " together with other secrets" : ""}.`,
        { severity: combined || throwaway ? "High" : "Low" },
      ),
    );
  }
  if (ctx.forms.some((f) => f.kinds.includes("otp")))
    findings.push(makeFinding("CON-004", "The page asks for a one-time verification code."));
  if (secrets.includes("seed"))
    findings.push(
      makeFinding(
        "CON-005",
        `The page asks for ${seedPrompt ? `a "${seedPrompt}"` : "a wallet recovery phrase"}.`,
      ),
    );
  const disguised = ctx.page.fields.find((f) => f.visible && f.type !== "password" && disguisedPassword(f));
  if (disguised)
    findings.push(
      makeFinding(
        "CON-014",
        `A text field is captioned "${(disguised.label || disguised.placeholder || disguised.before).slice(0, 40)}".`,
      ),
    );
  return findings;
}

/**
 * Where forms and scripts deliver (CON-010–012): mail, bots and collection services, another site, a
 * script posting what an action-less form holds. A site builder's form back-end collects what an
 * action-less Webflow form sends.
 */
export function deliveryFindings(
  ctx: ScanContext,
  text: string,
  secrets: FieldKind[],
  scripts: ScriptFacts,
  lured: boolean,
): { findings: Finding[]; exfil: ContentSignals["exfil"] } {
  const findings: Finding[] = [];
  const exfil: ContentSignals["exfil"] = [];
  const builderForm = /\byour submission has been received\b/.test(text);
  for (const form of ctx.forms) {
    const endpoint = form.action ? exfilEndpoint(form.action) : null;
    const sensitive = form.secrets.length > 0;
    if (endpoint) exfil.push({ kind: endpoint.kind, where: "form", sensitive, target: endpoint.host });
    else if (builderForm && form.actionKind === "page" && sensitive)
      exfil.push({
        kind: "site_builder_form",
        where: "form",
        sensitive,
        target: "the site builder's form service",
      });
  }
  for (const kind of scripts.exfil)
    exfil.push({ kind, where: "script", sensitive: secrets.length > 0, target: kind });
  if (exfil.length > 0) {
    const sensitive = exfil.some((e) => e.sensitive);
    const bot = exfil.some(
      (e) => e.where === "script" && e.kind !== "form_service" && e.kind !== "site_builder_form",
    );
    const severity: Severity = sensitive ? "Critical" : bot ? "High" : lured ? "Medium" : "Low";
    const where = exfil.map(
      (e) =>
        `${e.where === "form" ? "a form submits to" : "a script sends to"} ${e.kind.replace(/_/g, " ")}${e.where === "form" ? ` (${e.target})` : ""}`,
    );
    findings.push(
      makeFinding(
        "CON-011",
        `${list(where)}${sensitive ? `, on a page asking for ${secretWords(secrets)}` : ""}.`,
        {
          severity,
          ...(sensitive
            ? { description: "Credentials delivered by e-mail, chat bot or collection service" }
            : {}),
        },
      ),
    );
  }
  const finalSite = ctx.final?.site ?? ctx.request?.site;
  for (const form of ctx.forms) {
    if (form.secrets.length > 0 || form.actionKind !== "url" || !form.action) continue;
    if (!form.kinds.some((k) => PERSONAL.has(k)) || exfilEndpoint(form.action)) continue;
    const dest = urlParts(form.action);
    if (dest && finalSite && dest.site !== finalSite) {
      const asked = form.kinds.filter((k) => PERSONAL.has(k)).join(", ");
      findings.push(makeFinding("CON-010", `A form asking for ${asked} submits to ${dest.host}.`));
      break;
    }
  }
  const kitForm = ctx.forms.some(
    (f) => f.secrets.length > 0 && f.actionKind !== "url" && f.actionKind !== "mailto",
  );
  const posts = scripts.postTargets.filter((t) => {
    const parts = urlParts(t);
    return /\.php(?:[?#]|$)/i.test(t) || (parts !== null && parts.site !== finalSite);
  });
  if (kitForm && posts.length > 0)
    findings.push(
      makeFinding(
        "CON-012",
        `The secret-asking form has no real action; a script posts to ${list(posts.slice(0, 3))}.`,
      ),
    );
  return { findings, exfil };
}

/** A hidden field holding an e-mail address: the victim's, filled in by the link that led here. */
export function prefilledEmail(ctx: ScanContext): boolean {
  return ctx.page.fields.some((f) => f.type === "hidden" && /^[\w.+-]+@[\w-]+\.[\w.-]+$/.test(f.value));
}

/** CON-021: secrets asked under a brand's name on a site that brand does not own. */
export function loginForBrand(
  brand: string,
  legitimateDomain: string,
  secrets: FieldKind[],
  ctx: ScanContext,
  source: string,
): Finding {
  const site = ctx.final?.site ?? ctx.request?.site ?? "this site";
  return makeFinding(
    "CON-021",
    `The page asks for ${secretWords(secrets)} under ${brand}'s name (from ${source}) on ${site}; ${brand} signs people in on ${legitimateDomain || "its own domains"}, not there.`,
    { description: `${brand} sign-in page on a domain ${brand} does not use` },
  );
}
