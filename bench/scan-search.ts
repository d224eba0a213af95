/**
 * bench/scan-search: latency of GET /v1/scans (ScanService.list: the SQL and the mapping to summaries,
 * docs/scan-search.md) on Postgres, with one organization of BENCH_SCANS generated scans (default 1,000,000)
 * next to another of BENCH_OTHER_SCANS (100,000), for every kind of filter, for combinations and for pages
 * walked with next_cursor.
 *
 *   npm run bench:scan-search        # starts the local Postgres first (scripts/services.sh)
 *   BENCH_SKIP_SERVICES=1 DATABASE_URL=postgres://user@host:5432/postgres npx tsx bench/scan-search.ts
 *
 * A fresh database dl_bench_<random> is created on the server of DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres), migrated by openDatabase, filled with set-based SQL
 * (INSERT … SELECT over generate_series, about 100,000 scans and their search terms a slice, in creation
 * order), vacuumed and analyzed, and dropped at the end, also on failure.
 *
 * The scans span the last 365 days: 99 % completed with a small report (verdict 70 % Benign, 15 % Malicious,
 * 10 % Suspicious, 5 % Unknown; threat types that go with the verdict; a detected brand on 25 %, out of ~300,
 * skewed), a final URL (20 % on another host), 1–4 addresses the browser connected to (~60,000 addresses,
 * Zipf-like: a few in tens of thousands of scans, most in a few) and their autonomous systems (~3,000, the
 * largest in ~20 % of scans); 1 % pending or processing; ~400,000 hosts on ~150,000 registrable domains (2 % of
 * them users' sites on hosting platforms, which also index the platform); tags on 10 %. Each scan's
 * `scan_terms` rows are the ones the product writes for it; a sample is checked against src/api/scans/terms.ts.
 * Page fingerprints (GET /v1/scans/{id}/similar, docs/scan-search.md#similar-pages): 30 % of completed scans
 * are pages of ~5,000 phishing kits (Zipf-like: the largest in over a thousand scans), 60 % of them the kit's
 * exact DOM, the rest 1–6 SimHash bits from it, with the kit's screenshot hash 0–4 bits off and mostly its
 * favicon; 20 % of the other pages take one of 200 common page shapes (10–20 bits from it: they share band
 * values without being near duplicates, the work a band lookup wastes); 60 % of the rest carry one of
 * ~50,000 favicons (Zipf-like); 5 % have no DOM fingerprint and 5 % no screenshot hash. The query types add the
 * hash filters and GET /v1/scans/{id}/similar of any completed scan and of pages of the largest kits.
 *
 * Each query type runs BENCH_WARMUP times unmeasured, then BENCH_QUERIES times (the types interleaved), with
 * values drawn from the generated data: "common" and "rare" values are the most frequent ones and ones at or
 * below the median count; host, domain, threat type and the values in combinations are drawn as often as
 * they occur. A walk measures each of its 10 pages. For every type whose slowest query took over 100 ms, that
 * query's EXPLAIN (ANALYZE, BUFFERS) summary is printed.
 *
 * Knobs (environment): BENCH_SCANS (1000000), BENCH_OTHER_SCANS (100000), BENCH_QUERIES per query type (200),
 * BENCH_WARMUP per query type (3), BENCH_SEED (1), BENCH_SKIP_SERVICES=1 (do not run scripts/services.sh),
 * BENCH_FULL_PLANS=1 (whole EXPLAIN plans), BENCH_KEEP_DB=1 (keep the database and print its name),
 * BENCH_REUSE_DB=<name> (measure a kept database again instead of generating one; it is kept).
 *
 * Target: p95 ≤ 100 ms per query type and overall. Exits 0 whether it is met or not; 1 when the generated data
 * fails its consistency check or the run fails.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { type CompiledQuery, Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import type { ListScansQuery, ScanReportBody } from "../src/api/scans/schemas.js";
import { ScanService } from "../src/api/scans/service.js";
import { bandValues, SIMILARITY_KINDS } from "../src/api/scans/similar-terms.js";
import { normalizeAddress, reportTerms, tagTerms, uniqueTerms, urlTerms } from "../src/api/scans/terms.js";
import { parseHashHex } from "../src/engines/scan/fingerprint.js";
import { type Database, openDatabase } from "../src/platform/db/database.js";
import type { DB } from "../src/platform/db/schema.js";
import { newId } from "../src/platform/ids.js";
import { seededRandom } from "../src/util/random.js";
import { envInt, int, machineLine, percentile, repo, table } from "./support.js";

const TARGET_P95_MS = 100;
const DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/postgres";
/** Scans per generating statement (both organizations together). */
const SLICE_SCANS = 100_000;
const DAY_MS = 86_400_000;
const PAGES_PER_WALK = 10;
/** Longest the whole benchmark may take before it gives up. */
const OVERALL_TIMEOUT_MS = 3 * 3_600_000;

// Shape of the generated data (see the header).
const HOSTS = 440_000;
const DOMAINS = 150_000;
const ADDRESSES = 60_000;
const BRANDS = 300;
// Page fingerprints (GET /v1/scans/{id}/similar): phishing kits shared by campaigns, framework page shapes
// that put unrelated pages near each other without making them near duplicates, favicons (a few very common).
const KITS = 5_000;
const SHAPES = 200;
const ICONS = 50_000;

// biome-ignore format: a word list
const PREFIXES = [
  "secure", "my", "get", "login", "account", "pay", "bank", "shop", "cloud", "mail", "smart", "global",
  "first", "blue", "green", "north", "west", "east", "prime", "royal", "city", "metro", "home", "best", "fast",
  "open", "true", "star", "sun", "red", "alpha", "nova", "bright", "swift", "silver", "golden", "urban",
  "digital", "net", "web",
];
// biome-ignore format: a word list
const SUFFIXES = [
  "hub", "box", "zone", "point", "line", "link", "base", "works", "soft", "tech", "labs", "mart", "store",
  "market", "bank", "pay", "trade", "post", "press", "media", "news", "life", "care", "health", "travel",
  "foods", "auto", "homes", "garden", "sport", "games", "play", "studio", "design", "group", "center", "direct",
  "online", "express", "service",
];
// biome-ignore format: a word list
const TLDS = [
  "com", "com", "com", "com", "net", "org", "io", "co.uk", "de", "xyz", "top", "shop", "info", "online",
  "com.br", "fr", "ru", "app",
];
const PLATFORMS = ["github.io", "pages.dev", "netlify.app", "vercel.app", "web.app"];
const SUBDOMAINS = ["login", "secure", "account", "mail", "app", "portal", "verify", "m"];
const PATHS = ["/", "/login", "/signin", "/account/verify", "/track", "/index.html", "/pay", "/invoice"];
// biome-ignore format: a word list
const KNOWN_BRANDS = [
  "PayPal", "Microsoft", "Apple", "Amazon", "Netflix", "DHL", "Google", "Facebook", "Instagram", "WhatsApp",
  "Chase", "Wells Fargo", "Bank of America", "Coinbase", "Binance", "MetaMask", "DocuSign", "Adobe", "Dropbox",
  "LinkedIn", "USPS", "FedEx", "UPS", "Royal Mail", "HSBC", "Barclays", "Santander", "ING", "Outlook", "Steam",
  "Roblox", "Discord", "Telegram", "Spotify", "eBay", "Walmart", "Costco", "American Express", "Visa",
  "Mastercard",
];
const TAGS = [
  ...Array.from({ length: 20 }, (_, i) => `case:${4711 + i}`),
  ...["parcel-2026", "tax-refund", "invoice-q3", "crypto-drainer", "m365-mfa", "bank-otp", "job-offer"].map(
    (c) => `campaign:${c}`,
  ),
  "campaign:delivery-fee",
  ...Array.from({ length: 10 }, (_, i) => `ticket/${10231 + i * 17}`),
  ...["soc", "fraud", "brand-protection", "cti"].map((t) => `team:${t}`),
  "priority:high",
  "priority:low",
  "reported-by-user",
  "false-positive",
  "takedown-requested",
  "vip",
  "source:mail-gateway",
  "source:abuse-inbox",
];
const ASSESSMENT_VALUES = ["Malicious", "Suspicious", "Benign", "Unknown"] as const;
const FINGERPRINT_KINDS = new Set<string>(SIMILARITY_KINDS);

