import type { FindingCode } from "./catalog.js";

/** Severity of a finding (SPEC §2.6). */
export const SEVERITIES = ["Critical", "High", "Medium", "Low", "Informational"] as const;
export type Severity = (typeof SEVERITIES)[number];
/** Severities in order, for comparing them (Informational 0 … Critical 4). */
export const SEVERITY_RANK: Readonly<Record<Severity, number>> = {
  Critical: 4,
  High: 3,
  Medium: 2,
  Low: 1,
  Informational: 0,
};

/**
 * Areas of evidence. Risk analysis codes read `DR-<AREA>-<NNN>` (DOM: the name itself, NET: DNS,
 * RDAP, TLS, hosting); scan codes read `<AREA>-<NNN>` (NET, VIS, CON, SYS).
 */
export type FindingArea = "DOM" | "NET" | "VIS" | "CON" | "SYS";

/** The agents named in `source_agent` (SPEC §2.6). */
export const AGENTS = {
  static: "Static Analysis Agent",
  network: "Network Analysis Agent",
  vision: "Vision Agent",
  content: "Content Analysis Agent",
  system: "System",
} as const;
export type AgentName = (typeof AGENTS)[keyof typeof AGENTS];

/** One entry of the finding catalog: what a code means, whatever site it is found on. */
export interface FindingDefinition<Code extends string = string> {
  /** `DR-DOM-001`, `NET-004`, … — stable: never reuse or renumber a code. */
  code: Code;
  area: FindingArea;
  agent: AgentName;
  severity: Severity;
  /** Short statement used as the finding's `description` when the agent gives none. */
  title: string;
  /** What it means for an analyst. */
  meaning: string;
  /**
   * When it fires, for the code tables of docs/findings-*.md and docs/scan-vision.md, which
   * `npm run docs:findings` writes from the catalog (for DR-DOM codes, the table's "finding" column).
   */
  when: string;
  /**
   * How evidence moves the severity away from the default, where the docs table says so: the
   * parenthesis after the severity (`High (Medium)`), or the "raised / lowered" column of the DR-DOM
   * table and the "severity" column of the VIS table.
   */
  severityNote?: string;
  /** Keyword category (`credential`, `financial`, …) for keyword findings. */
  category?: string;
}

/** What an area table gives for each entry; its helper adds the code, area and agent. */
export type FindingEntry = Omit<FindingDefinition, "code" | "area" | "agent">;

/** A finding as it appears in a report (SPEC §2.6). */
export interface Finding {
  finding_id: FindingCode;
  severity: Severity;
  source_agent: AgentName;
  description: string;
  details: string;
  category?: string;
}

/** A finding that counts as evidence of a threat: anything above Informational. */
export function isThreat(finding: Finding): boolean {
  return finding.severity !== "Informational";
}
