import { hostIsUnder } from "../../domain/index.js";

/**
 * Places where phishing kits deliver what victims type, by kind: chat-bot APIs, webhooks and request
 * collectors, hosted form back-ends, mail relays used from the browser, and tunnels.
 */
const EXFIL_HOSTS: ReadonlyArray<readonly [string, string, RegExp?]> = [
  ["api.telegram.org", "telegram"],
  ["discord.com", "discord_webhook", /\/api\/webhooks\//],
  ["discordapp.com", "discord_webhook", /\/api\/webhooks\//],
  ["webhook.site", "webhook"],
  ["pipedream.net", "webhook"],
  ["requestcatcher.com", "webhook"],
  ["requestbin.net", "webhook"],
  ["beeceptor.com", "webhook"],
  ["hookbin.com", "webhook"],
  ["ngrok.io", "tunnel"],
  ["ngrok-free.app", "tunnel"],
  ["ngrok.app", "tunnel"],
  ["trycloudflare.com", "tunnel"],
  ["formsubmit.co", "form_service"],
  ["formspree.io", "form_service"],
  ["getform.io", "form_service"],
  ["web3forms.com", "form_service"],
  ["formcarry.com", "form_service"],
  ["usebasin.com", "form_service"],
  ["staticforms.xyz", "form_service"],
  ["formbold.com", "form_service"],
  ["submit-form.com", "form_service"],
  ["sheetdb.io", "form_service"],
  ["sheetbest.com", "form_service"],
  ["sheet.best", "form_service"],
  ["script.google.com", "form_service", /\/macros\//],
  ["docs.google.com", "form_service", /\/forms\//],
  ["weebly.com", "site_builder_form", /\/formSubmit\.php/i],
  ["wix.com", "site_builder_form", /\/_api\/wix-forms\//],
  ["emailjs.com", "mail_relay"],
  ["smtpjs.com", "mail_relay"],
];

export interface ExfilEndpoint {
  kind: string;
  host: string;
}

/** The exfiltration kind of a URL, or null. */
export function exfilEndpoint(url: string): ExfilEndpoint | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol === "mailto:") return { kind: "mailto", host: parsed.pathname.slice(0, 100) };
  const host = parsed.hostname.toLowerCase();
  for (const [domain, kind, path] of EXFIL_HOSTS) {
    if (hostIsUnder(host, domain) && (!path || path.test(parsed.pathname))) return { kind, host };
  }
  return null;
}

/** Endpoint host names as they appear in script text (`api.telegram.org/bot…`, `Email.send(`). */
const SCRIPT_EXFIL: ReadonlyArray<readonly [RegExp, string]> = [
  [/api\.telegram\.org\/bot/i, "telegram"],
  [/discord(?:app)?\.com\/api\/webhooks\//i, "discord_webhook"],
  [/\bwebhook\.site\//i, "webhook"],
  [/\.m\.pipedream\.net/i, "webhook"],
  [/\b(?:requestcatcher\.com|requestbin\.net|beeceptor\.com|hookbin\.com)\b/i, "webhook"],
  [
    /\b(?:formsubmit\.co|formspree\.io|getform\.io|api\.web3forms\.com|formcarry\.com|submit-form\.com)\b/i,
    "form_service",
  ],
  [/\b(?:sheetdb\.io|api\.sheetbest\.com|sheet\.best)\b/i, "form_service"],
  [/script\.google\.com\/macros\/s\//i, "form_service"],
  [/\bemailjs\.send(?:Form)?\s*\(|api\.emailjs\.com/i, "mail_relay"],
  [/\bsmtpjs\.com|\bEmail\.send\s*\(\s*\{/i, "mail_relay"],
  [/\.ngrok(?:-free)?\.(?:io|app)\b|\.trycloudflare\.com\b/i, "tunnel"],
];

export function exfilInScript(code: string): string[] {
  const kinds: string[] = [];
  for (const [pattern, kind] of SCRIPT_EXFIL)
    if (pattern.test(code) && !kinds.includes(kind)) kinds.push(kind);
  return kinds;
}

/** IP-geolocation services kits call to filter and log visitors. */
const GEO_HOSTS = [
  "ipapi.co",
  "ip-api.com",
  "ipinfo.io",
  "geoplugin.net",
  "api.ipify.org",
  "ipify.org",
  "ipgeolocation.io",
  "ipdata.co",
  "ipwho.is",
  "freegeoip.app",
  "extreme-ip-lookup.com",
  "db-ip.com",
  "ipregistry.co",
  "api.bigdatacloud.net",
];

export function isGeolocationHost(host: string): boolean {
  return GEO_HOSTS.some((d) => hostIsUnder(host, d));
}

export const GEO_IN_SCRIPT =
  /\b(?:ipapi\.co|ip-api\.com|ipinfo\.io|geoplugin\.net|api\.ipify\.org|ipgeolocation\.io|ipdata\.co|ipwho\.is|extreme-ip-lookup\.com)\b/i;