/** A SQL array literal of text values (the word lists above: no quotes in them). */
function textArray(values: readonly string[]): string {
  return `ARRAY[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(", ")}]`;
}

/** Deterministic functions of the generated data, per session (pg_temp): host, domains, address, ASN. */
function helperFunctions(): string {
  return `
CREATE FUNCTION pg_temp.u(x int8) RETURNS float8 LANGUAGE sql IMMUTABLE AS
  $$ SELECT (hashint8(x)::int8 + 2147483648) / 4294967296.0 $$;
CREATE FUNCTION pg_temp.platform(d int) RETURNS text LANGUAGE sql IMMUTABLE AS
  $$ SELECT CASE WHEN d % 50 = 7 THEN (${textArray(PLATFORMS)})[1 + (d / 50) % ${PLATFORMS.length}] END $$;
CREATE FUNCTION pg_temp.site(d int) RETURNS text LANGUAGE sql IMMUTABLE AS
  $$ SELECT (${textArray(PREFIXES)})[1 + d % 40] || (${textArray(SUFFIXES)})[1 + (d / 40) % 40]
            || CASE WHEN d >= 1600 THEN (d / 1600)::text ELSE '' END || '.'
            || coalesce(pg_temp.platform(d), (${textArray(TLDS)})[1 + (d * 7) % ${TLDS.length}]) $$;
CREATE FUNCTION pg_temp.icann(d int) RETURNS text LANGUAGE sql IMMUTABLE AS
  $$ SELECT coalesce(pg_temp.platform(d), pg_temp.site(d)) $$;
CREATE FUNCTION pg_temp.usersite(d int) RETURNS text LANGUAGE sql IMMUTABLE AS
  $$ SELECT CASE WHEN pg_temp.platform(d) IS NOT NULL THEN pg_temp.site(d) END $$;
CREATE FUNCTION pg_temp.host(h int) RETURNS text LANGUAGE sql IMMUTABLE AS
  $$ SELECT CASE h / ${DOMAINS} WHEN 0 THEN '' WHEN 1 THEN 'www.'
            ELSE (${textArray(SUBDOMAINS)})[1 + (h / 7) % ${SUBDOMAINS.length}] || '.' END
            || pg_temp.site(h % ${DOMAINS}) $$;
CREATE FUNCTION pg_temp.domains(h int) RETURNS text[] LANGUAGE sql IMMUTABLE AS
  $$ SELECT array_remove(ARRAY[pg_temp.icann(h % ${DOMAINS}), pg_temp.usersite(h % ${DOMAINS})], NULL) $$;
CREATE FUNCTION pg_temp.ip(a int) RETURNS text LANGUAGE sql IMMUTABLE AS
  $$ SELECT CASE WHEN a % 25 = 24
            THEN '2606:4700:' || to_hex(a + 1) || '::' || to_hex(1 + floor(pg_temp.u(a) * 65534)::int)
            ELSE (20 + a % 80) || '.' || ((a / 80) % 256) || '.' || (a / 20480) || '.'
                 || (1 + floor(pg_temp.u(a) * 254)::int) END $$;
CREATE FUNCTION pg_temp.asnrank(a int) RETURNS int LANGUAGE sql IMMUTABLE AS
  $$ SELECT CASE WHEN a = 0 OR pg_temp.u(a::int8 + 1000003) < 0.03 THEN 0
                 ELSE floor(power(2999, pg_temp.u(a::int8 + 2000003)))::int END $$;
CREATE FUNCTION pg_temp.asnof(r int) RETURNS int8 LANGUAGE sql IMMUTABLE AS
  $$ SELECT CASE r WHEN 0 THEN 13335 WHEN 1 THEN 16509 WHEN 2 THEN 15169 WHEN 3 THEN 8075 WHEN 4 THEN 24940
                   WHEN 5 THEN 14061 ELSE 1000 + r * 17 END $$;
CREATE FUNCTION pg_temp.asn(a int) RETURNS int8 LANGUAGE sql IMMUTABLE AS
  $$ SELECT pg_temp.asnof(pg_temp.asnrank(a)) $$;
CREATE FUNCTION pg_temp.h64(x int8) RETURNS int8 LANGUAGE sql IMMUTABLE AS
  $$ SELECT (hashint8(x)::int8 << 32) | (hashint8(x + 7777777)::int8 & 4294967295) $$;
CREATE FUNCTION pg_temp.hex64(x int8) RETURNS text LANGUAGE sql IMMUTABLE AS
  $$ SELECT lpad(to_hex(x), 16, '0') $$;
CREATE FUNCTION pg_temp.sha(t text) RETURNS text LANGUAGE sql IMMUTABLE AS
  $$ SELECT encode(sha256(convert_to(t, 'UTF8')), 'hex') $$;
CREATE TEMP TABLE brands (rank int PRIMARY KEY, name text NOT NULL UNIQUE);
INSERT INTO brands
SELECT r, CASE WHEN r < ${KNOWN_BRANDS.length} THEN (${textArray(KNOWN_BRANDS)})[1 + r]
               ELSE initcap((${textArray(PREFIXES)})[1 + r % 40]) || ' ' || initcap((${textArray(SUFFIXES)})[1 + r / 40]) END
  FROM generate_series(0, ${BRANDS - 1}) r;
CREATE TEMP TABLE tags (rank int PRIMARY KEY, name text NOT NULL UNIQUE);
INSERT INTO tags SELECT i - 1, t FROM unnest(${textArray(TAGS)}) WITH ORDINALITY AS x(t, i);
CREATE TEMP TABLE g (
  id uuid, org_id uuid, created_at timestamptz, completed_at timestamptz, status text, url text,
  final_url text, hosts text[], domains text[], ips text[], asns text[], assessment text, threat text,
  brand text, tags text[], report jsonb,
  dom text, dom_sim text, fav text, fav_mmh3 text, shot text
);`;
}

