import { AGENTS, type FindingDefinition } from "./types.js";

/** Findings of the static-analysis agent: what the URL and its domain name alone say. */
export const DOMAIN_FINDINGS: readonly FindingDefinition[] = [];
void AGENTS;
