import { FUNCTION_FLAGS } from "../../engines/classify/taxonomy.js";

export type FunctionFlag = (typeof FUNCTION_FLAGS)[number];

/** Readable names of the `category.purpose` codes (docs/classification.md lists the codes). */
const PURPOSE_LABELS: Record<string, string> = {
  developer_platform: "Developer platform",
  productivity_suite: "Productivity suite",
  financial_services: "Financial services",
  cloud_infrastructure: "Cloud infrastructure",
  ecommerce: "Online shop",
  news_media: "News and media",
  social_network: "Social network",
  search_engine: "Search engine",
  email_provider: "Email provider",
  identity_provider: "Identity provider",
  file_sharing: "File sharing",
  url_shortener: "URL shortener",
  crypto_exchange: "Crypto exchange",
  government: "Government",
  education: "Education",
  healthcare: "Healthcare",
  travel: "Travel",
  gaming: "Gaming",
  streaming_media: "Streaming media",
  adult: "Adult content",
  gambling: "Gambling",
  parked: "Parked domain",
  personal_site: "Personal site",
  nonprofit: "Nonprofit",
  security_vendor: "Security vendor",
  advertising: "Advertising",
  telecommunications: "Telecommunications",
  hosting_provider: "Hosting provider",
  software_vendor: "Software vendor",
  business_services: "Business services",
  marketplace: "Marketplace",
  reference: "Reference",
  entertainment: "Entertainment",
  sports: "Sports",
  food_and_drink: "Food and drink",
  real_estate: "Real estate",
  automotive: "Automotive",
  manufacturing: "Manufacturing",
  logistics: "Logistics",
  legal_services: "Legal services",
  religion: "Religion",
  community_forum: "Community forum",
  blog: "Blog",
  other: "Other",
};

/** A readable label for a purpose code; an unknown code is spelled out from its snake case. */
export function purposeLabel(code: string): string {
  const known = Object.hasOwn(PURPOSE_LABELS, code) ? PURPOSE_LABELS[code] : undefined;
  if (known) return known;
  const words = code.replace(/_+/g, " ").trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : "Unknown";
}

export function hasPurposeLabel(code: string): boolean {
  return Object.hasOwn(PURPOSE_LABELS, code);
}

/** The eight capability flags of SPEC §2.3, in display order, with a name and what "yes" means. */
export const FLAG_LABELS: Record<FunctionFlag, { name: string; meaning: string }> = {
  is_ugc_platform: { name: "User-generated content", meaning: "Publishes content written by its users." },
  is_file_host: { name: "File hosting", meaning: "Lets users upload files and share links to them." },
  is_url_shortener: { name: "URL shortener", meaning: "Turns short links into redirects to other sites." },
  is_public_idp: {
    name: "Public sign-in provider",
    meaning: "Anyone can create an account here and use it to sign in elsewhere.",
  },
  is_crypto_platform: {
    name: "Crypto platform",
    meaning: "Trades, stores or transfers cryptocurrency.",
  },
  allows_user_subdomains: {
    name: "User subdomains",
    meaning: "Gives users their own subdomains, so a subdomain says little about this operator.",
  },
  is_form_builder: { name: "Form builder", meaning: "Lets users publish forms that collect answers." },
  is_document_host: {
    name: "Document hosting",
    meaning: "Publishes documents that users create or upload.",
  },
};

export const FLAG_ORDER: readonly FunctionFlag[] = FUNCTION_FLAGS;

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** "13 February 2008" (UTC), or null when the text is not a date. Independent of the server's locale. */
export function formatDate(value: string | Date): string | null {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return null;
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** "1 May 2024 at 09:05 UTC". */
export function formatDateTime(date: Date): string | null {
  const day = formatDate(date);
  if (day === null) return null;
  const hh = String(date.getUTCHours()).padStart(2, "0");
  const mm = String(date.getUTCMinutes()).padStart(2, "0");
  return `${day} at ${hh}:${mm} UTC`;
}

/** "#1,234". */
export function formatRank(rank: number): string {
  return `#${String(rank).replace(/\B(?=(\d{3})+(?!\d))/g, ",")}`;
}