/**
 * One slice of scans of both organizations: into the temporary table g (every random draw made once per scan,
 * in the MATERIALIZED CTE; everything else derived from the draws), then into scans and scan_terms.
 */
function sliceSql(
  parts: { orgId: string; total: number; lo: number; hi: number }[],
  start: Date,
): { draw: string; scans: string; terms: string } {
  const values = parts.map((p) => `('${p.orgId}'::uuid, ${p.total}, ${p.lo}, ${p.hi})`).join(", ");
  const draw = `
TRUNCATE g;
INSERT INTO g
WITH r AS MATERIALIZED (
  SELECT o.org_id, n,
         timestamptz '${start.toISOString()}' + ((n + random()) / o.total) * interval '365 days' AS created_at,
         random() AS rs,
         CASE WHEN random() < 0.3 THEN least(floor(power(${HOSTS + 1}, random()))::int - 1, ${HOSTS - 1})
              ELSE floor(random() * ${HOSTS})::int END AS h1,
         CASE WHEN random() < 0.2 THEN floor(random() * ${HOSTS})::int END AS h2,
         floor(random() * ${PATHS.length})::int AS p,
         random() AS rn,
         ARRAY[least(floor(power(${ADDRESSES + 1}, random()))::int - 1, ${ADDRESSES - 1}),
               least(floor(power(${ADDRESSES + 1}, random()))::int - 1, ${ADDRESSES - 1}),
               least(floor(power(${ADDRESSES + 1}, random()))::int - 1, ${ADDRESSES - 1}),
               least(floor(power(${ADDRESSES + 1}, random()))::int - 1, ${ADDRESSES - 1})] AS a,
         random() AS ra, random() AS rt, random() AS rb,
         least(floor(power(${BRANDS + 1}, random()))::int - 1, ${BRANDS - 1}) AS b,
         random() AS rtag, least(floor(power(${TAGS.length + 1}, random()))::int - 1, ${TAGS.length - 1}) AS t1,
         CASE WHEN random() < 0.3 THEN floor(random() * ${TAGS.length})::int END AS t2,
         random() AS rc, 4 + random() * 40 AS took,
         random() AS rk, least(floor(power(${KITS + 1}, random()))::int - 1, ${KITS - 1}) AS kit,
         random() AS rv, 1 + floor(random() * 6)::int AS kit_flips, floor(random() * 5)::int AS shot_flips,
         random() AS rshape, floor(random() * ${SHAPES})::int AS shape, 10 + floor(random() * 11)::int AS shape_flips,
         random() AS rf, least(floor(power(${ICONS + 1}, random()))::int - 1, ${ICONS - 1}) AS icon,
         random() AS rd, random() AS rsh
    FROM (VALUES ${values}) o(org_id, total, lo, hi), generate_series(o.lo, o.hi - 1) n
), d AS (
  SELECT r.*,
         CASE WHEN rs < 0.005 THEN 'pending' WHEN rs < 0.01 THEN 'processing' ELSE 'completed' END AS status,
         CASE WHEN ra < 0.70 THEN 'Benign' WHEN ra < 0.85 THEN 'Malicious' WHEN ra < 0.95 THEN 'Suspicious'
              ELSE 'Unknown' END AS assessment,
         pg_temp.host(h1) AS host1, pg_temp.host(coalesce(h2, h1)) AS host2,
         (${textArray(PATHS)})[1 + p] || CASE WHEN p >= 4 THEN '?id=' || n ELSE '' END AS path,
         CASE WHEN rn < 0.3 THEN 1 WHEN rn < 0.6 THEN 2 WHEN rn < 0.85 THEN 3 ELSE 4 END AS na
    FROM r
), e AS (
  SELECT d.*,
         CASE assessment
           WHEN 'Benign' THEN 'Benign'
           WHEN 'Malicious' THEN CASE WHEN rt < 0.55 THEN 'Phishing / Credential Theft'
                                      WHEN rt < 0.70 THEN 'Phishing / Payment Card Theft'
                                      WHEN rt < 0.80 THEN 'Scam / Fake Giveaway'
                                      WHEN rt < 0.88 THEN 'Scam / Tech Support'
                                      WHEN rt < 0.95 THEN 'Malware / Drive-by Download'
                                      ELSE 'Phishing / Credential Exfiltration Endpoint' END
           WHEN 'Suspicious' THEN CASE WHEN rt < 0.40 THEN 'Newly Registered Domain'
                                       WHEN rt < 0.70 THEN 'Brand Impersonation'
                                       WHEN rt < 0.85 THEN 'Phishing / Redirector'
                                       ELSE 'Infrastructure Anomaly' END
           ELSE CASE WHEN rt < 0.7 THEN 'Unresolvable Domain' ELSE 'Infrastructure Anomaly' END
         END AS threat,
         CASE WHEN rb < CASE WHEN assessment IN ('Malicious', 'Suspicious') THEN 0.55 ELSE 0.15 END
              THEN (SELECT name FROM brands WHERE rank = b) END AS brand,
         CASE assessment WHEN 'Benign' THEN 60 + floor(rc * 36) WHEN 'Malicious' THEN 75 + floor(rc * 21)
              WHEN 'Suspicious' THEN 40 + floor(rc * 36) ELSE floor(rc * 31) END::int AS confidence,
         CASE WHEN rtag < 0.10 THEN array_remove(ARRAY[(SELECT name FROM tags WHERE rank = t1),
                                                      (SELECT name FROM tags WHERE rank = t2 AND t2 <> t1)], NULL)
              ELSE '{}'::text[] END AS tag_list,
         CASE WHEN status <> 'completed' THEN NULL WHEN rk < 0.3 AND rf < 0.8 THEN 'kit' || kit
              WHEN rf < 0.6 THEN 'icon' || icon END AS fav_id
    FROM d
)
SELECT gen_random_uuid(), org_id, created_at,
       CASE WHEN status = 'completed' THEN created_at + took * interval '1 second' END,
       status,
       'https://' || host1 || path,
       CASE WHEN status = 'completed' THEN 'https://' || host2 || CASE WHEN h2 IS NULL THEN path ELSE '/' END END,
       CASE WHEN status = 'completed' AND host2 <> host1 THEN ARRAY[host1, host2] ELSE ARRAY[host1] END,
       ARRAY(SELECT DISTINCT x FROM unnest(pg_temp.domains(h1)
                                           || CASE WHEN status = 'completed' THEN pg_temp.domains(coalesce(h2, h1))
                                                   ELSE '{}'::text[] END) x),
       CASE WHEN status = 'completed' THEN ARRAY(SELECT DISTINCT pg_temp.ip(x) FROM unnest(a[1:na]) x)
            ELSE '{}'::text[] END,
       CASE WHEN status = 'completed' THEN ARRAY(SELECT DISTINCT pg_temp.asn(x)::text FROM unnest(a[1:na]) x)
            ELSE '{}'::text[] END,
       assessment, threat, brand, tag_list,
       CASE WHEN status = 'completed' THEN jsonb_build_object(
         'request_url', 'https://' || host1 || path,
         'final_assessment', assessment,
         'threat_type', threat,
         'confidence_score', confidence,
         'executive_summary', CASE assessment
             WHEN 'Benign' THEN 'No sign of phishing, scams or malware on the page or its infrastructure.'
             WHEN 'Malicious' THEN 'The page imitates ' || coalesce(brand, 'a known service')
                                   || ' and sends what is typed into it to another domain.'
             WHEN 'Suspicious' THEN 'The site is new and asks for personal details; nothing malicious was seen.'
             ELSE 'The site could not be analysed completely.' END,
         'evidence_findings', CASE WHEN assessment IN ('Malicious', 'Suspicious') THEN jsonb_build_array(
             jsonb_build_object('finding_id', 'PAGE-012', 'severity', lower(assessment), 'source_agent', 'page',
                                'description', 'A sign-in form posts to another domain',
                                'details', 'The form posts to https://' || host2 || '/collect.php'))
             ELSE '[]'::jsonb END,
         'site_context', jsonb_build_object(
             'apparent_purpose', CASE WHEN brand IS NOT NULL THEN 'sign-in page' ELSE 'company website' END,
             'primary_language', 'en',
             'detected_brand', brand,
             'page_title', coalesce(brand || ' - Sign in', 'Welcome to ' || host2)))
       END,
       CASE WHEN status <> 'completed' OR rd < 0.05 THEN NULL
            WHEN rk < 0.3 AND rv < 0.6 THEN pg_temp.sha('kit' || kit)
            ELSE pg_temp.sha('page' || org_id || n) END,
       CASE WHEN status <> 'completed' OR rd < 0.05 THEN NULL
            WHEN rk < 0.3 AND rv < 0.6 THEN pg_temp.hex64(pg_temp.h64(kit))
            WHEN rk < 0.3 THEN pg_temp.hex64(pg_temp.h64(kit) # (SELECT coalesce(bit_or(1::int8 << floor(random() * 64)::int), 0) FROM generate_series(1, kit_flips)))
            WHEN rshape < 0.2 THEN pg_temp.hex64(pg_temp.h64(1000000 + shape) # (SELECT coalesce(bit_or(1::int8 << floor(random() * 64)::int), 0) FROM generate_series(1, shape_flips)))
            ELSE pg_temp.hex64(pg_temp.h64(floor(random() * 1e15)::int8 + 10000000000)) END,
       pg_temp.sha(fav_id),
       hashtext(fav_id)::text,
       CASE WHEN status <> 'completed' OR rsh < 0.05 THEN NULL
            WHEN rk < 0.3 THEN pg_temp.hex64(pg_temp.h64(2000000 + kit) # (SELECT coalesce(bit_or(1::int8 << floor(random() * 64)::int), 0) FROM generate_series(1, shot_flips)))
            WHEN rshape < 0.15 THEN pg_temp.hex64(pg_temp.h64(3000000 + shape) # (SELECT coalesce(bit_or(1::int8 << floor(random() * 64)::int), 0) FROM generate_series(1, shape_flips)))
            ELSE pg_temp.hex64(pg_temp.h64(floor(random() * 1e15)::int8 + 10000000000)) END
  FROM e`;
  const scans = `
INSERT INTO scans (id, org_id, url, status, job_id, report, created_at, completed_at, tags, final_url)
SELECT id, org_id, url, status, NULL, report, created_at, completed_at, tags, final_url
  FROM g ORDER BY created_at`;
  const terms = `
INSERT INTO scan_terms (scan_id, org_id, kind, value, created_at)
SELECT id, org_id, kind, value, created_at FROM (
  SELECT id, org_id, created_at, 'host' AS kind, unnest(hosts) AS value FROM g
  UNION ALL SELECT id, org_id, created_at, 'domain', unnest(domains) FROM g
  UNION ALL SELECT id, org_id, created_at, 'ip', unnest(ips) FROM g
  UNION ALL SELECT id, org_id, created_at, 'asn', unnest(asns) FROM g
  UNION ALL SELECT id, org_id, created_at, 'assessment', lower(assessment) FROM g WHERE status = 'completed'
  UNION ALL SELECT id, org_id, created_at, 'threat', lower(threat) FROM g WHERE status = 'completed'
  UNION ALL SELECT id, org_id, created_at, 'brand', lower(brand) FROM g
             WHERE status = 'completed' AND brand IS NOT NULL
  UNION ALL SELECT id, org_id, created_at, 'tag', unnest(tags) FROM g
  UNION ALL SELECT id, org_id, created_at, 'dom', dom FROM g WHERE dom IS NOT NULL
  UNION ALL SELECT id, org_id, created_at, 'dom_simhash', dom_sim FROM g WHERE dom_sim IS NOT NULL
  UNION ALL SELECT id, org_id, created_at, 'dom_band', i || ':' || substr(dom_sim, 4 * i + 1, 4)
              FROM g, generate_series(0, 3) i WHERE dom_sim IS NOT NULL
  UNION ALL SELECT id, org_id, created_at, 'favicon', fav FROM g WHERE fav IS NOT NULL
  UNION ALL SELECT id, org_id, created_at, 'favicon_mmh3', fav_mmh3 FROM g WHERE fav_mmh3 IS NOT NULL
  UNION ALL SELECT id, org_id, created_at, 'screenshot', shot FROM g WHERE shot IS NOT NULL
  UNION ALL SELECT id, org_id, created_at, 'screenshot_band', i || ':' || substr(shot, 4 * i + 1, 4)
              FROM g, generate_series(0, 3) i WHERE shot IS NOT NULL
) t ORDER BY created_at`;
  return { draw, scans, terms };
}

