import { createHash } from "node:crypto";
import { trustedConstant } from "./html.js";
import { pageSecurityHeaders, STYLE_HASH } from "./style.js";

/**
 * The scan result page's own rules, on top of the stylesheet of every page (style.ts): the verdict banner,
 * severity labels, tables that become stacked rows on a phone, the screenshot. A verdict and a severity are
 * told by their word and icon as well as their colour; text contrast is at least 4.5:1 in both schemes.
 */
export const SCAN_STYLESHEET = `
:root{--bad-bg:#fdecea;--bad-text:#8a1c12;--bad-border:#b3261e;--warn-bg:#fff4e0;--warn-text:#6b4200;
--warn-border:#a15c00;--good-bg:#e6f4ea;--good-text:#0f5132;--good-border:#0f5132;--unk-bg:#eef0f3;
--unk-text:#3c4350;--unk-border:#6b7280}
@media (prefers-color-scheme:dark){:root{--bad-bg:#3b1512;--bad-text:#ffb4ab;--bad-border:#ffb4ab;
--warn-bg:#3a2a0c;--warn-text:#ffd08a;--warn-border:#ffd08a;--good-bg:#143524;--good-text:#b5ecc9;
--good-border:#b5ecc9;--unk-bg:#262b32;--unk-text:#d0d5dc;--unk-border:#9aa3ae}}
.verdict{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;align-items:center;border-radius:.75rem;
padding:1rem 1.25rem;margin:0 0 1.25rem;border:2px solid}
.verdict .icon{font-size:2rem;line-height:1;grid-row:span 2}
.verdict .word{font-size:clamp(1.4rem,5vw,2rem);font-weight:700;margin:0;line-height:1.2}
.verdict .facts{margin:0;display:flex;flex-wrap:wrap;gap:.25rem 1.25rem}
.verdict .summary{grid-column:1/-1;margin:.5rem 0 0}
.v-malicious{background:var(--bad-bg);color:var(--bad-text);border-color:var(--bad-border)}
.v-suspicious{background:var(--warn-bg);color:var(--warn-text);border-color:var(--warn-border);border-style:dashed}
.v-benign{background:var(--good-bg);color:var(--good-text);border-color:var(--good-border)}
.v-unknown,.v-pending{background:var(--unk-bg);color:var(--unk-text);border-color:var(--unk-border);
border-style:dotted}
.url{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9rem;word-break:break-all}
.shot{display:block;border:1px solid var(--border);border-radius:.5rem;overflow:hidden;background:var(--code-bg)}
.shot img{display:block;width:100%;height:auto}
.sev{display:inline-block;min-width:6.5rem;border-radius:.4rem;padding:.05rem .5rem;font-size:.8rem;font-weight:700;
text-transform:uppercase;letter-spacing:.04em;border:1px solid;text-align:center}
.sev-critical,.sev-high{background:var(--bad-bg);color:var(--bad-text);border-color:var(--bad-border)}
.sev-medium{background:var(--warn-bg);color:var(--warn-text);border-color:var(--warn-border)}
.sev-low,.sev-informational{background:var(--unk-bg);color:var(--unk-text);border-color:var(--unk-border)}
.findings{list-style:none;margin:0;padding:0}
.finding{border-top:1px solid var(--border);padding:.75rem 0}
.finding:first-child{border-top:0;padding-top:0}
.finding .head{display:flex;flex-wrap:wrap;gap:.25rem .75rem;align-items:center;margin:0 0 .25rem}
.finding .desc{font-weight:600}
.finding .details{margin:0;white-space:pre-wrap}
table.data{width:100%;border-collapse:collapse;font-size:.9rem}
table.data th,table.data td{text-align:left;vertical-align:top;padding:.4rem .5rem;border-bottom:1px solid var(--border)}
table.data th{color:var(--muted);font-weight:600}
.tag{display:inline-block;border:1px solid var(--border);border-radius:.3rem;padding:0 .35rem;font-size:.8rem}
.blocked{font-weight:700;color:var(--bad-text);border-color:var(--bad-border)}
.actions{display:flex;flex-wrap:wrap;gap:.5rem;list-style:none;margin:0;padding:0}
.button{display:inline-block;font-weight:600;padding:.4rem .9rem;border-radius:.5rem;border:1px solid var(--accent);
text-decoration:none}
.note{font-size:.875rem;color:var(--muted);margin:.5rem 0 0}
@media (max-width:40rem){table.data thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
table.data,table.data tbody,table.data tr,table.data td{display:block;width:100%}
table.data tr{border-bottom:1px solid var(--border);padding:.4rem 0}
table.data td{border:0;padding:.1rem 0;display:grid;grid-template-columns:6.5rem 1fr;gap:.5rem}
table.data td::before{content:attr(data-label);color:var(--muted);font-weight:600}}
`.trim();

/** The <style> element of the scan page. */
export const SCAN_STYLE_ELEMENT = trustedConstant(`<style>${SCAN_STYLESHEET}</style>`);

const SCAN_STYLE_HASH = `'sha256-${createHash("sha256").update(SCAN_STYLESHEET, "utf8").digest("base64")}'`;

/**
 * Security headers of the scan result page: as the domain pages' (style.ts), with the page's second
 * stylesheet and its screenshots (`img-src 'self'`) allowed. No script may run.
 */
export const SCAN_PAGE_HEADERS: Readonly<Record<string, string>> = pageSecurityHeaders(
  [STYLE_HASH, SCAN_STYLE_HASH],
  "'self' data:",
);
