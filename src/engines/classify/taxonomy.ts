/**
 * The closed vocabularies of a classification (SPEC §2.2 shows only some values; the full sets are
 * DomainLens decisions, documented in docs/classification.md).
 */
export const SITE_STATES = [
  "developed",
  "parked",
  "under_construction",
  "redirect",
  "unreachable",
  "empty",
] as const;

export const SCRAPING_STATUSES = [
  "httpx_success",
  "browser_success",
  "failed_dns",
  "failed_tls",
  "failed_http",
  "timeout",
  "blocked",
] as const;

export const STABILITIES = ["permanent", "transient", "unknown"] as const;

export const ENRICHMENT_STATUSES = ["complete", "partial", "failed"] as const;

export const CONFIDENCES = ["high", "medium", "low"] as const;

export const PURPOSES = [
  "developer_platform",
  "productivity_suite",
  "financial_services",
  "cloud_infrastructure",
  "ecommerce",
  "news_media",
  "social_network",
  "search_engine",
  "email_provider",
  "identity_provider",
  "file_sharing",
  "url_shortener",
  "crypto_exchange",
  "government",
  "education",
  "healthcare",
  "travel",
  "gaming",
  "streaming_media",
  "adult",
  "gambling",
  "parked",
  "personal_site",
  "nonprofit",
  "security_vendor",
  "advertising",
  "telecommunications",
  "hosting_provider",
  "software_vendor",
  "business_services",
  "marketplace",
  "reference",
  "entertainment",
  "sports",
  "food_and_drink",
  "real_estate",
  "automotive",
  "manufacturing",
  "logistics",
  "legal_services",
  "religion",
  "community_forum",
  "blog",
  "other",
] as const;

export const FUNCTION_FLAGS = [
  "is_ugc_platform",
  "is_file_host",
  "is_url_shortener",
  "is_public_idp",
  "is_crypto_platform",
  "allows_user_subdomains",
  "is_form_builder",
  "is_document_host",
] as const;
