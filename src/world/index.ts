export { DNS_ADDRESS, RDAP_ADDRESS, WEB_ADDRESS, WORLD_CIDR } from "./address-plan.js";
export { WRONG_HOST_NAME } from "./ca.js";
export { DEFAULT_REGISTRAR, WorldSiteError } from "./corpus.js";
export { DRIP_INTERVAL_MS, HUGE_BODY_BYTES } from "./misbehaving.js";
export type { CertKind } from "./site-schema.js";
export type {
  Endpoint,
  MisbehavingEndpoint,
  SiteSummary,
  StartWorldOptions,
  World,
  WorldAddresses,
  WorldConfigEnv,
} from "./types.js";
export { BUILTIN_SITES_DIR, startWorld } from "./world.js";