// ---------------------------------------------------------------------------------------------------
// Database lifecycle
// ---------------------------------------------------------------------------------------------------

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

interface Bench {
  name: string;
  url: string;
  database: Database;
  /** Whether this run created (and fills) the database. */
  fresh: boolean;
}

let cleanup: (() => Promise<void>) | null = null;

async function openBench(adminUrl: string): Promise<Bench> {
  const reuse = process.env.BENCH_REUSE_DB;
  if (reuse !== undefined && !/^dl_bench_[0-9a-f]{12}$/.test(reuse)) {
    throw new Error(`BENCH_REUSE_DB must name a database this benchmark kept (dl_bench_…), got ${reuse}`);
  }
  const name = reuse ?? `dl_bench_${randomBytes(6).toString("hex")}`;
  const keep = reuse !== undefined || process.env.BENCH_KEEP_DB === "1";
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const tmp = mkdtempSync(path.join(os.tmpdir(), "dl-bench-scan-search-"));
  if (!reuse) await withClient(adminUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  let database: Database | null = null;
  let done = false;
  cleanup = async () => {
    if (done) return;
    done = true;
    await database?.close().catch(() => {});
    if (keep) process.stdout.write(`\ndatabase kept: ${name} (BENCH_REUSE_DB=${name} measures it again)\n`);
    else await withClient(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    rmSync(tmp, { recursive: true, force: true });
  };
  database = await openDatabase({ databaseUrl: url.toString(), dataDir: tmp });
  return { name, url: url.toString(), database, fresh: !reuse };
}

// ---------------------------------------------------------------------------------------------------
// Generation
// ---------------------------------------------------------------------------------------------------

interface Orgs {
  main: string;
  other: string;
}

async function generate(url: string, scans: number, otherScans: number, seed: number): Promise<Orgs> {
  const orgs: Orgs = { main: newId(), other: newId() };
  const start = new Date(Date.now() - 365 * DAY_MS);
  await withClient(url, async (c) => {
    await c.query("SET synchronous_commit = off");
    await c.query("SET work_mem = '256MB'");
    await c.query("SET maintenance_work_mem = '1GB'");
    // Every term row's scan is inserted just before it, so the foreign-key checks are skipped where the role
    // may (a superuser's session); elsewhere they run.
    await c.query("SET session_replication_role = replica").catch(() => {});
    await c.query("SELECT setseed($1)", [((seed % 1000) + 1) / 1001]);
    await c.query("INSERT INTO organizations (id, name, limits) VALUES ($1, $2, '{}'), ($3, $4, '{}')", [
      orgs.main,
      "bench-scan-search",
      orgs.other,
      "bench-scan-search-other",
    ]);
    await c.query(helperFunctions());
    const slices = Math.max(1, Math.ceil((scans + otherScans) / SLICE_SCANS));
    const started = performance.now();
    for (let i = 0; i < slices; i++) {
      const t0 = performance.now();
      const part = (total: number, orgId: string) => ({
        orgId,
        total,
        lo: Math.floor((i * total) / slices),
        hi: Math.floor(((i + 1) * total) / slices),
      });
      const sql = sliceSql([part(scans, orgs.main), part(otherScans, orgs.other)], start);
      await c.query(sql.draw);
      const t1 = performance.now();
      const inserted = (await c.query(sql.scans)).rowCount ?? 0;
      const t2 = performance.now();
      const terms = (await c.query(sql.terms)).rowCount ?? 0;
      const t3 = performance.now();
      const s = (a: number, b: number) => ((b - a) / 1000).toFixed(1);
      process.stdout.write(
        `generating: slice ${i + 1}/${slices}, ${int(inserted)} scans and ${int(terms)} terms in ${s(t0, t3)} s ` +
          `(drawing ${s(t0, t1)} s, scans ${s(t1, t2)} s, terms ${s(t2, t3)} s; ${s(started, t3)} s so far)\n`,
      );
    }
    const t1 = performance.now();
    await c.query("VACUUM (ANALYZE) scans");
    await c.query("VACUUM (ANALYZE) scan_terms");
    await c.query("CHECKPOINT").catch(() => {});
    process.stdout.write(
      `generated in ${((t1 - started) / 1000).toFixed(1)} s, then VACUUM (ANALYZE) and CHECKPOINT in ` +
        `${((performance.now() - t1) / 1000).toFixed(1)} s\n`,
    );
  });
  return orgs;
}

async function findOrgs(url: string): Promise<Orgs> {
  return withClient(url, async (c) => {
    const rows = (
      await c.query<{ org_id: string }>(
        "SELECT org_id FROM scans GROUP BY org_id ORDER BY count(*) DESC LIMIT 2",
      )
    ).rows;
    if (!rows[0] || !rows[1]) throw new Error("the kept database does not hold two organizations' scans");
    return { main: rows[0].org_id, other: rows[1].org_id };
  });
}

/** Checks a sample of scans: their terms are what src/api/scans/terms.ts makes of their rows. */
async function checkConsistency(url: string, orgId: string, sample: number): Promise<string[]> {
  return withClient(url, async (c) => {
    const scans = (
      await c.query<{
        id: string;
        url: string;
        final_url: string | null;
        status: string;
        tags: string[];
        report: ScanReportBody | null;
      }>(
        "SELECT id, url, final_url, status, tags, report FROM scans WHERE org_id = $1 ORDER BY random() LIMIT $2",
        [orgId, sample],
      )
    ).rows;
    const terms = (
      await c.query<{ scan_id: string; kind: string; value: string }>(
        "SELECT scan_id, kind, value FROM scan_terms WHERE scan_id = ANY($1::uuid[])",
        [scans.map((s) => s.id)],
      )
    ).rows;
    const problems: string[] = [];
    for (const scan of scans) {
      const stored = terms.filter((t) => t.scan_id === scan.id);
      const completed = scan.status === "completed";
      const expected = uniqueTerms([
        ...urlTerms(scan.url),
        ...(completed ? urlTerms(scan.final_url) : []),
        ...tagTerms(scan.tags),
        ...(completed && scan.report ? reportTerms(scan.report) : []),
      ]).map((t) => `${t.kind}=${t.value}`);
      const got = stored
        .filter((t) => t.kind !== "ip" && t.kind !== "asn" && !FINGERPRINT_KINDS.has(t.kind))
        .map((t) => `${t.kind}=${t.value}`);
      const ips = stored.filter((t) => t.kind === "ip");
      const asns = stored.filter((t) => t.kind === "asn");
      const same = expected.length === got.length && expected.every((t) => got.includes(t));
      const addressesOk =
        ips.every((t) => normalizeAddress(t.value) === t.value) &&
        asns.every((t) => /^[1-9]\d*$/.test(t.value)) &&
        (completed
          ? ips.length >= 1 && ips.length <= 4 && asns.length >= 1 && asns.length <= ips.length
          : ips.length === 0 && asns.length === 0);
      // Fingerprints: the bands src/api/scans/similar-terms.ts cuts each 64-bit hash into, on completed scans.
      const bandsOk = (["dom_simhash", "screenshot"] as const).every((kind) => {
        const hash = stored.find((t) => t.kind === kind);
        const bandKind = kind === "dom_simhash" ? "dom_band" : "screenshot_band";
        const bands = stored.filter((t) => t.kind === bandKind).map((t) => t.value);
        const parsed = hash ? parseHashHex(hash.value) : null;
        if (!hash || parsed === null) return bands.length === 0 && (hash === undefined || !completed);
        return completed && bands.length === 4 && bandValues(parsed).every((v) => bands.includes(v));
      });
      if (!same || !addressesOk || !bandsOk) {
        problems.push(
          `${scan.id} (${scan.url} → ${scan.final_url}): expected ${expected.sort().join(", ")}; stored ` +
            `${stored
              .map((t) => `${t.kind}=${t.value}`)
              .sort()
              .join(", ")}`,
        );
      }
    }
    return problems;
  });
}

// ---------------------------------------------------------------------------------------------------
// Value distributions and drawing
// ---------------------------------------------------------------------------------------------------

/** The values of one kind of term in the organization, most frequent first, with their scan counts. */
interface Dist {
  kind: string;
  values: string[];
  counts: number[];
  cumulative: Float64Array;
  rows: number;
}

function distOf(kind: string, rows: { value: string; n: number }[]): Dist {
  const cumulative = new Float64Array(rows.length);
  let sum = 0;
  rows.forEach((r, i) => {
    sum += r.n;
    cumulative[i] = sum;
  });
  return { kind, values: rows.map((r) => r.value), counts: rows.map((r) => r.n), cumulative, rows: sum };
}

/** A value drawn as often as it occurs. */
function weighted(d: Dist, random: () => number): string {
  const x = random() * d.rows;
  let lo = 0;
  let hi = d.cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((d.cumulative[mid] ?? 0) > x) hi = mid;
    else lo = mid + 1;
  }
  return d.values[lo] ?? "";
}

function pick<T>(values: readonly T[], random: () => number): T {
  const v = values[Math.floor(random() * values.length)];
  if (v === undefined) throw new Error("nothing to draw from");
  return v;
}

function median(counts: readonly number[]): number {
  return [...counts].sort((a, b) => a - b)[Math.floor(counts.length / 2)] ?? 0;
}

/** The most frequent values, and those at or below the median count. */
function common(d: Dist, n: number): string[] {
  return d.values.slice(0, n);
}

function rare(d: Dist): string[] {
  const m = median(d.counts);
  return d.values.filter((_, i) => (d.counts[i] ?? 0) <= m);
}

async function distributions(url: string, orgId: string): Promise<Map<string, Dist>> {
  return withClient(url, async (c) => {
    const out = new Map<string, Dist>();
    for (const kind of [
      "host",
      "domain",
      "ip",
      "asn",
      "assessment",
      "threat",
      "brand",
      "tag",
      "dom",
      "favicon_mmh3",
      "screenshot",
    ]) {
      const rows = (
        await c.query<{ value: string; n: number }>(
          `SELECT value, count(*)::int AS n FROM scan_terms WHERE org_id = $1 AND kind = $2
            GROUP BY value ORDER BY n DESC, value`,
          [orgId, kind],
        )
      ).rows;
      out.set(kind, distOf(kind, rows));
    }
    return out;
  });
}

// ---------------------------------------------------------------------------------------------------
// Measurement
// ---------------------------------------------------------------------------------------------------

interface QueryType {
  name: string;
  make: () => ListScansQuery;
  /** Pages walked with next_cursor (each measured); 1 for a single query. */
  pages: number;
  /** GET /v1/scans/{id}/similar of the scan this draws (ScanService.similar), with make()'s limit. */
  similarTo?: () => string;
}

interface Sample {
  ms: number;
  rows: number;
  query: ListScansQuery;
  /** The scan whose similar pages were asked for. */
  scanId?: string;
}

async function runType(
  service: ScanService,
  orgId: string,
  type: QueryType,
  record: Sample[] | null,
): Promise<void> {
  let query = type.make();
  const scanId = type.similarTo?.();
  if (scanId !== undefined) {
    for (let page = 0; page < type.pages; page++) {
      const t0 = performance.now();
      const similar = await service.similar(orgId, scanId, { limit: query.limit, cursor: query.cursor });
      record?.push({ ms: performance.now() - t0, rows: similar.matches.length, query, scanId });
      if (!similar.next_cursor) break;
      query = { ...query, cursor: similar.next_cursor };
    }
    return;
  }
  for (let page = 0; page < type.pages; page++) {
    const t0 = performance.now();
    const list = await service.list(orgId, query);
    const ms = performance.now() - t0;
    record?.push({ ms, rows: list.data.length, query });
    if (!list.next_cursor) break;
    query = { ...query, cursor: list.next_cursor };
  }
}

/** Runs a query once through a logging Kysely to learn its SQL, then EXPLAIN (ANALYZE, BUFFERS) of it. */
async function explain(url: string, orgId: string, sample: Sample): Promise<string[]> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const compiled: CompiledQuery[] = [];
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (event.level === "query") compiled.push(event.query);
    },
  });
  try {
    const service = new ScanService(db);
    // A list: its statement (the last one). Similar pages: the near-duplicate walks (the others are page reads).
    let statements: CompiledQuery[];
    if (sample.scanId) {
      await service.similar(orgId, sample.scanId, { limit: sample.query.limit, cursor: sample.query.cursor });
      statements = compiled.filter((q) => q.sql.includes("bit_count"));
    } else {
      await service.list(orgId, sample.query);
      // The list's own statement: a list with several terms runs it in a transaction (SET LOCAL … commit).
      statements = compiled.filter((q) => /^\s*SELECT/i.test(q.sql)).slice(-1);
    }
    if (statements.length === 0) return ["(no query was run)"];
    const plans: string[] = [];
    for (const q of statements) {
      const result = await pool.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, BUFFERS) ${q.sql}`, [
        ...q.parameters,
      ]);
      plans.push(...result.rows.map((r) => r["QUERY PLAN"]));
    }
    return plans;
  } finally {
    await db.destroy();
  }
}

/** Scans to ask for similar pages: any completed one, and pages of the largest kits (`kitDoms`). */
async function similarPools(
  url: string,
  orgId: string,
  kitDoms: string[],
): Promise<{ similarAny: string[]; similarKit: string[] }> {
  return withClient(url, async (c) => {
    const any = await c.query<{ id: string }>(
      "SELECT id FROM scans WHERE org_id = $1 AND status = 'completed' ORDER BY random() LIMIT 1000",
      [orgId],
    );
    const kit = await c.query<{ id: string }>(
      `SELECT scan_id AS id FROM scan_terms WHERE org_id = $1 AND kind = 'dom' AND value = ANY($2)
        ORDER BY random() LIMIT 1000`,
      [orgId, kitDoms],
    );
    return { similarAny: any.rows.map((r) => r.id), similarKit: kit.rows.map((r) => r.id) };
  });
}

function ms(n: number): string {
  return Number.isFinite(n) ? n.toFixed(n < 10 ? 2 : 1) : "n/a";
}

function describeQuery(q: ListScansQuery): string {
  return Object.entries(q)
    .filter(([k]) => k !== "cursor")
    .map(([k, v]) => `${k}=${String(v)}`)
    .join("&");
}

// ---------------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const scans = envInt("BENCH_SCANS", 1_000_000, 1_000, 100_000_000);
  const otherScans = envInt("BENCH_OTHER_SCANS", 100_000, 0, 100_000_000);
  const queries = envInt("BENCH_QUERIES", 200, 1, 100_000);
  const warmup = envInt("BENCH_WARMUP", 3, 0, 1_000);
  const seed = envInt("BENCH_SEED", 1, 0, 2 ** 31 - 1);
  const fullPlans = process.env.BENCH_FULL_PLANS === "1";
  const adminUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;

  if (process.env.BENCH_SKIP_SERVICES !== "1") {
    execFileSync("bash", [path.join(repo, "scripts/services.sh")], { stdio: "inherit" });
  }
  const bench = await openBench(adminUrl);
  const pgVersion = await withClient(bench.url, async (c) => {
    const v = (await c.query<{ version: string }>("SELECT version()")).rows[0]?.version ?? "?";
    const settings = (
      await c.query<{ name: string; setting: string; unit: string | null }>(
        `SELECT name, setting, unit FROM pg_settings
          WHERE name IN ('shared_buffers', 'work_mem', 'effective_cache_size', 'random_page_cost', 'jit')`,
      )
    ).rows;
    return `${v}\npostgres settings: ${settings.map((s) => `${s.name}=${s.setting}${s.unit ?? ""}`).join(", ")}`;
  });
  process.stdout.write(
    `bench/scan-search: ${bench.fresh ? "new" : "kept"} database ${bench.name}\n${machineLine()}\n${pgVersion}\n\n`,
  );

  let genSeconds: number | null = null;
  let orgs: Orgs;
  if (bench.fresh) {
    const t0 = performance.now();
    orgs = await generate(bench.url, scans, otherScans, seed);
    genSeconds = (performance.now() - t0) / 1000;
  } else {
    orgs = await findOrgs(bench.url);
  }

  // What was generated.
  const counts = await withClient(bench.url, async (c) => {
    const perOrg = (
      await c.query<{ org_id: string; status: string; n: number }>(
        "SELECT org_id, status, count(*)::int AS n FROM scans GROUP BY org_id, status",
      )
    ).rows;
    const sizes = (
      await c.query<{ name: string; table_size: string; index_size: string; total: string }>(
        `SELECT c.relname AS name, pg_size_pretty(pg_relation_size(c.oid)) AS table_size,
                pg_size_pretty(pg_indexes_size(c.oid)) AS index_size,
                pg_size_pretty(pg_total_relation_size(c.oid)) AS total
           FROM pg_class c WHERE c.relname IN ('scans', 'scan_terms') ORDER BY c.relname DESC`,
      )
    ).rows;
    const termRows =
      (await c.query<{ n: number }>("SELECT count(*)::int AS n FROM scan_terms")).rows[0]?.n ?? 0;
    const indexes = (
      await c.query<{ name: string; size: string }>(
        `SELECT i.relname AS name, pg_size_pretty(pg_relation_size(i.oid)) AS size
           FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
          WHERE t.relname IN ('scans', 'scan_terms') ORDER BY t.relname DESC, i.relname`,
      )
    ).rows;
    return { perOrg, sizes, termRows, indexes };
  });
  const scansOf = (orgId: string, status?: string) =>
    counts.perOrg
      .filter((r) => r.org_id === orgId && (!status || r.status === status))
      .reduce((n, r) => n + r.n, 0);
  const mainScans = scansOf(orgs.main);
  process.stdout.write("\n## Dataset\n\n");
  if (genSeconds !== null) process.stdout.write(`generation: ${genSeconds.toFixed(1)} s in all\n\n`);
  table(
    ["organization", "scans", "completed", "pending", "processing"],
    [
      ["measured", orgs.main],
      ["other", orgs.other],
    ].map(([label, id]) => [
      `${label} (${id})`,
      int(scansOf(id ?? "")),
      int(scansOf(id ?? "", "completed")),
      int(scansOf(id ?? "", "pending")),
      int(scansOf(id ?? "", "processing")),
    ]),
  );
  process.stdout.write("\n");
  table(
    ["table", "rows", "heap", "indexes", "total"],
    counts.sizes.map((s) => [
      s.name,
      int(s.name === "scans" ? counts.perOrg.reduce((n, r) => n + r.n, 0) : counts.termRows),
      s.table_size,
      s.index_size,
      s.total,
    ]),
  );
  process.stdout.write(`\nindexes: ${counts.indexes.map((i) => `${i.name} ${i.size}`).join(", ")}\n\n`);

  const dists = await distributions(bench.url, orgs.main);
  const dist = (kind: string): Dist => {
    const d = dists.get(kind);
    if (!d || d.values.length === 0) throw new Error(`no ${kind} terms were generated`);
    return d;
  };
  table(
    [
      "term kind (measured org)",
      "rows",
      "distinct values",
      "most frequent (scans)",
      "median scans per value",
    ],
    [...dists.values()].map((d) => [
      d.kind,
      int(d.rows),
      int(d.values.length),
      `${d.values[0] ?? "-"} (${int(d.counts[0] ?? 0)}, ${((100 * (d.counts[0] ?? 0)) / mainScans).toFixed(1)} %)`,
      int(median(d.counts)),
    ]),
  );

  const problems = await checkConsistency(bench.url, orgs.main, 500);
  process.stdout.write(
    `\nconsistency: ${500 - problems.length} of 500 sampled scans have exactly the host, domain, tag, ` +
      "assessment, threat and brand terms src/api/scans/terms.ts makes of their rows (and 1–4 canonical " +
      "addresses with their ASNs when completed)\n",
  );
  if (problems.length > 0) {
    for (const p of problems.slice(0, 5)) process.stdout.write(`  ${p}\n`);
    return 1;
  }

  // Query types, with values drawn from the generated data.
  const random = seededRandom(seed);
  const brand = dist("brand");
  const ip = dist("ip");
  const asn = dist("asn");
  const pools = {
    brandCommon: common(brand, 10),
    brandRare: rare(brand),
    ipPopular: common(ip, 20),
    ipRare: rare(ip),
    asnPopular: common(asn, 10),
    asnRare: rare(asn),
    tags: dist("tag").values,
    ...(await similarPools(bench.url, orgs.main, dist("dom").values.slice(0, 20))),
  };
  const asnText = (v: string) => (random() < 0.5 ? `AS${v}` : v);
  const assessment = () => pick(ASSESSMENT_VALUES, random);
  const windowEnd = Date.now();
  const week = () => {
    const from = windowEnd - 365 * DAY_MS + random() * 358 * DAY_MS;
    return {
      created_after: new Date(from).toISOString(),
      created_before: new Date(from + 7 * DAY_MS).toISOString(),
    };
  };
  const types: QueryType[] = [
    { name: "no filter, limit 25", make: () => ({}), pages: 1 },
    { name: "no filter, limit 100", make: () => ({ limit: 100 }), pages: 1 },
    { name: "status=pending", make: () => ({ status: "pending" }), pages: 1 },
    { name: "final_assessment=Malicious", make: () => ({ final_assessment: "Malicious" }), pages: 1 },
    { name: "brand (common)", make: () => ({ brand: pick(pools.brandCommon, random) }), pages: 1 },
    { name: "brand (rare)", make: () => ({ brand: pick(pools.brandRare, random) }), pages: 1 },
    { name: "host", make: () => ({ host: weighted(dist("host"), random) }), pages: 1 },
    { name: "domain", make: () => ({ domain: weighted(dist("domain"), random) }), pages: 1 },
    { name: "ip (popular)", make: () => ({ ip: pick(pools.ipPopular, random) }), pages: 1 },
    { name: "ip (rare)", make: () => ({ ip: pick(pools.ipRare, random) }), pages: 1 },
    { name: "asn (popular)", make: () => ({ asn: asnText(pick(pools.asnPopular, random)) }), pages: 1 },
    { name: "asn (rare)", make: () => ({ asn: asnText(pick(pools.asnRare, random)) }), pages: 1 },
    { name: "tag", make: () => ({ tag: pick(pools.tags, random) }), pages: 1 },
    { name: "threat_type", make: () => ({ threat_type: weighted(dist("threat"), random) }), pages: 1 },
    { name: "created range (7 days)", make: () => week(), pages: 1 },
    {
      name: "final_assessment + brand",
      make: () => ({ final_assessment: assessment(), brand: weighted(brand, random) }),
      pages: 1,
    },
    {
      name: "tag + final_assessment",
      make: () => ({ tag: pick(pools.tags, random), final_assessment: assessment() }),
      pages: 1,
    },
    {
      name: "asn + final_assessment",
      make: () => ({ asn: asnText(weighted(asn, random)), final_assessment: assessment() }),
      pages: 1,
    },
    {
      name: "ip + final_assessment",
      make: () => ({ ip: weighted(ip, random), final_assessment: assessment() }),
      pages: 1,
    },
    { name: "brand + created range", make: () => ({ brand: weighted(brand, random), ...week() }), pages: 1 },
    { name: "dom_hash", make: () => ({ dom_hash: weighted(dist("dom"), random) }), pages: 1 },
    {
      name: "favicon_hash (mmh3)",
      make: () => ({ favicon_hash: weighted(dist("favicon_mmh3"), random) }),
      pages: 1,
    },
    {
      name: "screenshot_hash",
      make: () => ({ screenshot_hash: weighted(dist("screenshot"), random) }),
      pages: 1,
    },
    {
      name: "similar, any scan",
      make: () => ({}),
      pages: 1,
      similarTo: () => pick(pools.similarAny, random),
    },
    {
      name: "similar, page of a large kit",
      make: () => ({}),
      pages: 1,
      similarTo: () => pick(pools.similarKit, random),
    },
    {
      name: "similar, page of a large kit, limit 100",
      make: () => ({ limit: 100 }),
      pages: 1,
      similarTo: () => pick(pools.similarKit, random),
    },
    { name: "10 pages, no filter (per page)", make: () => ({}), pages: PAGES_PER_WALK },
    {
      name: "10 pages, brand (common) (per page)",
      make: () => ({ brand: pick(pools.brandCommon, random) }),
      pages: PAGES_PER_WALK,
    },
    {
      name: "10 pages, similar, page of a large kit (per page)",
      make: () => ({}),
      pages: PAGES_PER_WALK,
      similarTo: () => pick(pools.similarKit, random),
    },
  ];

  const service = new ScanService(bench.database.db);
  const samples = new Map<string, Sample[]>(types.map((t) => [t.name, []]));
  const m0 = performance.now();
  for (const type of types) for (let i = 0; i < warmup; i++) await runType(service, orgs.main, type, null);
  for (let i = 0; i < queries; i++) {
    for (const type of types) await runType(service, orgs.main, type, samples.get(type.name) ?? []);
  }
  const measuredSeconds = (performance.now() - m0) / 1000;

  const all: number[] = [];
  const slow: { type: string; sample: Sample }[] = [];
  const rows = types.map((type) => {
    const s = samples.get(type.name) ?? [];
    const sorted = s.map((x) => x.ms).sort((a, b) => a - b);
    all.push(...sorted);
    const p95 = percentile(sorted, 95);
    const worst = s.reduce<Sample | null>((w, x) => (w === null || x.ms > w.ms ? x : w), null);
    if (worst && worst.ms > TARGET_P95_MS) slow.push({ type: type.name, sample: worst });
    const meanRows = s.reduce((n, x) => n + x.rows, 0) / Math.max(1, s.length);
    return [
      type.name,
      int(s.length),
      ms(percentile(sorted, 50)),
      ms(p95),
      ms(sorted.at(-1) ?? Number.NaN),
      meanRows.toFixed(1),
      p95 <= TARGET_P95_MS ? "met" : "NOT met",
    ];
  });
  all.sort((a, b) => a - b);
  const overallP95 = percentile(all, 95);
  rows.push([
    "**all queries**",
    int(all.length),
    ms(percentile(all, 50)),
    ms(overallP95),
    ms(all.at(-1) ?? Number.NaN),
    "",
    overallP95 <= TARGET_P95_MS ? "met" : "NOT met",
  ]);
  process.stdout.write(
    `\n## Latency of ScanService.list (${int(mainScans)} scans in the organization)\n\n` +
      `${queries} queries per type after ${warmup} unmeasured, types interleaved; ` +
      `${measuredSeconds.toFixed(1)} s in all; ${machineLine()}\n\n`,
  );
  table(["query", "queries", "p50 ms", "p95 ms", "max ms", "mean rows", "p95 ≤ 100 ms"], rows);

  if (slow.length > 0) {
    process.stdout.write(`\n## Slowest query of each type over ${TARGET_P95_MS} ms, explained (run again)\n`);
    for (const { type, sample } of slow) {
      const plan = await explain(bench.url, orgs.main, sample);
      // The first line, the nodes that read more than a page's worth (parallel workers, sorts, hashes,
      // sequential and bitmap scans) and the times; BENCH_FULL_PLANS=1 prints it all.
      const summary = fullPlans
        ? plan
        : [
            plan[0] ?? "",
            ...plan
              .slice(1)
              .filter((l) =>
                /^(->\s+)?(Gather|Sort|Hash|Parallel|Seq Scan|Bitmap|Workers Launched|Planning Time|Execution Time)/.test(
                  l.trim(),
                ),
              )
              .map((l) => l.replace(/\s*\(cost=[^)]*\)/, "")),
          ];
      process.stdout.write(
        `\n${type}: ${ms(sample.ms)} ms, ${sample.rows} rows — ${sample.scanId ? `similar to ${sample.scanId} ` : ""}${describeQuery(sample.query)}` +
          `${sample.query.cursor ? " (with a cursor)" : ""}\n${summary.map((l) => `    ${l}`).join("\n")}\n`,
      );
    }
  }

  const missed = types.filter((_, i) => rows[i]?.[6] !== "met").map((t) => t.name);
  process.stdout.write(
    `\nmachine: ${machineLine().replace(/^machine: /, "")}\n` +
      `p95 ≤ ${TARGET_P95_MS} ms at ${int(mainScans)} scans in one organization: ` +
      `overall ${overallP95 <= TARGET_P95_MS ? "met" : "NOT met"} (p95 ${ms(overallP95)} ms); ` +
      (missed.length === 0
        ? `met for every one of the ${types.length} query types\n`
        : `NOT met for ${missed.join(", ")}; met for the other ${types.length - missed.length}\n`),
  );
  return 0;
}

const guard = setTimeout(() => {
  process.stderr.write("bench/scan-search: gave up after the overall time limit\n");
  void (cleanup?.() ?? Promise.resolve()).finally(() => process.exit(1));
}, OVERALL_TIMEOUT_MS);
guard.unref();
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    process.stderr.write(`bench/scan-search: ${signal}, dropping the database\n`);
    void (cleanup?.() ?? Promise.resolve()).finally(() => process.exit(130));
  });
}
main()
  .then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      process.stderr.write(
        `bench/scan-search failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
      );
      process.exitCode = 1;
    },
  )
  .finally(async () => {
    await cleanup?.().catch((err: unknown) => {
      process.stderr.write(`bench/scan-search: dropping the database failed: ${String(err)}\n`);
      process.exitCode = 1;
    });
  });
