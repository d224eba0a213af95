/** A CDN or hosting platform recognised from response headers. */
interface Fingerprint {
  name: string;
  /** Header present (any value). */
  has?: string[];
  /** Header value matches. */
  match?: Array<[header: string, pattern: RegExp]>;
}

/**
 * Header fingerprints, most specific first. Only headers the platform itself sets (request ids, edge
 * locations, its `server` token) — never a generic server such as nginx or Apache.
 */
const FINGERPRINTS: readonly Fingerprint[] = [
  {
    name: "Cloudflare",
    has: ["cf-ray", "cf-cache-status", "cf-mitigated"],
    match: [["server", /^cloudflare/i]],
  },
  {
    name: "Fastly",
    has: ["x-fastly-request-id", "fastly-debug-digest"],
    match: [
      ["x-served-by", /\bcache-[a-z]{3,}\d*-[a-z]{3,}/i],
      ["via", /\bvarnish\b.*\bfastly\b|\bfastly\b/i],
    ],
  },
  {
    name: "Amazon CloudFront",
    has: ["x-amz-cf-id", "x-amz-cf-pop"],
    match: [
      ["via", /\bcloudfront\b/i],
      ["x-cache", /\bcloudfront\b/i],
    ],
  },
  {
    name: "Akamai",
    has: ["x-akamai-transformed", "akamai-grn", "x-akamai-request-id", "akamai-cache-status"],
    match: [["server", /^(akamaighost|akamainetstorage)/i]],
  },
  { name: "Vercel", has: ["x-vercel-id", "x-vercel-cache"], match: [["server", /^vercel\b/i]] },
  { name: "Netlify", has: ["x-nf-request-id"], match: [["server", /^netlify\b/i]] },
  { name: "GitHub Pages", has: ["x-github-request-id"], match: [["server", /^github\.com$/i]] },
  { name: "Google Frontend", match: [["server", /^(google frontend|gfe\/|gws\b|esf\b)/i]] },
  {
    name: "Google Cloud Storage",
    has: ["x-goog-generation", "x-guploader-uploadid"],
    match: [["server", /^uploadserver/i]],
  },
  { name: "Firebase Hosting", match: [["x-powered-by", /firebase/i]] },
  { name: "Azure Front Door", has: ["x-azure-ref"], match: [["x-msedge-ref", /./]] },
  { name: "Azure App Service", match: [["set-cookie", /\bARRAffinity=/]] },
  { name: "Amazon S3", match: [["server", /^amazons3$/i]] },
  {
    name: "AWS Elastic Load Balancing",
    match: [
      ["server", /^awselb\//i],
      ["set-cookie", /\bAWSALB=/],
    ],
  },
  {
    name: "Heroku",
    match: [
      ["via", /\bvegur\b/i],
      ["server", /^heroku/i],
    ],
  },
  { name: "Fly.io", has: ["fly-request-id"], match: [["server", /^fly\//i]] },
  { name: "Render", has: ["rndr-id", "x-render-origin-server"] },
  { name: "Railway", has: ["x-railway-request-id"], match: [["server", /^railway/i]] },
  { name: "DigitalOcean App Platform", has: ["x-do-app-origin"] },
  { name: "Shopify", has: ["x-shopid", "x-shardid", "x-shopify-stage"], match: [["powered-by", /shopify/i]] },
  { name: "Squarespace", match: [["server", /^squarespace/i]] },
  { name: "Wix", has: ["x-wix-request-id"], match: [["server", /^pepyaka/i]] },
  {
    name: "WordPress.com",
    match: [
      ["host-header", /wordpress\.com/i],
      ["x-hacker", /automattic/i],
    ],
  },
  { name: "WP Engine", has: ["x-wpe-request-id"], match: [["x-powered-by", /wp engine/i]] },
  { name: "Kinsta", has: ["x-kinsta-cache"] },
  { name: "Pantheon", has: ["x-pantheon-styx-hostname"] },
  { name: "Webflow", match: [["x-powered-by", /webflow/i]] },
  { name: "Ghost", match: [["x-powered-by", /^ghost/i]] },
  { name: "bunny.net", has: ["cdn-pullzone", "cdn-requestid"], match: [["server", /^bunnycdn/i]] },
  { name: "KeyCDN", match: [["server", /^keycdn/i]] },
  { name: "Sucuri", has: ["x-sucuri-id", "x-sucuri-cache"], match: [["server", /^sucuri/i]] },
  { name: "Imperva", has: ["x-iinfo"], match: [["x-cdn", /incapsula|imperva/i]] },
  { name: "StackPath", has: ["x-hw"], match: [["server", /^stackpath/i]] },
  { name: "CDN77", match: [["server", /^cdn77/i]] },
  { name: "Gcore", match: [["server", /^gcore/i]] },
  { name: "Alibaba Cloud CDN", has: ["eagleid"] },
  { name: "Tencent Cloud", match: [["server", /^tencent-cos/i]] },
  { name: "OVHcloud", has: ["x-ovh-request-id"] },
];

/**
 * Names of the CDNs and hosting platforms whose fingerprints appear in any of the given header sets
 * (lower-case names), in catalogue order, each once.
 */
export function hostingHints(headerSets: ReadonlyArray<Record<string, string>>): string[] {
  const found = new Set<string>();
  for (const print of FINGERPRINTS) {
    const hit = headerSets.some(
      (headers) =>
        (print.has ?? []).some((name) => headers[name] !== undefined) ||
        (print.match ?? []).some(([name, pattern]) => pattern.test(headers[name] ?? "")),
    );
    if (hit) found.add(print.name);
  }
  return [...found];
}
