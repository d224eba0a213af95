/*
 * The DomainLens API's types, generated from the OpenAPI document served at GET /openapi.json.
 * Do not edit: run `npm run client:generate` in the DomainLens repository after changing a route or a
 * schema (`npm run client:check` in CI fails while this file is out of date).
 */
export interface paths {
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness */
        get: operations["healthLive"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: database, rate limiter (Redis when configured) and the charge journal */
        get: operations["healthReady"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/errors/{code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What an error code means */
        get: operations["errorsGet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your organization: balance, effective rate limits, prices and usage this month */
        get: operations["accountGet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/domain-classification/{domain}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the stored classification of a domain
         * @description 200 with the stored classification of the root domain, charged as a cache hit ($0.001); 404 when the domain was never classified, free.
         */
        get: operations["classificationGet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/domain-classification": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Classify a domain, or retrieve its fresh classification
         * @description 200 with the stored result when it is fresh, charged as a cache hit ($0.001). Otherwise 202 with a job to poll at `status_url`, charged as a cache miss ($0.01); callers asking for a domain while it is being crawled share that crawl, each with its own job. A job that fails is refunded. See docs/classification.md for freshness.
         */
        post: operations["classificationCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/domain-classification/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the organization's classification jobs
         * @description Newest first, 25 per page (up to 100 with `limit`), with `next_cursor` for the next page; by status, root domain and creation time. Each item is the job status object without `result` (read it with GET /v2/domain-classification/jobs/{id}). Only this organization's jobs. Never charged. See docs/scan-search.md.
         */
        get: operations["classificationJobsList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/domain-classification/jobs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Poll a classification job
         * @description The job status object: `queued`, `running`, `complete` (with `result`) or `failed` (with `error`, refunded). Never charged. An id that is unknown, malformed or another organization's answers 404.
         */
        get: operations["classificationJobsGet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/classify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Public classification of a domain, without an API key
         * @description No API key. Limited per client address (PUBLIC_RATE_LIMIT_PER_MINUTE, default 120 a minute). 404 when the domain has not been classified; the 404 queues a crawl of it on the house, within a global budget (PUBLIC_CRAWL_BUDGET_PER_HOUR), and says so in `crawl_queued`.
         */
        get: operations["publicClassify"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/domain-risks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the organization's domain risk records (deprecated with domain risk v1)
         * @deprecated
         * @description Newest first, 25 per page (up to 100 with `limit`), with `next_cursor` for the next page; by verdict and creation time. Only this organization's records. Never charged. See docs/scan-search.md.
         */
        get: operations["domainRisksList"];
        put?: never;
        /**
         * Analyze the risk of a URL or domain, synchronously (deprecated)
         * @deprecated
         * @description Typosquatting, suspicious keywords, domain age (DNS and RDAP) and TLS problems, in at most 5 seconds. Users' sites on hosting platforms are screened under the organization's user-site policy (`user_site_policy` in GET /v1/account). Charged $0.0025.
         */
        post: operations["domainRisksCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/domain-risks/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Analyze up to 100 URLs or domains in one call (deprecated with domain risk v1)
         * @deprecated
         * @description Every item is analysed at once, each within the usual 5 seconds, and answered in one response with its verdict, or with its own error (not charged). The analysed ones are stored and charged $0.0025 each in one transaction; the credit for every item is needed to start (else 402, nothing analysed). Counts one per item against the `domain_risks.batch` limit (100 items a minute). See docs/scan-search.md#batches.
         */
        post: operations["domainRisksBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/domain-risks/{risk_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a domain risk record (deprecated)
         * @deprecated
         */
        get: operations["domainRisksGet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the organization's webhook endpoints
         * @description Newest first, without their secrets. Never charged. See docs/webhooks.md.
         */
        get: operations["webhooksList"];
        put?: never;
        /**
         * Create a webhook endpoint
         * @description Deliveries of the chosen events (scan.completed, scan.failed, classification.completed, classification.failed) are POSTed to `url`, signed the Standard Webhooks way (webhook-id, webhook-timestamp, webhook-signature). 201 with the signing secret (`whsec_…`), shown only here. An https URL on the public internet; an address literal on a private network is 400 `invalid_webhook_url`. At most 20 endpoints (409 `too_many_webhooks`). Never charged. See docs/webhooks.md.
         */
        post: operations["webhooksCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{webhook_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a webhook endpoint
         * @description Its URL, events, status and, when disabled, why. Never charged. See docs/webhooks.md.
         */
        get: operations["webhooksGet"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description 204. Deliveries still pending are not sent. Never charged. See docs/webhooks.md.
         */
        delete: operations["webhooksDelete"];
        options?: never;
        head?: never;
        /**
         * Change a webhook endpoint, or enable or disable it
         * @description Any of url, events, description, status. `{"status": "enabled"}` turns a disabled endpoint back on; deliveries that failed meanwhile can be sent again with their retry operation. Never charged. See docs/webhooks.md.
         */
        patch: operations["webhooksUpdate"];
        trace?: never;
    };
    "/v1/webhooks/{webhook_id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate a webhook endpoint's signing secret
         * @description Answers the new secret once. For 24 hours deliveries carry two signatures, under the new and the previous secret, so receivers can switch without losing one. Never charged. See docs/webhooks.md.
         */
        post: operations["webhooksRotateSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{webhook_id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event to a webhook endpoint
         * @description Queues a `webhook.test` delivery, signed like every other, and answers it (202); follow it in the endpoint's deliveries. A failing test never disables the endpoint. Never charged. See docs/webhooks.md.
         */
        post: operations["webhooksTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{webhook_id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A webhook endpoint's delivery log
         * @description Every delivery newest first, with each attempt (time, HTTP status or why nothing answered, duration) and when a pending one is tried next. Filter by status. Never charged. See docs/webhooks.md.
         */
        get: operations["webhooksDeliveriesList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{webhook_id}/deliveries/{delivery_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One delivery of a webhook endpoint
         * @description Its attempts and status. Never charged. See docs/webhooks.md.
         */
        get: operations["webhooksDeliveriesGet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{webhook_id}/deliveries/{delivery_id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a failed delivery again
         * @description A new round of attempts for a delivery that failed for good, with the same body and webhook-id (receivers deduplicate by it). 400 for a delivery that is not failed or an endpoint that is disabled. Never charged. See docs/webhooks.md.
         */
        post: operations["webhooksDeliveriesRetry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/scans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List and search the organization's scans
         * @description Newest first, 25 per page (up to 100 with `limit`), with `next_cursor` for the next page. Filters combine with AND: status, verdict, threat type, detected brand, the submitted or final host or registrable domain, an IP address or autonomous system the browser connected to, a tag, a creation time range. Only this organization's scans. Never charged. See docs/scan-search.md.
         */
        get: operations["scansList"];
        put?: never;
        /**
         * Scan a URL in a real browser, asynchronously
         * @description 201 with a pending scan to poll at GET /v1/scans/{scan_id}. Charged $0.05 when created; a scan that fails on our side is refunded. An invalid URL is 400 `invalid_url`, not charged. With `max_age_seconds`, the organization's completed scan of the same URL created within that age is answered instead (200, the scan record with `reused: true`, not charged). `visibility: unlisted` creates the scan with a share link. See docs/scans.md and docs/sharing.md.
         */
        post: operations["scansCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/scans/{scan_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a scan: its status and, once completed, its report
         * @description The scan record: `pending`, `processing`, `completed` (with `report`) or `failed` (with `error`, refunded). Poll every 3-5 seconds. Never charged. An id that is unknown, malformed or another organization's answers 404.
         */
        get: operations["scansGet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change a scan's tags or visibility
         * @description Replaces the scan's tags (at any status) and/or sets its visibility: `unlisted` gives it a share link (`share_url`), `private` revokes the link for good. Answers the scan record. Never charged. An id that is unknown, malformed or another organization's answers 404. See docs/sharing.md.
         */
        patch: operations["scansUpdate"];
        trace?: never;
    };
    "/v1/scans/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Scan up to 100 URLs in one call
         * @description Each URL is checked on its own: a valid one becomes a pending scan (charged $0.05, refunded if it fails), an invalid one gets its own error in `items` and is not charged. The valid ones are charged and queued in one transaction: without the credit for all of them the answer is 402 and nothing is created. Counts one per URL against the `scans.batch` limit (100 URLs a minute). Scans of a batch share the queue fairly with other organizations' scans. See docs/scan-search.md#batches.
         */
        post: operations["scansBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/scans/{scan_id}/screenshot": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A completed scan's screenshot (PNG)
         * @description The viewport (1280×800) screenshot, or the full page with `?full=1`. 404 until the scan is completed, and when it has none; 410 `artifact_expired` once the organization's artifact retention deleted it. Never charged; counts against the `scans.get` limit.
         */
        get: operations["scansScreenshotGet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/scans/{scan_id}/capture": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What the browser recorded for a completed scan
         * @description Redirect chain, every request with its address and the egress gate's verdict, final DOM size, TLS, forms, cookies, console messages, downloads and dialogs. `?html=1` adds the final DOM as a string. 404 until the scan is completed; 410 `artifact_expired` once the organization's artifact retention deleted it. Never charged; counts against the `scans.get` limit.
         */
        get: operations["scansCaptureGet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/s/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A shared scan (share link of an unlisted scan)
         * @description No API key; limited per client address (PUBLIC_RATE_LIMIT_PER_MINUTE). The scan's record and what the browser saw, with secrets and personal data in every URL masked (docs/sharing.md). A client that prefers HTML (`Accept: text/html`, a browser) gets the scan result page of the same view instead; JSON otherwise. 404 for a link that is unknown or revoked. Never cached, never indexed.
         */
        get: operations["sharesGet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/s/{token}/screenshot": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The viewport (or full-page) screenshot of a shared scan (PNG)
         * @description No API key; limited per client address. The viewport screenshot, or the full page with `?full=1`. 404 for a link that is unknown or revoked, until the scan is completed, and when it has no such screenshot; 410 `artifact_expired` once the organization's retention deleted it. The picture is the page as the browser saw it: it is not masked.
         */
        get: operations["sharesScreenshotGet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/scans/{scan_id}/similar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organization's other scans of pages that look like this one
         * @description Exact and near-duplicate matches by DOM structure (the same skeleton, or a SimHash at most 7 bits away), favicon (the same icon) and viewport screenshot (the same perceptual hash, or one at most 7 bits away), with the scan's own fingerprints. Newest first, 25 per page (up to 100 with `limit`), with `next_cursor`. Only this organization's scans. 404 until the scan is completed, and for an id that is unknown, malformed or another organization's. Never charged; counts against the `scans.similar` limit. See docs/scan-search.md#similar-pages.
         */
        get: operations["scansSimilar"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/scans/{scan_id}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export a completed scan as a STIX 2.1 bundle or a MISP event
         * @description `format=stix`: a STIX 2.1 bundle (indicator with a pattern on the URL and host, observed data with its url, domain-name and ip address observables, the imitated brand as an identity, relationships), served as `application/stix+json;version=2.1`. `format=misp`: a MISP event (MISP core format) with url, hostname, domain, ip-dst, text and link attributes and taxonomy tags (tlp, circl, phishing). 404 until the scan is completed. Never charged; counts against the `scans.get` limit. See docs/export.md.
         */
        get: operations["scansExportGet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/scans/{scan_id}/har": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A completed scan's network log as an HTTP Archive (HAR 1.2)
         * @description Every navigation and request of the capture as a HAR 1.2 entry, with its status, the address connected to and the egress gate's verdict (`_outcome`, `_egressReason`). What the capture does not record (timings, sizes, bodies, request headers) follows the HAR conventions for missing data. 404 until the scan is completed. Never charged; counts against the `scans.get` limit. See docs/export.md.
         */
        get: operations["scansHarGet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/scans/{scan_id}/dom": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A completed scan's final DOM (HTML, as an attachment)
         * @description The final DOM the browser held, as `text/html` with `Content-Disposition: attachment`, `X-Content-Type-Options: nosniff` and `Content-Security-Policy: sandbox`: it is the scanned site's markup and never runs in the API's origin. Capped as the capture caps it (`dom.truncated` of the capture). 404 until the scan is completed, and when no page was loaded. Never charged; counts against the `scans.get` limit.
         */
        get: operations["scansDomGet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/scans/{scan_id}/view": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A short-lived link to the scan's result page
         * @description A signed link (`view_url`, valid 15 minutes) to the HTML result page of the organization's scan: the verdict, the screenshot, the findings, the redirect chain, the requests, the forms, the certificate, similar scans and export downloads, unmasked. Anyone holding the link sees that one scan until `expires_at`, without a key: open it in a browser, do not share it (for sharing, make the scan unlisted: `share_url`). 404 for an id that is unknown, malformed or another organization's. Never charged; counts against the `scans.get` limit. See docs/pages.md#scan-result-page.
         */
        get: operations["scansViewGet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/orgs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List organizations, newest first
         * @description Each organization's id, name, balance and creation time, in cursor pages like the other lists; `name` finds the organizations of one name (e.g. `default`, to issue it a new key when its first one is lost).
         */
        get: operations["adminOrgsList"];
        put?: never;
        /** Create an organization and its first API key */
        post: operations["adminOrgsCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/orgs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Balance, limits and usage totals of an organization */
        get: operations["adminOrgsGet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change an organization's settings (domain-risk user-site policy, scan artifact retention)
         * @description Sets the fields named in the body and answers the organization as GET does. Setting a value twice is harmless: PATCH needs no Idempotency-Key.
         */
        patch: operations["adminOrgsUpdate"];
        trace?: never;
    };
    "/admin/v1/orgs/{id}/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an organization's API keys
         * @description Every key the organization has had, newest first: its id, its first characters (`prefix`), when it was issued and, if so, revoked. The keys themselves are never stored; a lost key is found by its prefix or its issue time and revoked by its `key_id`.
         */
        get: operations["adminKeysList"];
        put?: never;
        /** Issue another API key */
        post: operations["adminKeysCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/keys/{key_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke an API key */
        delete: operations["adminKeysRevoke"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/orgs/{id}/credits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add credits */
        post: operations["adminCreditsAdd"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/orgs/{id}/limits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Override per-minute limits of operations */
        put: operations["adminLimitsSet"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/classifications/{domain}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Store or replace the classification of a root domain (curation and imports) */
        put: operations["adminClassificationsPut"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description RFC 9457 problem document with a stable `error` code */
        ProblemInput: {
            type: string;
            title: string;
            status: number;
            detail: string;
            /** @enum {string} */
            error: "invalid_request" | "invalid_json" | "invalid_domain" | "invalid_url" | "invalid_cursor" | "invalid_webhook_url" | "invalid_idempotency_key" | "missing_api_key" | "invalid_api_key" | "api_key_revoked" | "invalid_admin_token" | "invalid_authorization_header" | "insufficient_balance" | "operation_blocked" | "not_found" | "route_not_found" | "admin_disabled" | "method_not_allowed" | "idempotency_key_in_progress" | "too_many_webhooks" | "artifact_expired" | "link_expired" | "payload_too_large" | "unsupported_media_type" | "idempotency_key_reused" | "rate_limit_exceeded" | "internal_error" | "service_unavailable" | "rate_limiter_unavailable";
            message: string;
        } & {
            [key: string]: unknown;
        };
        RateLimitExceededInput: {
            /** @constant */
            error: "rate_limit_exceeded";
            message: string;
            limit: number;
            retry_after: number;
        };
        BatchItemErrorInput: {
            /** @description The stable error code a single call with this item would answer */
            error: string;
            /** @description Its HTTP status */
            status: number;
            message: string;
        };
        ApiKeyListInput: {
            data: {
                key_id: string;
                /** @description The key's first characters, as the key itself begins; the rest is never stored */
                prefix: string;
                created_at: string;
                revoked_at: string | null;
            }[];
        };
        OrganizationPageInput: {
            /** @description Newest first */
            data: {
                org_id: string;
                name: string;
                balance_usd: number;
                created_at: string;
            }[];
            /** @description Pass as `cursor` for the next page; null on the last page */
            next_cursor: string | null;
        };
        AccountInput: {
            org_id: string;
            name: string;
            balance_usd: number;
            limits: {
                [key: string]: number;
            };
            /**
             * @description How POST /v1/domain-risks screens users' sites on hosting platforms: `evidence` (default) judges them by their name and network evidence like any other host; `strict` makes an unknown user site on a platform phishing abuses at least Suspicious (finding DR-DOM-028).
             * @enum {string}
             */
            user_site_policy: "evidence" | "strict";
            /** @description Days the organization's scan screenshots and captures (with the DOM) are kept; null keeps them. Older ones are deleted by an hourly purge; scan records keep their reports and verdicts. */
            artifact_retention_days: number | null;
            created_at: string;
            prices_usd: {
                [key: string]: number;
            };
            usage_this_month: {
                operation: string;
                calls: number;
                charged_usd: number;
            }[];
        };
        ClassificationResultInput: {
            domain: string;
            /** @enum {string} */
            state: "developed" | "parked" | "under_construction" | "redirect" | "unreachable" | "empty";
            /** @enum {string} */
            scraping_status: "httpx_success" | "browser_success" | "failed_dns" | "failed_tls" | "failed_http" | "timeout" | "blocked";
            /** @enum {string} */
            stability: "permanent" | "transient" | "unknown";
            /** @enum {string} */
            enrichment_status: "complete" | "partial" | "failed";
            /** @enum {string} */
            confidence: "high" | "medium" | "low";
            facts: {
                created_at: string | null;
                rank: number | null;
                hosting_provider: string;
                redirect_destination: string | null;
            };
            identity: {
                headline: string;
                summary: string;
                operator: string;
                parent_entity: string | null;
                topics: string[];
            };
            category: {
                /** @enum {string} */
                purpose: "developer_platform" | "productivity_suite" | "financial_services" | "cloud_infrastructure" | "ecommerce" | "news_media" | "social_network" | "search_engine" | "email_provider" | "identity_provider" | "file_sharing" | "url_shortener" | "crypto_exchange" | "government" | "education" | "healthcare" | "travel" | "gaming" | "streaming_media" | "adult" | "gambling" | "parked" | "personal_site" | "nonprofit" | "security_vendor" | "advertising" | "telecommunications" | "hosting_provider" | "software_vendor" | "business_services" | "marketplace" | "reference" | "entertainment" | "sports" | "food_and_drink" | "real_estate" | "automotive" | "manufacturing" | "logistics" | "legal_services" | "religion" | "community_forum" | "blog" | "other";
                specialization: string;
            };
            /** @description The eight capability flags, the same values as the public endpoint GET /api/v1/classify returns */
            functions: {
                is_ugc_platform: boolean;
                is_file_host: boolean;
                is_url_shortener: boolean;
                is_public_idp: boolean;
                is_crypto_platform: boolean;
                allows_user_subdomains: boolean;
                is_form_builder: boolean;
                is_document_host: boolean;
            };
            /**
             * @description The well-known brand the site presents itself as although the domain does not belong to that brand ("PayPal" for a PayPal look-alike); null when the site claims no identity other than its own. See docs/classification.md, "Claimed identity".
             * @example PayPal
             * @example null
             */
            impersonates: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp ending in Z
             */
            classified_at: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp ending in Z
             */
            updated_at: string;
        };
        PublicClassificationInput: {
            domain: string;
            /** @enum {string} */
            confidence: "high" | "medium" | "low";
            category: {
                /** @enum {string} */
                purpose: "developer_platform" | "productivity_suite" | "financial_services" | "cloud_infrastructure" | "ecommerce" | "news_media" | "social_network" | "search_engine" | "email_provider" | "identity_provider" | "file_sharing" | "url_shortener" | "crypto_exchange" | "government" | "education" | "healthcare" | "travel" | "gaming" | "streaming_media" | "adult" | "gambling" | "parked" | "personal_site" | "nonprofit" | "security_vendor" | "advertising" | "telecommunications" | "hosting_provider" | "software_vendor" | "business_services" | "marketplace" | "reference" | "entertainment" | "sports" | "food_and_drink" | "real_estate" | "automotive" | "manufacturing" | "logistics" | "legal_services" | "religion" | "community_forum" | "blog" | "other";
                specialization: string;
            };
            identity: {
                headline: string;
                summary: string;
                operator: string;
                parent_entity: string | null;
                topics: string[];
            };
            functions: {
                is_ugc_platform: boolean;
                is_file_host: boolean;
                is_url_shortener: boolean;
                is_public_idp: boolean;
                is_crypto_platform: boolean;
                allows_user_subdomains: boolean;
                is_form_builder: boolean;
                is_document_host: boolean;
            };
            /**
             * @description The well-known brand the site presents itself as although the domain does not belong to that brand ("PayPal" for a PayPal look-alike); null when the site claims no identity other than its own. See docs/classification.md, "Claimed identity".
             * @example PayPal
             * @example null
             */
            impersonates: string | null;
            facts: {
                registered_date: string | null;
                rank: number | null;
                hosting_provider: string;
            };
        };
        ClassificationJobErrorInput: {
            /** @enum {string} */
            code: "domain_unresolvable" | "blocked_by_policy" | "crawl_timeout" | "crawl_interrupted" | "crawl_failed";
            message: string;
            /** @description true when a new POST for the domain may succeed */
            retryable: boolean;
        };
        ClassificationJobInput: {
            /** @enum {string} */
            status: "queued" | "running" | "complete" | "failed";
            /** Format: uuid */
            job_id: string;
            /** @description The root domain being classified */
            domain: string;
            /** @description null unless status is failed */
            error: components["schemas"]["ClassificationJobErrorInput"] | null;
            /** @description Path to poll, relative to the API base URL */
            status_url: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp ending in Z
             */
            created_at: string;
            /** @description When the job became complete or failed */
            finished_at: string | null;
            /** @description Present when status is complete */
            result?: components["schemas"]["ClassificationResultInput"];
        };
        ClassificationJobSummaryInput: {
            /** @enum {string} */
            status: "queued" | "running" | "complete" | "failed";
            /** Format: uuid */
            job_id: string;
            /** @description The root domain being classified */
            domain: string;
            /** @description null unless status is failed */
            error: components["schemas"]["ClassificationJobErrorInput"] | null;
            /** @description Path to poll, relative to the API base URL */
            status_url: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp ending in Z
             */
            created_at: string;
            /** @description When the job became complete or failed */
            finished_at: string | null;
        };
        ClassificationJobListInput: {
            /** @description Newest first */
            data: components["schemas"]["ClassificationJobSummaryInput"][];
            /** @description Pass as `cursor` for the next page; null on the last page */
            next_cursor: string | null;
        };
        FindingInput: {
            finding_id: string;
            /** @enum {string} */
            severity: "Critical" | "High" | "Medium" | "Low" | "Informational";
            source_agent: string;
            description: string;
            details: string;
            category?: string;
        };
        RiskReportInput: {
            request_url: string;
            /** @enum {string} */
            final_assessment: "Malicious" | "Suspicious" | "Benign" | "Unknown";
            threat_type: string;
            confidence_score: number;
            executive_summary: string;
            evidence_findings: components["schemas"]["FindingInput"][];
        };
        DomainRiskCreatedInput: {
            risk_id: string;
            /** @constant */
            status: "completed";
            created_at: string;
        };
        DomainRiskInput: {
            risk_id: string;
            url: string;
            created_at: string;
            report: components["schemas"]["RiskReportInput"];
        };
        DomainRiskSummaryInput: {
            risk_id: string;
            /** @description The submitted URL or domain */
            url: string;
            created_at: string;
            /** @enum {string} */
            final_assessment: "Malicious" | "Suspicious" | "Benign" | "Unknown";
            threat_type: string;
            confidence_score: number;
        };
        DomainRiskListInput: {
            /** @description Newest first */
            data: components["schemas"]["DomainRiskSummaryInput"][];
            /** @description Pass as `cursor` for the next page; null on the last page */
            next_cursor: string | null;
        };
        DomainRiskBatchInput: {
            /** @description Items analysed (each charged and stored) */
            accepted: number;
            /** @description Items refused on their own (not charged) */
            rejected: number;
            charged_usd: number;
            /** @description One per URL, in order */
            items: {
                index: number;
                /** @description The item as submitted */
                url: string;
                risk_id: string | null;
                created_at: string | null;
                /** @description The verdict, as GET /v1/domain-risks/{id} shows it */
                report: components["schemas"]["RiskReportInput"] | null;
                /** @description Why the item was refused; null when analysed */
                error: components["schemas"]["BatchItemErrorInput"] | null;
            }[];
        };
        /** @description A STIX 2.1 bundle */
        StixBundleInput: {
            /** @constant */
            type: "bundle";
            /** @description bundle--<uuid> */
            id: string;
            /** @description Indicator, observed data and its observables, identities, relationships */
            objects: ({
                type: string;
                id: string;
            } & {
                [key: string]: unknown;
            })[];
        } & {
            [key: string]: unknown;
        };
        /** @description A MISP event in the MISP core format */
        MispEventInput: {
            Event: {
                uuid: string;
                info: string;
                date: string;
                threat_level_id: string;
                analysis: string;
                Attribute: ({
                    type: string;
                    category: string;
                    value: string;
                } & {
                    [key: string]: unknown;
                })[];
                Tag: ({
                    name: string;
                } & {
                    [key: string]: unknown;
                })[];
            } & {
                [key: string]: unknown;
            };
        } & {
            [key: string]: unknown;
        };
        /** @description An HTTP Archive (HAR) 1.2 */
        HarInput: {
            log: {
                /** @constant */
                version: "1.2";
                creator: {
                    name: string;
                    version: string;
                } & {
                    [key: string]: unknown;
                };
                pages: ({
                    id: string;
                } & {
                    [key: string]: unknown;
                })[];
                entries: ({
                    startedDateTime: string;
                    time: number;
                } & {
                    [key: string]: unknown;
                })[];
            } & {
                [key: string]: unknown;
            };
        } & {
            [key: string]: unknown;
        };
        ScanBatchInput: {
            /** @description Items that became scans (each charged) */
            accepted: number;
            /** @description Items refused on their own (not charged) */
            rejected: number;
            /** @description What the batch cost: the accepted items' scans */
            charged_usd: number;
            /** @description One per URL, in order */
            items: {
                /** @description The item's place in `urls` */
                index: number;
                /** @description The item as submitted */
                url: string;
                scan_id: string | null;
                /** @description `pending` for a new scan, `completed` for a reused one */
                status: ("pending" | "completed") | null;
                created_at: string | null;
                /**
                 * @description Present on an item answered with a recent scan (`max_age_seconds`): not charged
                 * @constant
                 */
                reused?: true;
                /** @description Why the item was refused; null when accepted */
                error: components["schemas"]["BatchItemErrorInput"] | null;
            }[];
        };
        ScanCreatedInput: {
            /** Format: uuid */
            scan_id: string;
            /** @constant */
            status: "pending";
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp ending in Z
             */
            created_at: string;
        };
        SiteContextInput: {
            apparent_purpose: string;
            /** @description ISO 639-1 code of the visible text, "und" when it cannot be told */
            primary_language: string;
            detected_brand: string | null;
            page_title: string;
        };
        ScanReportInput: {
            request_url: string;
            /** @enum {string} */
            final_assessment: "Malicious" | "Suspicious" | "Benign" | "Unknown";
            threat_type: string;
            confidence_score: number;
            executive_summary: string;
            evidence_findings: components["schemas"]["FindingInput"][];
            /** @description null when the analysis halted early (e.g. DNS) */
            site_context: components["schemas"]["SiteContextInput"] | null;
        };
        ScanErrorInput: {
            /** @enum {string} */
            code: "scan_timeout" | "scan_interrupted" | "browser_error" | "scan_failed";
            /** @description What happened, and that the charge was refunded */
            message: string;
        };
        ScanInput: {
            /** Format: uuid */
            scan_id: string;
            /** @description The submitted URL */
            url: string;
            /** @enum {string} */
            status: "pending" | "processing" | "completed" | "failed";
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp ending in Z
             */
            created_at: string;
            /** @description When the scan finished (completed or failed); null until then */
            completed_at: string | null;
            /** @description Present when completed; null otherwise */
            report: components["schemas"]["ScanReportInput"] | null;
            /** @description Present when failed; null otherwise */
            error: components["schemas"]["ScanErrorInput"] | null;
            /** @description Up to 20 tags; each is kept once, in lower case */
            tags: string[];
            /**
             * @description `private` (default): the organization only. `unlisted`: anyone with the scan's share link (`share_url`) can read a masked view of it, without a key; making it private again revokes the link for good.
             * @enum {string}
             */
            visibility: "private" | "unlisted";
            /** @description The share link (`/s/{token}`, relative to the API's base URL) while unlisted; null when private */
            share_url: string | null;
        };
        ReusedScanInput: {
            /** Format: uuid */
            scan_id: string;
            /** @description The submitted URL */
            url: string;
            /** @enum {string} */
            status: "pending" | "processing" | "completed" | "failed";
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp ending in Z
             */
            created_at: string;
            /** @description When the scan finished (completed or failed); null until then */
            completed_at: string | null;
            /** @description Present when completed; null otherwise */
            report: components["schemas"]["ScanReportInput"] | null;
            /** @description Present when failed; null otherwise */
            error: components["schemas"]["ScanErrorInput"] | null;
            /** @description Up to 20 tags; each is kept once, in lower case */
            tags: string[];
            /**
             * @description `private` (default): the organization only. `unlisted`: anyone with the scan's share link (`share_url`) can read a masked view of it, without a key; making it private again revokes the link for good.
             * @enum {string}
             */
            visibility: "private" | "unlisted";
            /** @description The share link (`/s/{token}`, relative to the API's base URL) while unlisted; null when private */
            share_url: string | null;
            /**
             * @description An existing scan answered instead of a new one: not charged
             * @constant
             */
            reused: true;
        };
        ScanCaptureInput: {
            /** Format: uuid */
            scan_id: string;
            request_url: string;
            final_url: string | null;
            /** @description HTTP status of the final document */
            status: number | null;
            /** @enum {string} */
            outcome: "ok" | "dns_failure" | "tls_failure" | "http_error" | "timeout" | "unreachable" | "blocked" | "browser_error";
            reason: string | null;
            message: string | null;
            started_at: string;
            finished_at: string;
            duration_ms: number;
            redirect_chain: {
                url: string;
                status: number | null;
                location: string | null;
                /** @enum {string} */
                kind: "http" | "meta_refresh" | "script" | "navigation";
                /** @description The address the egress gate connected to */
                address: string | null;
            }[];
            requests: {
                url: string;
                method: string;
                resource_type: string;
                status: number | null;
                address: string | null;
                /** @enum {string} */
                outcome: "ok" | "blocked" | "failed";
                /** @description The egress reason when blocked or failed */
                reason: string | null;
            }[];
            title: string | null;
            headers: {
                [key: string]: string;
            };
            dom: {
                /** @description Characters of the final DOM as captured */
                size: number;
                /** @description true when the DOM was larger than the capture keeps */
                truncated: boolean;
            };
            text_length: number;
            tls: {
                protocol: string | null;
                subject: string | null;
                issuer: string | null;
                valid_from: string | null;
                valid_to: string | null;
            } | null;
            forms: {
                action: string | null;
                method: string;
                inputs: {
                    type: string;
                    name: string | null;
                    autocomplete: string | null;
                }[];
                visible: boolean;
            }[];
            cookies: {
                name: string;
                domain: string;
                secure: boolean;
                http_only: boolean;
                same_site: string | null;
            }[];
            console: {
                type: string;
                text: string;
            }[];
            downloads: {
                url: string;
                suggested_filename: string | null;
            }[];
            dialogs: {
                type: string;
                message: string;
            }[];
            favicon: {
                url: string;
                content_type: string | null;
            } | null;
            screenshots: {
                /** @description Path of the viewport screenshot, null when there is none */
                viewport: string | null;
                /** @description Path of the full-page screenshot, null when there is none */
                full_page: string | null;
            };
            /** @description The final DOM, only with ?html=1 */
            html?: string;
        };
        ScanSummaryInput: {
            /** Format: uuid */
            scan_id: string;
            /** @description The submitted URL */
            url: string;
            /** @enum {string} */
            status: "pending" | "processing" | "completed" | "failed";
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp ending in Z
             */
            created_at: string;
            completed_at: string | null;
            /** @description Where the browser ended; null until completed */
            final_url: string | null;
            /** @description null until completed */
            final_assessment: ("Malicious" | "Suspicious" | "Benign" | "Unknown") | null;
            threat_type: string | null;
            confidence_score: number | null;
            detected_brand: string | null;
            /** @description Up to 20 tags; each is kept once, in lower case */
            tags: string[];
        };
        ScanListInput: {
            /** @description Newest first */
            data: components["schemas"]["ScanSummaryInput"][];
            /** @description Pass as `cursor` for the next page; null on the last page */
            next_cursor: string | null;
        };
        SharedScanInput: {
            /** @description The submitted URL, masked */
            url: string;
            /** @enum {string} */
            status: "pending" | "processing" | "completed" | "failed";
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp ending in Z
             */
            created_at: string;
            completed_at: string | null;
            /** @description The report (URLs and e-mail addresses in it masked); null until completed */
            report: components["schemas"]["ScanReportInput"] | null;
            error: components["schemas"]["ScanErrorInput"] | null;
            /** @description What the browser saw, masked; null until completed, for failed scans and once expired */
            page: {
                /** @description Masked */
                final_url: string | null;
                /** @description HTTP status of the final document */
                status: number | null;
                /** @description Masked */
                title: string | null;
                redirect_chain: {
                    /** @description Masked */
                    url: string;
                    status: number | null;
                    /** @description Masked */
                    location: string | null;
                    /** @enum {string} */
                    kind: "http" | "meta_refresh" | "script" | "navigation";
                    /** @description The server address the browser connected to */
                    address: string | null;
                }[];
                requests: {
                    /** @description Masked */
                    url: string;
                    method: string;
                    resource_type: string;
                    status: number | null;
                    address: string | null;
                    /** @enum {string} */
                    outcome: "ok" | "blocked" | "failed";
                }[];
                forms: {
                    /** @description Masked */
                    action: string | null;
                    method: string;
                    inputs: {
                        type: string;
                        name: string | null;
                    }[];
                    visible: boolean;
                }[];
                /** @description The certificate of the final document as the browser negotiated it; null without one */
                tls: {
                    protocol: string | null;
                    /** @description Masked */
                    subject: string | null;
                    /** @description Masked */
                    issuer: string | null;
                    valid_from: string | null;
                    valid_to: string | null;
                } | null;
                /** @description Registration and hosting of the final host (the scan's network checks); null without them */
                network: {
                    /** @description The registrable domain looked up in RDAP */
                    domain: string | null;
                    /** @description Its registration date (RDAP); null when unknown */
                    registered_at: string | null;
                    /** @description Whole days since registration; null when unknown */
                    age_days: number | null;
                    registrar: string | null;
                    /** @description The host's first address */
                    address: string | null;
                    /** @description The autonomous system of that address */
                    asn: number | null;
                    /** @description The organization of that autonomous system */
                    as_org: string | null;
                } | null;
            } | null;
            /** @description The viewport screenshot (`/s/{token}/screenshot`); null when there is none */
            screenshot_url: string | null;
            /** @description The full-page screenshot (`/s/{token}/screenshot?full=1`); null when there is none */
            full_screenshot_url: string | null;
            /** @description true when the organization's retention deleted the screenshot and the page's capture */
            artifacts_expired: boolean;
        };
        ScanViewLinkInput: {
            /** @description The scan's result page, relative to the API's base URL: `/scans/{scan_id}/view?expires=…&sig=…`. Open it in a browser; no key needed while it is valid */
            view_url: string;
            /**
             * Format: date-time
             * @description When the link stops working (15 minutes from now)
             */
            expires_at: string;
        };
        ScanFingerprintsInput: {
            /** @description null when the final DOM had too few elements to tell pages apart, or none */
            dom: {
                /** @description SHA-256 of the DOM skeleton (element and attribute names, nesting) */
                sha256: string;
                /** @description 64-bit SimHash of the skeleton, 16 hex digits */
                simhash: string;
            } | null;
            /** @description null when the page had no favicon the capture could fetch */
            favicon: {
                /** @description SHA-256 of the favicon's bytes */
                sha256: string;
                /** @description The favicon hash internet scanners show (Shodan's http.favicon.hash): MurmurHash3 of its base64 */
                mmh3: number;
            } | null;
            /** @description null when there was no screenshot, or a blank one */
            screenshot: {
                /** @description 64-bit perceptual hash of the viewport screenshot, 16 hex digits */
                phash: string;
            } | null;
        };
        SimilarScanInput: {
            scan: components["schemas"]["ScanSummaryInput"];
            /** @description What the two pages share: the same DOM skeleton (dom_exact) or one at most 7 bits of SimHash away (dom_near), the same favicon, the same screenshot hash (screenshot_exact) or one at most 7 bits away (screenshot_near) */
            by: ("dom_exact" | "dom_near" | "favicon" | "screenshot_exact" | "screenshot_near")[];
            /** @description Bits in which the two DOM SimHashes differ (0-64); null when either page has none */
            dom_distance: number | null;
            /** @description Bits in which the two screenshot hashes differ (0-64); null when either page has none */
            screenshot_distance: number | null;
        };
        SimilarScansInput: {
            /** Format: uuid */
            scan_id: string;
            fingerprints: components["schemas"]["ScanFingerprintsInput"];
            /** @description The organization's other scans that match, newest first */
            matches: components["schemas"]["SimilarScanInput"][];
            /** @description Pass as `cursor` for the next page; null on the last page */
            next_cursor: string | null;
        };
        WebhookInput: {
            /** Format: uuid */
            webhook_id: string;
            url: string;
            events: string[];
            description: string | null;
            /** @enum {string} */
            status: "enabled" | "disabled";
            /** @description Why the endpoint is disabled; null when enabled */
            disabled_reason: string | null;
            disabled_at: string | null;
            /** @description The last delivery the endpoint accepted (2xx) */
            last_success_at: string | null;
            created_at: string;
        };
        WebhookWithSecretInput: {
            /** Format: uuid */
            webhook_id: string;
            url: string;
            events: string[];
            description: string | null;
            /** @enum {string} */
            status: "enabled" | "disabled";
            /** @description Why the endpoint is disabled; null when enabled */
            disabled_reason: string | null;
            disabled_at: string | null;
            /** @description The last delivery the endpoint accepted (2xx) */
            last_success_at: string | null;
            created_at: string;
            /** @description The signing secret (`whsec_…`), shown only in this answer: keep it to verify deliveries */
            secret: string;
        };
        WebhookListInput: {
            data: components["schemas"]["WebhookInput"][];
        };
        WebhookDeliveryInput: {
            /**
             * Format: uuid
             * @description Also the `webhook-id` header of every attempt
             */
            delivery_id: string;
            /** Format: uuid */
            webhook_id: string;
            event: string;
            /** @description The scan or classification job the event is about */
            resource_id: string | null;
            /** @enum {string} */
            status: "pending" | "delivered" | "failed";
            attempts: {
                attempt: number;
                at: string;
                /** @description The endpoint's HTTP status; null when it did not answer */
                status_code: number | null;
                /** @description Why the attempt failed; null when it succeeded */
                error: string | null;
                duration_ms: number;
            }[];
            /** @description When the next attempt is due, while pending */
            next_attempt_at: string | null;
            delivered_at: string | null;
            created_at: string;
        };
        WebhookDeliveryListInput: {
            /** @description Newest first */
            data: components["schemas"]["WebhookDeliveryInput"][];
            /** @description Pass as `cursor` for the next page; null on the last page */
            next_cursor: string | null;
        };
        WebhookSecretInput: {
            /** @description The new signing secret (`whsec_…`), shown only in this answer */
            secret: string;
            /** @description Until then deliveries carry a signature under the previous secret too */
            previous_secret_expires_at: string;
        };
        /** @description RFC 9457 problem document with a stable `error` code */
        Problem: {
            type: string;
            title: string;
            status: number;
            detail: string;
            /** @enum {string} */
            error: "invalid_request" | "invalid_json" | "invalid_domain" | "invalid_url" | "invalid_cursor" | "invalid_webhook_url" | "invalid_idempotency_key" | "missing_api_key" | "invalid_api_key" | "api_key_revoked" | "invalid_admin_token" | "invalid_authorization_header" | "insufficient_balance" | "operation_blocked" | "not_found" | "route_not_found" | "admin_disabled" | "method_not_allowed" | "idempotency_key_in_progress" | "too_many_webhooks" | "artifact_expired" | "link_expired" | "payload_too_large" | "unsupported_media_type" | "idempotency_key_reused" | "rate_limit_exceeded" | "internal_error" | "service_unavailable" | "rate_limiter_unavailable";
            message: string;
        } & {
            [key: string]: unknown;
        };
        RateLimitExceeded: {
            /** @constant */
            error: "rate_limit_exceeded";
            message: string;
            limit: number;
            retry_after: number;
        };
        BatchItemError: {
            /** @description The stable error code a single call with this item would answer */
            error: string;
            /** @description Its HTTP status */
            status: number;
            message: string;
        };
        ApiKeyList: {
            data: {
                key_id: string;
                /** @description The key's first characters, as the key itself begins; the rest is never stored */
                prefix: string;
                created_at: string;
                revoked_at: string | null;
            }[];
        };
        OrganizationPage: {
            /** @description Newest first */
            data: {
                org_id: string;
                name: string;
                balance_usd: number;
                created_at: string;
            }[];
            /** @description Pass as `cursor` for the next page; null on the last page */
            next_cursor: string | null;
        };
        Account: {
            org_id: string;
            name: string;
            balance_usd: number;
            limits: {
                [key: string]: number;
            };
            /**
             * @description How POST /v1/domain-risks screens users' sites on hosting platforms: `evidence` (default) judges them by their name and network evidence like any other host; `strict` makes an unknown user site on a platform phishing abuses at least Suspicious (finding DR-DOM-028).
             * @enum {string}
             */
            user_site_policy: "evidence" | "strict";
            /** @description Days the organization's scan screenshots and captures (with the DOM) are kept; null keeps them. Older ones are deleted by an hourly purge; scan records keep their reports and verdicts. */
            artifact_retention_days: number | null;
            created_at: string;
            prices_usd: {
                [key: string]: number;
            };
            usage_this_month: {
                operation: string;
                calls: number;
                charged_usd: number;
            }[];
        };
        ClassificationResult: {
            domain: string;
            /** @enum {string} */
            state: "developed" | "parked" | "under_construction" | "redirect" | "unreachable" | "empty";
            /** @enum {string} */
            scraping_status: "httpx_success" | "browser_success" | "failed_dns" | "failed_tls" | "failed_http" | "timeout" | "blocked";
            /** @enum {string} */
            stability: "permanent" | "transient" | "unknown";
            /** @enum {string} */
            enrichment_status: "complete" | "partial" | "failed";
            /** @enum {string} */
            confidence: "high" | "medium" | "low";
            facts: {
                created_at: string | null;
                rank: number | null;
                hosting_provider: string;
                redirect_destination: string | null;
            };
            identity: {
                headline: string;
                summary: string;
                operator: string;
                parent_entity: string | null;
                topics: string[];
            };
            category: {
                /** @enum {string} */
                purpose: "developer_platform" | "productivity_suite" | "financial_services" | "cloud_infrastructure" | "ecommerce" | "news_media" | "social_network" | "search_engine" | "email_provider" | "identity_provider" | "file_sharing" | "url_shortener" | "crypto_exchange" | "government" | "education" | "healthcare" | "travel" | "gaming" | "streaming_media" | "adult" | "gambling" | "parked" | "personal_site" | "nonprofit" | "security_vendor" | "advertising" | "telecommunications" | "hosting_provider" | "software_vendor" | "business_services" | "marketplace" | "reference" | "entertainment" | "sports" | "food_and_drink" | "real_estate" | "automotive" | "manufacturing" | "logistics" | "legal_services" | "religion" | "community_forum" | "blog" | "other";
                specialization: string;
            };
            /** @description The eight capability flags, the same values as the public endpoint GET /api/v1/classify returns */
            functions: {
                is_ugc_platform: boolean;
                is_file_host: boolean;
                is_url_shortener: boolean;
                is_public_idp: boolean;
                is_crypto_platform: boolean;
                allows_user_subdomains: boolean;
                is_form_builder: boolean;
                is_document_host: boolean;
            };
            /**
             * @description The well-known brand the site presents itself as although the domain does not belong to that brand ("PayPal" for a PayPal look-alike); null when the site claims no identity other than its own. See docs/classification.md, "Claimed identity".
             * @example PayPal
             * @example null
             */
            impersonates: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp ending in Z
             */
            classified_at: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp ending in Z
             */
            updated_at: string;
        };
        PublicClassification: {
            domain: string;
            /** @enum {string} */
            confidence: "high" | "medium" | "low";
            category: {
                /** @enum {string} */
                purpose: "developer_platform" | "productivity_suite" | "financial_services" | "cloud_infrastructure" | "ecommerce" | "news_media" | "social_network" | "search_engine" | "email_provider" | "identity_provider" | "file_sharing" | "url_shortener" | "crypto_exchange" | "government" | "education" | "healthcare" | "travel" | "gaming" | "streaming_media" | "adult" | "gambling" | "parked" | "personal_site" | "nonprofit" | "security_vendor" | "advertising" | "telecommunications" | "hosting_provider" | "software_vendor" | "business_services" | "marketplace" | "reference" | "entertainment" | "sports" | "food_and_drink" | "real_estate" | "automotive" | "manufacturing" | "logistics" | "legal_services" | "religion" | "community_forum" | "blog" | "other";
                specialization: string;
            };
            identity: {
                headline: string;
                summary: string;
                operator: string;
                parent_entity: string | null;
                topics: string[];
            };
            functions: {
                is_ugc_platform: boolean;
                is_file_host: boolean;
                is_url_shortener: boolean;
                is_public_idp: boolean;
                is_crypto_platform: boolean;
                allows_user_subdomains: boolean;
                is_form_builder: boolean;
                is_document_host: boolean;
            };
            /**
             * @description The well-known brand the site presents itself as although the domain does not belong to that brand ("PayPal" for a PayPal look-alike); null when the site claims no identity other than its own. See docs/classification.md, "Claimed identity".
             * @example PayPal
             * @example null
             */
            impersonates: string | null;
            facts: {
                registered_date: string | null;
                rank: number | null;
                hosting_provider: string;
            };
        };
        ClassificationJobError: {
            /** @enum {string} */
            code: "domain_unresolvable" | "blocked_by_policy" | "crawl_timeout" | "crawl_interrupted" | "crawl_failed";
            message: string;
            /** @description true when a new POST for the domain may succeed */
            retryable: boolean;
        };
        ClassificationJob: {
            /** @enum {string} */
            status: "queued" | "running" | "complete" | "failed";
            /** Format: uuid */
            job_id: string;
            /** @description The root domain being classified */
            domain: string;
            /** @description null unless status is failed */
            error: components["schemas"]["ClassificationJobError"] | null;
            /** @description Path to poll, relative to the API base URL */
            status_url: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp ending in Z
             */
            created_at: string;
            /** @description When the job became complete or failed */
            finished_at: string | null;
            /** @description Present when status is complete */
            result?: components["schemas"]["ClassificationResult"];
        };
        ClassificationJobSummary: {
            /** @enum {string} */
            status: "queued" | "running" | "complete" | "failed";
            /** Format: uuid */
            job_id: string;
            /** @description The root domain being classified */
            domain: string;
            /** @description null unless status is failed */
            error: components["schemas"]["ClassificationJobError"] | null;
            /** @description Path to poll, relative to the API base URL */
            status_url: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp ending in Z
             */
            created_at: string;
            /** @description When the job became complete or failed */
            finished_at: string | null;
        };
        ClassificationJobList: {
            /** @description Newest first */
            data: components["schemas"]["ClassificationJobSummary"][];
            /** @description Pass as `cursor` for the next page; null on the last page */
            next_cursor: string | null;
        };
        Finding: {
            finding_id: string;
            /** @enum {string} */
            severity: "Critical" | "High" | "Medium" | "Low" | "Informational";
            source_agent: string;
            description: string;
            details: string;
            category?: string;
        };
        RiskReport: {
            request_url: string;
            /** @enum {string} */
            final_assessment: "Malicious" | "Suspicious" | "Benign" | "Unknown";
            threat_type: string;
            confidence_score: number;
            executive_summary: string;
            evidence_findings: components["schemas"]["Finding"][];
        };
        DomainRiskCreated: {
            risk_id: string;
            /** @constant */
            status: "completed";
            created_at: string;
        };
        DomainRisk: {
            risk_id: string;
            url: string;
            created_at: string;
            report: components["schemas"]["RiskReport"];
        };
        DomainRiskSummary: {
            risk_id: string;
            /** @description The submitted URL or domain */
            url: string;
            created_at: string;
            /** @enum {string} */
            final_assessment: "Malicious" | "Suspicious" | "Benign" | "Unknown";
            threat_type: string;
            confidence_score: number;
        };
        DomainRiskList: {
            /** @description Newest first */
            data: components["schemas"]["DomainRiskSummary"][];
            /** @description Pass as `cursor` for the next page; null on the last page */
            next_cursor: string | null;
        };
        DomainRiskBatch: {
            /** @description Items analysed (each charged and stored) */
            accepted: number;
            /** @description Items refused on their own (not charged) */
            rejected: number;
            charged_usd: number;
            /** @description One per URL, in order */
            items: {
                index: number;
                /** @description The item as submitted */
                url: string;
                risk_id: string | null;
                created_at: string | null;
                /** @description The verdict, as GET /v1/domain-risks/{id} shows it */
                report: components["schemas"]["RiskReport"] | null;
                /** @description Why the item was refused; null when analysed */
                error: components["schemas"]["BatchItemError"] | null;
            }[];
        };
        /** @description A STIX 2.1 bundle */
        StixBundle: {
            /** @constant */
            type: "bundle";
            /** @description bundle--<uuid> */
            id: string;
            /** @description Indicator, observed data and its observables, identities, relationships */
            objects: ({
                type: string;
                id: string;
            } & {
                [key: string]: unknown;
            })[];
        } & {
            [key: string]: unknown;
        };
        /** @description A MISP event in the MISP core format */
        MispEvent: {
            Event: {
                uuid: string;
                info: string;
                date: string;
                threat_level_id: string;
                analysis: string;
                Attribute: ({
                    type: string;
                    category: string;
                    value: string;
                } & {
                    [key: string]: unknown;
                })[];
                Tag: ({
                    name: string;
                } & {
                    [key: string]: unknown;
                })[];
            } & {
                [key: string]: unknown;
            };
        } & {
            [key: string]: unknown;
        };
        /** @description An HTTP Archive (HAR) 1.2 */
        Har: {
            log: {
                /** @constant */
                version: "1.2";
                creator: {
                    name: string;
                    version: string;
                } & {
                    [key: string]: unknown;
                };
                pages: ({
                    id: string;
                } & {
                    [key: string]: unknown;
                })[];
                entries: ({
                    startedDateTime: string;
                    time: number;
                } & {
                    [key: string]: unknown;
                })[];
            } & {
                [key: string]: unknown;
            };
        } & {
            [key: string]: unknown;
        };
        ScanBatch: {
            /** @description Items that became scans (each charged) */
            accepted: number;
            /** @description Items refused on their own (not charged) */
            rejected: number;
            /** @description What the batch cost: the accepted items' scans */
            charged_usd: number;
            /** @description One per URL, in order */
            items: {
                /** @description The item's place in `urls` */
                index: number;
                /** @description The item as submitted */
                url: string;
                scan_id: string | null;
                /** @description `pending` for a new scan, `completed` for a reused one */
                status: ("pending" | "completed") | null;
                created_at: string | null;
                /**
                 * @description Present on an item answered with a recent scan (`max_age_seconds`): not charged
                 * @constant
                 */
                reused?: true;
                /** @description Why the item was refused; null when accepted */
                error: components["schemas"]["BatchItemError"] | null;
            }[];
        };
        ScanCreated: {
            /** Format: uuid */
            scan_id: string;
            /** @constant */
            status: "pending";
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp ending in Z
             */
            created_at: string;
        };
        SiteContext: {
            apparent_purpose: string;
            /** @description ISO 639-1 code of the visible text, "und" when it cannot be told */
            primary_language: string;
            detected_brand: string | null;
            page_title: string;
        };
        ScanReport: {
            request_url: string;
            /** @enum {string} */
            final_assessment: "Malicious" | "Suspicious" | "Benign" | "Unknown";
            threat_type: string;
            confidence_score: number;
            executive_summary: string;
            evidence_findings: components["schemas"]["Finding"][];
            /** @description null when the analysis halted early (e.g. DNS) */
            site_context: components["schemas"]["SiteContext"] | null;
        };
        ScanError: {
            /** @enum {string} */
            code: "scan_timeout" | "scan_interrupted" | "browser_error" | "scan_failed";
            /** @description What happened, and that the charge was refunded */
            message: string;
        };
        Scan: {
            /** Format: uuid */
            scan_id: string;
            /** @description The submitted URL */
            url: string;
            /** @enum {string} */
            status: "pending" | "processing" | "completed" | "failed";
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp ending in Z
             */
            created_at: string;
            /** @description When the scan finished (completed or failed); null until then */
            completed_at: string | null;
            /** @description Present when completed; null otherwise */
            report: components["schemas"]["ScanReport"] | null;
            /** @description Present when failed; null otherwise */
            error: components["schemas"]["ScanError"] | null;
            /** @description Up to 20 tags; each is kept once, in lower case */
            tags: string[];
            /**
             * @description `private` (default): the organization only. `unlisted`: anyone with the scan's share link (`share_url`) can read a masked view of it, without a key; making it private again revokes the link for good.
             * @enum {string}
             */
            visibility: "private" | "unlisted";
            /** @description The share link (`/s/{token}`, relative to the API's base URL) while unlisted; null when private */
            share_url: string | null;
        };
        ReusedScan: {
            /** Format: uuid */
            scan_id: string;
            /** @description The submitted URL */
            url: string;
            /** @enum {string} */
            status: "pending" | "processing" | "completed" | "failed";
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp ending in Z
             */
            created_at: string;
            /** @description When the scan finished (completed or failed); null until then */
            completed_at: string | null;
            /** @description Present when completed; null otherwise */
            report: components["schemas"]["ScanReport"] | null;
            /** @description Present when failed; null otherwise */
            error: components["schemas"]["ScanError"] | null;
            /** @description Up to 20 tags; each is kept once, in lower case */
            tags: string[];
            /**
             * @description `private` (default): the organization only. `unlisted`: anyone with the scan's share link (`share_url`) can read a masked view of it, without a key; making it private again revokes the link for good.
             * @enum {string}
             */
            visibility: "private" | "unlisted";
            /** @description The share link (`/s/{token}`, relative to the API's base URL) while unlisted; null when private */
            share_url: string | null;
            /**
             * @description An existing scan answered instead of a new one: not charged
             * @constant
             */
            reused: true;
        };
        ScanCapture: {
            /** Format: uuid */
            scan_id: string;
            request_url: string;
            final_url: string | null;
            /** @description HTTP status of the final document */
            status: number | null;
            /** @enum {string} */
            outcome: "ok" | "dns_failure" | "tls_failure" | "http_error" | "timeout" | "unreachable" | "blocked" | "browser_error";
            reason: string | null;
            message: string | null;
            started_at: string;
            finished_at: string;
            duration_ms: number;
            redirect_chain: {
                url: string;
                status: number | null;
                location: string | null;
                /** @enum {string} */
                kind: "http" | "meta_refresh" | "script" | "navigation";
                /** @description The address the egress gate connected to */
                address: string | null;
            }[];
            requests: {
                url: string;
                method: string;
                resource_type: string;
                status: number | null;
                address: string | null;
                /** @enum {string} */
                outcome: "ok" | "blocked" | "failed";
                /** @description The egress reason when blocked or failed */
                reason: string | null;
            }[];
            title: string | null;
            headers: {
                [key: string]: string;
            };
            dom: {
                /** @description Characters of the final DOM as captured */
                size: number;
                /** @description true when the DOM was larger than the capture keeps */
                truncated: boolean;
            };
            text_length: number;
            tls: {
                protocol: string | null;
                subject: string | null;
                issuer: string | null;
                valid_from: string | null;
                valid_to: string | null;
            } | null;
            forms: {
                action: string | null;
                method: string;
                inputs: {
                    type: string;
                    name: string | null;
                    autocomplete: string | null;
                }[];
                visible: boolean;
            }[];
            cookies: {
                name: string;
                domain: string;
                secure: boolean;
                http_only: boolean;
                same_site: string | null;
            }[];
            console: {
                type: string;
                text: string;
            }[];
            downloads: {
                url: string;
                suggested_filename: string | null;
            }[];
            dialogs: {
                type: string;
                message: string;
            }[];
            favicon: {
                url: string;
                content_type: string | null;
            } | null;
            screenshots: {
                /** @description Path of the viewport screenshot, null when there is none */
                viewport: string | null;
                /** @description Path of the full-page screenshot, null when there is none */
                full_page: string | null;
            };
            /** @description The final DOM, only with ?html=1 */
            html?: string;
        };
        ScanSummary: {
            /** Format: uuid */
            scan_id: string;
            /** @description The submitted URL */
            url: string;
            /** @enum {string} */
            status: "pending" | "processing" | "completed" | "failed";
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp ending in Z
             */
            created_at: string;
            completed_at: string | null;
            /** @description Where the browser ended; null until completed */
            final_url: string | null;
            /** @description null until completed */
            final_assessment: ("Malicious" | "Suspicious" | "Benign" | "Unknown") | null;
            threat_type: string | null;
            confidence_score: number | null;
            detected_brand: string | null;
            /** @description Up to 20 tags; each is kept once, in lower case */
            tags: string[];
        };
        ScanList: {
            /** @description Newest first */
            data: components["schemas"]["ScanSummary"][];
            /** @description Pass as `cursor` for the next page; null on the last page */
            next_cursor: string | null;
        };
        SharedScan: {
            /** @description The submitted URL, masked */
            url: string;
            /** @enum {string} */
            status: "pending" | "processing" | "completed" | "failed";
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp ending in Z
             */
            created_at: string;
            completed_at: string | null;
            /** @description The report (URLs and e-mail addresses in it masked); null until completed */
            report: components["schemas"]["ScanReport"] | null;
            error: components["schemas"]["ScanError"] | null;
            /** @description What the browser saw, masked; null until completed, for failed scans and once expired */
            page: {
                /** @description Masked */
                final_url: string | null;
                /** @description HTTP status of the final document */
                status: number | null;
                /** @description Masked */
                title: string | null;
                redirect_chain: {
                    /** @description Masked */
                    url: string;
                    status: number | null;
                    /** @description Masked */
                    location: string | null;
                    /** @enum {string} */
                    kind: "http" | "meta_refresh" | "script" | "navigation";
                    /** @description The server address the browser connected to */
                    address: string | null;
                }[];
                requests: {
                    /** @description Masked */
                    url: string;
                    method: string;
                    resource_type: string;
                    status: number | null;
                    address: string | null;
                    /** @enum {string} */
                    outcome: "ok" | "blocked" | "failed";
                }[];
                forms: {
                    /** @description Masked */
                    action: string | null;
                    method: string;
                    inputs: {
                        type: string;
                        name: string | null;
                    }[];
                    visible: boolean;
                }[];
                /** @description The certificate of the final document as the browser negotiated it; null without one */
                tls: {
                    protocol: string | null;
                    /** @description Masked */
                    subject: string | null;
                    /** @description Masked */
                    issuer: string | null;
                    valid_from: string | null;
                    valid_to: string | null;
                } | null;
                /** @description Registration and hosting of the final host (the scan's network checks); null without them */
                network: {
                    /** @description The registrable domain looked up in RDAP */
                    domain: string | null;
                    /** @description Its registration date (RDAP); null when unknown */
                    registered_at: string | null;
                    /** @description Whole days since registration; null when unknown */
                    age_days: number | null;
                    registrar: string | null;
                    /** @description The host's first address */
                    address: string | null;
                    /** @description The autonomous system of that address */
                    asn: number | null;
                    /** @description The organization of that autonomous system */
                    as_org: string | null;
                } | null;
            } | null;
            /** @description The viewport screenshot (`/s/{token}/screenshot`); null when there is none */
            screenshot_url: string | null;
            /** @description The full-page screenshot (`/s/{token}/screenshot?full=1`); null when there is none */
            full_screenshot_url: string | null;
            /** @description true when the organization's retention deleted the screenshot and the page's capture */
            artifacts_expired: boolean;
        };
        ScanViewLink: {
            /** @description The scan's result page, relative to the API's base URL: `/scans/{scan_id}/view?expires=…&sig=…`. Open it in a browser; no key needed while it is valid */
            view_url: string;
            /**
             * Format: date-time
             * @description When the link stops working (15 minutes from now)
             */
            expires_at: string;
        };
        ScanFingerprints: {
            /** @description null when the final DOM had too few elements to tell pages apart, or none */
            dom: {
                /** @description SHA-256 of the DOM skeleton (element and attribute names, nesting) */
                sha256: string;
                /** @description 64-bit SimHash of the skeleton, 16 hex digits */
                simhash: string;
            } | null;
            /** @description null when the page had no favicon the capture could fetch */
            favicon: {
                /** @description SHA-256 of the favicon's bytes */
                sha256: string;
                /** @description The favicon hash internet scanners show (Shodan's http.favicon.hash): MurmurHash3 of its base64 */
                mmh3: number;
            } | null;
            /** @description null when there was no screenshot, or a blank one */
            screenshot: {
                /** @description 64-bit perceptual hash of the viewport screenshot, 16 hex digits */
                phash: string;
            } | null;
        };
        SimilarScan: {
            scan: components["schemas"]["ScanSummary"];
            /** @description What the two pages share: the same DOM skeleton (dom_exact) or one at most 7 bits of SimHash away (dom_near), the same favicon, the same screenshot hash (screenshot_exact) or one at most 7 bits away (screenshot_near) */
            by: ("dom_exact" | "dom_near" | "favicon" | "screenshot_exact" | "screenshot_near")[];
            /** @description Bits in which the two DOM SimHashes differ (0-64); null when either page has none */
            dom_distance: number | null;
            /** @description Bits in which the two screenshot hashes differ (0-64); null when either page has none */
            screenshot_distance: number | null;
        };
        SimilarScans: {
            /** Format: uuid */
            scan_id: string;
            fingerprints: components["schemas"]["ScanFingerprints"];
            /** @description The organization's other scans that match, newest first */
            matches: components["schemas"]["SimilarScan"][];
            /** @description Pass as `cursor` for the next page; null on the last page */
            next_cursor: string | null;
        };
        Webhook: {
            /** Format: uuid */
            webhook_id: string;
            url: string;
            events: string[];
            description: string | null;
            /** @enum {string} */
            status: "enabled" | "disabled";
            /** @description Why the endpoint is disabled; null when enabled */
            disabled_reason: string | null;
            disabled_at: string | null;
            /** @description The last delivery the endpoint accepted (2xx) */
            last_success_at: string | null;
            created_at: string;
        };
        WebhookWithSecret: {
            /** Format: uuid */
            webhook_id: string;
            url: string;
            events: string[];
            description: string | null;
            /** @enum {string} */
            status: "enabled" | "disabled";
            /** @description Why the endpoint is disabled; null when enabled */
            disabled_reason: string | null;
            disabled_at: string | null;
            /** @description The last delivery the endpoint accepted (2xx) */
            last_success_at: string | null;
            created_at: string;
            /** @description The signing secret (`whsec_…`), shown only in this answer: keep it to verify deliveries */
            secret: string;
        };
        WebhookList: {
            data: components["schemas"]["Webhook"][];
        };
        WebhookDelivery: {
            /**
             * Format: uuid
             * @description Also the `webhook-id` header of every attempt
             */
            delivery_id: string;
            /** Format: uuid */
            webhook_id: string;
            event: string;
            /** @description The scan or classification job the event is about */
            resource_id: string | null;
            /** @enum {string} */
            status: "pending" | "delivered" | "failed";
            attempts: {
                attempt: number;
                at: string;
                /** @description The endpoint's HTTP status; null when it did not answer */
                status_code: number | null;
                /** @description Why the attempt failed; null when it succeeded */
                error: string | null;
                duration_ms: number;
            }[];
            /** @description When the next attempt is due, while pending */
            next_attempt_at: string | null;
            delivered_at: string | null;
            created_at: string;
        };
        WebhookDeliveryList: {
            /** @description Newest first */
            data: components["schemas"]["WebhookDelivery"][];
            /** @description Pass as `cursor` for the next page; null on the last page */
            next_cursor: string | null;
        };
        WebhookSecret: {
            /** @description The new signing secret (`whsec_…`), shown only in this answer */
            secret: string;
            /** @description Until then deliveries carry a signature under the previous secret too */
            previous_secret_expires_at: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    healthLive: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok";
                    };
                };
            };
        };
    };
    healthReady: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok" | "fail";
                        checks: {
                            [key: string]: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok" | "fail";
                        checks: {
                            [key: string]: string;
                        };
                    };
                };
            };
        };
    };
    errorsGet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                code: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                        status: number;
                        title: string;
                    };
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    accountGet: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Account"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitExceeded"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    classificationGet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A domain, host name or URL; reduced to its root domain
                 * @example example.com
                 */
                domain: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClassificationResult"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitExceeded"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    classificationCreate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "domain": "www.example.org"
                 *     }
                 */
                "application/json": {
                    /** @description A domain, host name or URL; reduced to its root domain */
                    domain: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClassificationResult"];
                };
            };
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClassificationJob"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitExceeded"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    classificationJobsList: {
        parameters: {
            query?: {
                status?: "queued" | "running" | "complete" | "failed";
                /** @description The root domain (a host name is read as its root domain) */
                domain?: string;
                /** @description Only what was created at or after this time */
                created_after?: string;
                /** @description Only what was created before this time */
                created_before?: string;
                /** @description Items per page, 1-100 (default 25) */
                limit?: number;
                /** @description The next_cursor of the previous page */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClassificationJobList"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitExceeded"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    classificationJobsGet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The job_id returned by POST /v2/domain-classification */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClassificationJob"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitExceeded"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    publicClassify: {
        parameters: {
            query: {
                /**
                 * @description A domain or subdomain; the response names its root domain
                 * @example www.example.com
                 */
                domain: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicClassification"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitExceeded"];
                };
            };
        };
    };
    domainRisksList: {
        parameters: {
            query?: {
                final_assessment?: "Malicious" | "Suspicious" | "Benign" | "Unknown";
                /** @description Only what was created at or after this time */
                created_after?: string;
                /** @description Only what was created before this time */
                created_before?: string;
                /** @description Items per page, 1-100 (default 25) */
                limit?: number;
                /** @description The next_cursor of the previous page */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainRiskList"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitExceeded"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    domainRisksCreate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://example.com/account/login"
                 *     }
                 */
                "application/json": {
                    /** @description A URL (scheme and path allowed) or a bare domain */
                    url: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainRiskCreated"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitExceeded"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    domainRisksBatch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "urls": [
                 *         "https://example.com/account/login",
                 *         "example.org"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description 1-100 URLs or bare domains, each as POST /v1/domain-risks takes it */
                    urls: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainRiskBatch"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitExceeded"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    domainRisksGet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                risk_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainRisk"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitExceeded"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    webhooksList: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookList"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitExceeded"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    webhooksCreate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://hooks.example.com/domainlens",
                 *       "events": [
                 *         "scan.completed",
                 *         "scan.failed"
                 *       ],
                 *       "description": "SOAR intake"
                 *     }
                 */
                "application/json": {
                    /** @description Where deliveries are POSTed: an https URL on the public internet (docs/webhooks.md) */
                    url: string;
                    /** @description The events sent to this endpoint */
                    events: ("scan.completed" | "scan.failed" | "classification.completed" | "classification.failed")[];
                    /** @description A note for the organization's own use */
                    description?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookWithSecret"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitExceeded"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    webhooksGet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitExceeded"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    webhooksDelete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitExceeded"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    webhooksUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "status": "enabled"
                 *     }
                 */
                "application/json": {
                    /** @description Where deliveries are POSTed: an https URL on the public internet (docs/webhooks.md) */
                    url?: string;
                    /** @description The events sent to this endpoint */
                    events?: ("scan.completed" | "scan.failed" | "classification.completed" | "classification.failed")[];
                    description?: string | null;
                    /**
                     * @description `enabled` turns a disabled endpoint back on (its reason is cleared)
                     * @enum {string}
                     */
                    status?: "enabled" | "disabled";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitExceeded"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    webhooksRotateSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookSecret"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitExceeded"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    webhooksTest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitExceeded"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    webhooksDeliveriesList: {
        parameters: {
            query?: {
                /** @description Only what was created at or after this time */
                created_after?: string;
                /** @description Only what was created before this time */
                created_before?: string;
                /** @description Items per page, 1-100 (default 25) */
                limit?: number;
                /** @description The next_cursor of the previous page */
                cursor?: string;
                status?: "pending" | "delivered" | "failed";
            };
            header?: never;
            path: {
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryList"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitExceeded"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    webhooksDeliveriesGet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                webhook_id: string;
                delivery_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitExceeded"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    webhooksDeliveriesRetry: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                webhook_id: string;
                delivery_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitExceeded"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    scansList: {
        parameters: {
            query?: {
                status?: "pending" | "processing" | "completed" | "failed";
                final_assessment?: "Malicious" | "Suspicious" | "Benign" | "Unknown";
                /** @description The report's threat_type, any case */
                threat_type?: string;
                /** @description site_context.detected_brand, any case */
                brand?: string;
                /** @description The submitted or the final URL's host (an IP address for an IP URL) */
                host?: string;
                /** @description The submitted or final URL's registrable domain (`github.io`), or a user's site on a platform (`alice.github.io`) */
                domain?: string;
                /** @description An address the browser connected to (IPv4 or IPv6) */
                ip?: string;
                /** @description An autonomous system the browser connected to: 13335 or AS13335 */
                asn?: string;
                tag?: string;
                /** @description SHA-256 of a page's DOM skeleton, as GET /v1/scans/{id}/similar shows it (fingerprints.dom.sha256) */
                dom_hash?: string;
                /** @description A favicon: the SHA-256 of its bytes, or its MurmurHash3 favicon hash as internet scanners show it (-1234567) */
                favicon_hash?: string;
                /** @description The perceptual hash of a viewport screenshot, 16 hex digits (exact) */
                screenshot_hash?: string;
                /** @description Only what was created at or after this time */
                created_after?: string;
                /** @description Only what was created before this time */
                created_before?: string;
                /** @description Items per page, 1-100 (default 25) */
                limit?: number;
                /** @description The next_cursor of the previous page */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScanList"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitExceeded"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    scansCreate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://example.com/login"
                 *     }
                 */
                "application/json": {
                    /** @description An http(s) URL to load in the browser (a bare domain is scanned as http://domain/) */
                    url: string;
                    /** @description Up to 20 tags; each is kept once, in lower case */
                    tags?: string[];
                    /**
                     * @description `private` (default): the organization only. `unlisted`: anyone with the scan's share link (`share_url`) can read a masked view of it, without a key; making it private again revokes the link for good.
                     * @enum {string}
                     */
                    visibility?: "private" | "unlisted";
                    /** @description Reuse: when the organization has a completed scan of the same normalized URL created at most this many seconds ago, answer it (200, `reused: true`, not charged) instead of scanning again. 1 to 2592000 (30 days). */
                    max_age_seconds?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReusedScan"];
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScanCreated"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitExceeded"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    scansGet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The scan_id returned by POST /v1/scans */
                scan_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Scan"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitExceeded"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    scansUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The scan_id returned by POST /v1/scans */
                scan_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "tags": [
                 *         "campaign:parcel-2026",
                 *         "reported"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description The scan's tags, replacing the ones it had */
                    tags?: string[];
                    /**
                     * @description `private` (default): the organization only. `unlisted`: anyone with the scan's share link (`share_url`) can read a masked view of it, without a key; making it private again revokes the link for good.
                     * @enum {string}
                     */
                    visibility?: "private" | "unlisted";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Scan"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitExceeded"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    scansBatch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "urls": [
                 *         "https://example.com/login",
                 *         "example.org"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description 1-100 URLs, each as POST /v1/scans takes it; each is its own scan */
                    urls: string[];
                    /** @description Tags for every scan of the batch */
                    tags?: string[];
                    /**
                     * @description The visibility of every new scan of the batch
                     * @enum {string}
                     */
                    visibility?: "private" | "unlisted";
                    /** @description Reuse, for each URL as POST /v1/scans does it */
                    max_age_seconds?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScanBatch"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitExceeded"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    scansScreenshotGet: {
        parameters: {
            query?: {
                /** @description 1: the full-page screenshot (default: viewport) */
                full?: "0" | "1" | "true" | "false";
            };
            header?: never;
            path: {
                /** @description The scan_id returned by POST /v1/scans */
                scan_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description PNG image */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/png": string;
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitExceeded"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    scansCaptureGet: {
        parameters: {
            query?: {
                /** @description 1: include the final DOM as `html` */
                html?: "0" | "1" | "true" | "false";
            };
            header?: never;
            path: {
                /** @description The scan_id returned by POST /v1/scans */
                scan_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScanCapture"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitExceeded"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    sharesGet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The token of a share link (`share_url` of an unlisted scan)
                 * @example q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6j7k8l9z0x1c
                 */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SharedScan"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitExceeded"];
                };
            };
        };
    };
    sharesScreenshotGet: {
        parameters: {
            query?: {
                /** @description 1: the full-page screenshot (default: viewport) */
                full?: "0" | "1" | "true" | "false";
            };
            header?: never;
            path: {
                /**
                 * @description The token of a share link (`share_url` of an unlisted scan)
                 * @example q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6j7k8l9z0x1c
                 */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description PNG image */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/png": string;
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitExceeded"];
                };
            };
        };
    };
    scansSimilar: {
        parameters: {
            query?: {
                /** @description Only what was created at or after this time */
                created_after?: string;
                /** @description Only what was created before this time */
                created_before?: string;
                /** @description Items per page, 1-100 (default 25) */
                limit?: number;
                /** @description The next_cursor of the previous page */
                cursor?: string;
            };
            header?: never;
            path: {
                /** @description The scan_id returned by POST /v1/scans */
                scan_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SimilarScans"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitExceeded"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    scansExportGet: {
        parameters: {
            query: {
                /**
                 * @description `stix`: a STIX 2.1 bundle; `misp`: a MISP event (MISP core format)
                 * @example stix
                 */
                format: "stix" | "misp";
            };
            header?: never;
            path: {
                /** @description The scan_id returned by POST /v1/scans */
                scan_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StixBundle"] | components["schemas"]["MispEvent"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitExceeded"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    scansHarGet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The scan_id returned by POST /v1/scans */
                scan_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Har"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitExceeded"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    scansDomGet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The scan_id returned by POST /v1/scans */
                scan_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The final DOM as HTML (an attachment; never rendered in the API's origin) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitExceeded"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    scansViewGet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The scan_id returned by POST /v1/scans */
                scan_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScanViewLink"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitExceeded"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminOrgsList: {
        parameters: {
            query?: {
                /** @description Only organizations with exactly this name */
                name?: string;
                /** @description Only what was created at or after this time */
                created_after?: string;
                /** @description Only what was created before this time */
                created_before?: string;
                /** @description Items per page, 1-100 (default 25) */
                limit?: number;
                /** @description The next_cursor of the previous page */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizationPage"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminOrgsCreate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    credits_usd?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        org_id: string;
                        key_id: string;
                        api_key: string;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminOrgsGet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        org_id: string;
                        name: string;
                        balance_usd: number;
                        limits: {
                            [key: string]: number;
                        };
                        /**
                         * @description How POST /v1/domain-risks screens users' sites on hosting platforms: `evidence` (default) judges them by their name and network evidence like any other host; `strict` makes an unknown user site on a platform phishing abuses at least Suspicious (finding DR-DOM-028).
                         * @enum {string}
                         */
                        user_site_policy: "evidence" | "strict";
                        /** @description Days the organization's scan screenshots and captures (with the DOM) are kept; null keeps them. Older ones are deleted by an hourly purge; scan records keep their reports and verdicts. */
                        artifact_retention_days: number | null;
                        created_at: string;
                        usage: {
                            operation: string;
                            calls: number;
                            charged_usd: number;
                        }[];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminOrgsUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description How POST /v1/domain-risks screens users' sites on hosting platforms: `evidence` (default) judges them by their name and network evidence like any other host; `strict` makes an unknown user site on a platform phishing abuses at least Suspicious (finding DR-DOM-028).
                     * @enum {string}
                     */
                    user_site_policy?: "evidence" | "strict";
                    /** @description Days the organization's scan screenshots and captures (with the DOM) are kept; null keeps them. Older ones are deleted by an hourly purge; scan records keep their reports and verdicts. */
                    artifact_retention_days?: number | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        org_id: string;
                        name: string;
                        balance_usd: number;
                        limits: {
                            [key: string]: number;
                        };
                        /**
                         * @description How POST /v1/domain-risks screens users' sites on hosting platforms: `evidence` (default) judges them by their name and network evidence like any other host; `strict` makes an unknown user site on a platform phishing abuses at least Suspicious (finding DR-DOM-028).
                         * @enum {string}
                         */
                        user_site_policy: "evidence" | "strict";
                        /** @description Days the organization's scan screenshots and captures (with the DOM) are kept; null keeps them. Older ones are deleted by an hourly purge; scan records keep their reports and verdicts. */
                        artifact_retention_days: number | null;
                        created_at: string;
                        usage: {
                            operation: string;
                            calls: number;
                            charged_usd: number;
                        }[];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminKeysList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyList"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminKeysCreate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        key_id: string;
                        api_key: string;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminKeysRevoke: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                key_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        key_id: string;
                        revoked_at: string;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminCreditsAdd: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    amount_usd: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        balance_usd: number;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminLimitsSet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    "scans.create"?: number;
                    "scans.get"?: number;
                    "scans.batch"?: number;
                    "scans.list"?: number;
                    "scans.update"?: number;
                    "scans.similar"?: number;
                    "domain_risks.create"?: number;
                    "domain_risks.batch"?: number;
                    "domain_risks.list"?: number;
                    "domain_risks.get"?: number;
                    "classification.create"?: number;
                    "classification.get"?: number;
                    "classification.jobs.get"?: number;
                    "classification.jobs.list"?: number;
                    "account.get"?: number;
                    "webhooks.create"?: number;
                    "webhooks.list"?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        limits: {
                            [key: string]: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminClassificationsPut: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A domain, host name or URL; reduced to its root domain
                 * @example example.com
                 */
                domain: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    domain: string;
                    /** @enum {string} */
                    state: "developed" | "parked" | "under_construction" | "redirect" | "unreachable" | "empty";
                    /** @enum {string} */
                    scraping_status: "httpx_success" | "browser_success" | "failed_dns" | "failed_tls" | "failed_http" | "timeout" | "blocked";
                    /** @enum {string} */
                    stability: "permanent" | "transient" | "unknown";
                    /** @enum {string} */
                    enrichment_status: "complete" | "partial" | "failed";
                    /** @enum {string} */
                    confidence: "high" | "medium" | "low";
                    facts: {
                        created_at: string | null;
                        rank: number | null;
                        hosting_provider: string;
                        redirect_destination: string | null;
                        registered_date: string | null;
                    };
                    identity: {
                        headline: string;
                        summary: string;
                        operator: string;
                        parent_entity: string | null;
                        topics: string[];
                    };
                    category: {
                        /** @enum {string} */
                        purpose: "developer_platform" | "productivity_suite" | "financial_services" | "cloud_infrastructure" | "ecommerce" | "news_media" | "social_network" | "search_engine" | "email_provider" | "identity_provider" | "file_sharing" | "url_shortener" | "crypto_exchange" | "government" | "education" | "healthcare" | "travel" | "gaming" | "streaming_media" | "adult" | "gambling" | "parked" | "personal_site" | "nonprofit" | "security_vendor" | "advertising" | "telecommunications" | "hosting_provider" | "software_vendor" | "business_services" | "marketplace" | "reference" | "entertainment" | "sports" | "food_and_drink" | "real_estate" | "automotive" | "manufacturing" | "logistics" | "legal_services" | "religion" | "community_forum" | "blog" | "other";
                        specialization: string;
                    };
                    functions: {
                        is_ugc_platform: boolean;
                        is_file_host: boolean;
                        is_url_shortener: boolean;
                        is_public_idp: boolean;
                        is_crypto_platform: boolean;
                        allows_user_subdomains: boolean;
                        is_form_builder: boolean;
                        is_document_host: boolean;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClassificationResult"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
}
