import { AGENTS, type FindingDefinition } from "./types.js";

/** Findings of the network-analysis agent: DNS, registration (RDAP), TLS and hosting. */
export const NETWORK_FINDINGS: readonly FindingDefinition[] = [];
void AGENTS;
