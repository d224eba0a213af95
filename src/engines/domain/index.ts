export {
  type Brand,
  type BrandCorroboration,
  type BrandSector,
  brandOwning,
  brandRegistry,
  brandsListing,
  dictionaryBrandCorroborated,
  isSelfHostedProduct,
  otherBusinessWords,
  type TokenStrength,
} from "./brands.js";
export { confusableInfo, scriptsOf, skeleton } from "./confusables.js";
export {
  bagDistance,
  describeEdit,
  type EditDescription,
  type EditOp,
  type EditTechnique,
  primaryTechnique,
} from "./edit.js";
export { type Randomness, randomness } from "./entropy.js";
export { describeHost, type HostFacts, type HostPlatform, hostIsUnder } from "./host.js";
export {
  type BrandTarget,
  getLexicon,
  KEYWORD_CATEGORIES,
  type Keyword,
  type KeywordCategory,
  type LabelScan,
  scanLabel,
  type WordHit,
  wordFor,
} from "./lexicon.js";
export {
  isAbusedPlatform,
  isAbusedTld,
  isCountrySuffix,
  isKnownBankDomain,
  isSuspiciousTld,
  isTenantPlatform,
  listedShortener,
  type PlatformKind,
} from "./lists.js";
export { type DomainInputError, type NormalizedDomain, normalizeDomain } from "./normalize.js";
export { trancoDomains, trancoRank } from "./rank.js";
export { nameSkeleton, romanizations, spellsLabel } from "./romanize.js";
export {
  isLocalNetworkAddress,
  type ParsedTarget,
  parseTarget,
  type UrlInputError,
  type UrlTricks,
} from "./url.js";
export { isOrdinaryWord, wordAcross } from "./words.js";
