import { createHash } from "node:crypto";

/**
 * The stylesheet of every page, inlined in one <style> element and allowed by the CSP through its hash.
 * Colours meet WCAG AA contrast (4.5:1 for text) in both schemes; a capability's state is told by its
 * icon, its word (Yes/No) and its border style, never by colour alone.
 */
export const STYLESHEET = `
:root{color-scheme:light dark;--bg:#f5f6f8;--surface:#fff;--text:#16181d;--muted:#4b5563;--border:#c9ced6;
--accent:#0b57d0;--on-bg:#e6f4ea;--on-text:#0f5132;--on-border:#0f5132;--off-bg:#f1f2f4;--off-text:#4b5563;
--off-border:#8a929e;--code-bg:#eef0f3;--warn-bg:#fdecea;--warn-text:#8a1c12;--warn-border:#b3261e}
@media (prefers-color-scheme:dark){:root{--bg:#111418;--surface:#1b1f24;--text:#e8eaed;--muted:#b0b7c1;
--border:#3a414b;--accent:#8ab4f8;--on-bg:#143524;--on-text:#b5ecc9;--on-border:#b5ecc9;--off-bg:#23272d;
--off-text:#b0b7c1;--off-border:#7d8693;--code-bg:#262b32;--warn-bg:#3c1512;--warn-text:#ffd5d0;
--warn-border:#f2b8b5}}
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--text);font:1rem/1.55 system-ui,-apple-system,"Segoe UI",Roboto,
"Helvetica Neue",Arial,sans-serif;overflow-wrap:anywhere}
a{color:var(--accent)}
a:focus-visible,button:focus-visible,input:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.sr{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);
white-space:nowrap;border:0}
.skip{position:absolute;left:-999px;top:0;background:var(--surface);padding:.5rem 1rem;z-index:1}
.skip:focus{left:.5rem;top:.5rem}
.wrap{max-width:64rem;margin:0 auto;padding:0 1rem}
.site{background:var(--surface);border-bottom:1px solid var(--border)}
.site .wrap{display:flex;flex-wrap:wrap;align-items:center;gap:.75rem 1.5rem;padding-top:.75rem;
padding-bottom:.75rem}
.brand{font-weight:700;font-size:1.15rem;text-decoration:none;color:var(--text)}
.brand span{color:var(--accent)}
.search{display:flex;gap:.5rem;flex:1 1 18rem;min-width:0;max-width:36rem}
.search input{flex:1 1 auto;min-width:0;font:inherit;font-size:1rem;padding:.5rem .75rem;color:var(--text);
background:var(--surface);border:1px solid var(--off-border);border-radius:.5rem}
.search button{font:inherit;font-weight:600;padding:.5rem 1rem;border-radius:.5rem;border:1px solid var(--accent);
background:var(--accent);color:var(--surface);cursor:pointer}
main.wrap{padding-top:1.5rem;padding-bottom:2.5rem}
h1{font-size:clamp(1.5rem,5vw,2.25rem);line-height:1.2;margin:.25rem 0 .5rem}
h2{font-size:1.05rem;margin:0 0 .75rem}
.eyebrow{margin:0;color:var(--muted);font-size:.875rem;text-transform:uppercase;letter-spacing:.06em}
.lead{font-size:1.2rem;margin:.25rem 0 1rem}
.muted{color:var(--muted)}
.chips{display:flex;flex-wrap:wrap;gap:.5rem;list-style:none;margin:0;padding:0}
.chip{border:1px solid var(--border);background:var(--surface);border-radius:999px;padding:.15rem .75rem;
font-size:.9rem}
.grid{display:grid;gap:1rem;grid-template-columns:repeat(auto-fit,minmax(min(100%,19rem),1fr))}
.card{background:var(--surface);border:1px solid var(--border);border-radius:.75rem;padding:1rem 1.25rem;
min-width:0}
.card.wide{grid-column:1/-1}
.card p{margin:0 0 .5rem}
dl{margin:0}
dt{color:var(--muted);font-size:.875rem}
dd{margin:0 0 .6rem}
dd:last-child{margin-bottom:0}
h3{font-size:.95rem;margin:1rem 0 .5rem}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9em;background:var(--code-bg);
padding:.05rem .3rem;border-radius:.25rem}
.flags{list-style:none;margin:0;padding:0;display:grid;gap:.6rem;
grid-template-columns:repeat(auto-fill,minmax(min(100%,15rem),1fr))}
.flag{display:grid;grid-template-columns:1.5rem 1fr auto;gap:.1rem .6rem;align-items:start;padding:.6rem .75rem;
border-radius:.6rem}
.flag svg{width:1.25rem;height:1.25rem;margin-top:.15rem}
.flag .tick{stroke:var(--on-bg)}
.flag .name{font-weight:600}
.flag .state{font-weight:700;text-transform:uppercase;font-size:.8rem;letter-spacing:.05em;padding-top:.2rem}
.flag .meaning{grid-column:2/-1;font-size:.875rem}
.flag.on{background:var(--on-bg);color:var(--on-text);border:2px solid var(--on-border)}
.flag.off{background:var(--off-bg);color:var(--off-text);border:2px dashed var(--off-border)}
.flag.off .name{font-weight:500}
.meta{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center;margin:0 0 1.25rem}
.badge{display:inline-block;border:1px solid var(--accent);color:var(--accent);border-radius:.4rem;
padding:.1rem .5rem;font-weight:600;font-size:.9rem}
.warning{display:flex;gap:.75rem;align-items:flex-start;background:var(--warn-bg);color:var(--warn-text);
border:2px solid var(--warn-border);border-left-width:.5rem;border-radius:.6rem;padding:.75rem 1rem;
margin:0 0 1rem}
.warning svg{flex:0 0 1.5rem;width:1.5rem;height:1.5rem;margin-top:.1rem}
.warning p{margin:0 0 .35rem}
.warning p:last-child{margin:0}
.warning-title{font-size:1.05rem}
.tag-warn{display:inline-block;background:var(--warn-bg);color:var(--warn-text);border:1px solid var(--warn-border);
border-radius:.4rem;padding:0 .4rem;font-size:.85rem;font-weight:600}
.domains{list-style:none;margin:0;padding:0;display:grid;gap:.5rem;
grid-template-columns:repeat(auto-fill,minmax(min(100%,18rem),1fr))}
.domains li{background:var(--surface);border:1px solid var(--border);border-radius:.6rem;padding:.6rem .8rem;
min-width:0}
.domains a{font-weight:600}
.domains p{margin:.15rem 0 0;font-size:.9rem}
.section{margin:2rem 0 0}
.links{list-style:none;margin:0;padding:0;display:grid;gap:.75rem;
grid-template-columns:repeat(auto-fit,minmax(min(100%,16rem),1fr))}
.links a{font-weight:600}
.links p{margin:.25rem 0 0}
.hero{max-width:40rem;margin:2rem auto;text-align:center}
.hero .search{margin:1.5rem auto 0;max-width:none}
.problem{max-width:40rem}
.problem .search{margin:1.25rem 0;max-width:none}
footer{border-top:1px solid var(--border);color:var(--muted);font-size:.875rem;padding:1rem 0 2rem}
footer p{margin:.25rem 0}
`.trim();

/** The CSP source that allows exactly this stylesheet. */
export const STYLE_HASH = `'sha256-${createHash("sha256").update(STYLESHEET, "utf8").digest("base64")}'`;

/**
 * The security headers of a server-rendered page: no script, no frame, nothing from elsewhere; only the
 * given stylesheets (by hash) and images from `imgSrc`.
 */
export function pageSecurityHeaders(styleHashes: readonly string[], imgSrc: string): Record<string, string> {
  return {
    "content-security-policy": [
      "default-src 'none'",
      `style-src ${styleHashes.join(" ")}`,
      `img-src ${imgSrc}`,
      "form-action 'self'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
    ].join("; "),
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-resource-policy": "same-origin",
  };
}

/** Security headers of every page, redirect and error page under /domains. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = pageSecurityHeaders([STYLE_HASH], "data:");
