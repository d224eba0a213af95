import { makeFinding } from "../../../findings/catalog.js";
import type { Finding } from "../../../findings/types.js";
import type { ScanContext } from "../context.js";

/** Web servers' default and directory-listing pages: nothing of the site's own. */
const DEFAULT_PAGE =
  /\bwelcome to nginx\b|\bapache2? (?:ubuntu |debian )?default page\b|^\s*index of \/|\bit works!|\btest page for the (?:apache|nginx)|\biis windows server\b|\bdefault web site page\b|\bfuture home of something quite cool\b/i;
/** A hosting or CDN provider's phishing interstitial. */
const WARNING =
  /\bsuspected phishing\b|\breported for (?:potential )?phishing\b|\bdeceptive site ahead\b|\bphishing (?:site|page) (?:ahead|detected|warning)\b|\bthis (?:site|website|page) has been (?:reported|flagged|blocked) (?:as|for) (?:phishing|fraud|malware)/;
const SUSPENDED =
  /\b(?:this )?account (?:has been |is )?suspended\b[\s\S]{0,80}?\b(?:hosting|host|web ?host|provider|cpanel|billing)\b|\bsite (?:has been |is )?(?:suspended|disabled) by (?:the )?(?:host|provider|administrator)/;
const PARKED =
  /\bthis domain (?:name )?(?:is|may be) for sale\b|\bbuy this domain\b|\bdomain (?:is )?for sale\b|\brelated (?:searches|links)\b|\bdomain parking\b|\bparked (?:free|domain)\b|\bsponsored listings\b|\binquire about this domain\b/;

export interface PageKind {
  /** The provider's phishing warning replaced the page. */
  warning: string | null;
  suspended: string | null;
  /** Nothing of the site's own: empty, a server default page, a suspension notice. */
  empty: boolean;
  parked: string | null;
  findings: Finding[];
}

/** What kind of page this is when it is not the site's own content (CON-070–072). */
export function pageKind(ctx: ScanContext, text: string): PageKind {
  const { page } = ctx;
  const warning = WARNING.exec(text)?.[0] ?? null;
  const suspended = warning ? null : (SUSPENDED.exec(text)?.[0] ?? null);
  const placeholder = DEFAULT_PAGE.exec(`${page.title} ${page.text.slice(0, 400)}`)?.[0] ?? null;
  const bare =
    page.text.replace(/\s/g, "").length < 25 && ctx.forms.length === 0 && page.facts.iframes.length === 0;
  const empty = bare || (placeholder !== null && ctx.forms.length === 0) || suspended !== null;
  const findings: Finding[] = [];
  if (empty && !suspended)
    findings.push(
      makeFinding(
        "CON-070",
        placeholder
          ? `The page is a server's default or directory page ("${placeholder}").`
          : `The page shows ${page.text.trim() ? `only "${page.text.trim().slice(0, 40)}"` : "nothing"}.`,
      ),
    );
  const parked = PARKED.exec(text)?.[0] ?? null;
  if (parked) findings.push(makeFinding("CON-071", `The page reads "${parked}".`));
  if (warning || suspended)
    findings.push(
      makeFinding("CON-072", `The page reads "${warning ?? suspended}".`, {
        severity: warning ? "High" : "Low",
        description: warning ? "Page replaced by a phishing warning" : "Hosting account suspended",
      }),
    );
  return { warning, suspended, empty, parked, findings };
}
