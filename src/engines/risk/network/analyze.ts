import { isIP } from "node:net";
import { domainToASCII } from "node:url";
import type { Settled } from "../../../util/within.js";
import { makeFinding } from "../../findings/catalog.js";
import type { Finding } from "../../findings/types.js";
import { defaultAsnLookup } from "../../net/asn.js";
import type { Egress } from "../../net/index.js";
import { asnFindings, checkAsn, emptyAsnCheck } from "./asn-check.js";
import { beforeDeadline, childSignal, startDeadline } from "./deadline.js";
import { checkDns, dnsFindings, emptyDnsCheck } from "./dns-check.js";
import { shippedParkingList } from "./parking.js";
import { checkRdap, emptyRdapCheck, rdapFindings } from "./rdap-check.js";
import { checkTls, emptyTlsCheck, tlsFindings } from "./tls-check.js";
import type {
  AsnCheck,
  CheckName,
  CheckTimeouts,
  NetworkAnalysis,
  NetworkAnalysisOptions,
  NetworkChecks,
  NetworkTarget,
} from "./types.js";

export const DEFAULT_DEADLINE_MS = 4_500;
export const DEFAULT_TIMEOUTS: Readonly<CheckTimeouts> = Object.freeze({
  dnsMs: 2_500,
  rdapMs: 4_000,
  tlsMs: 4_000,
});

const CHECK_LABELS: Record<CheckName, string> = {
  dns: "DNS",
  rdap: "registration (RDAP)",
  tls: "TLS certificate",
  asn: "hosting network (ASN)",
};

type Timed = { status: string; reason: string | null; message: string | null; durationMs: number | null };

/** Runs one check with its own time limit; an unexpected error becomes a failed check, never a throw. */
async function timed<T extends Timed>(
  parent: AbortSignal,
  limitMs: number,
  run: (signal: AbortSignal) => Promise<T>,
  onError: (message: string) => T,
): Promise<T> {
  const started = performance.now();
  const { signal, dispose } = childSignal(parent, limitMs);
  try {
    const result = await run(signal);
    return { ...result, durationMs: Math.round(performance.now() - started) };
  } catch (error) {
    return { ...onError(error instanceof Error ? error.message : String(error)), durationMs: null };
  } finally {
    dispose();
  }
}

function normalizeHost(name: string): string {
  const trimmed = name
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, "")
    .replace(/\.+$/, "");
  if (!trimmed || isIP(trimmed)) return trimmed;
  return domainToASCII(trimmed) || trimmed;
}

function late<T extends Timed>(settled: Settled<T>, empty: T, deadlineMs: number): T {
  if (settled.done) return settled.value;
  return {
    ...empty,
    status: "not_checked",
    reason: "deadline",
    message: `no answer within ${deadlineMs} ms`,
  };
}

function collect(
  checks: NetworkChecks,
  target: NetworkTarget,
  notChecked: CheckName[],
  deadlineMs: number,
): Finding[] {
  const findings = [
    ...dnsFindings(checks.dns, target),
    ...rdapFindings(checks.rdap),
    ...tlsFindings(checks.tls, target.hostname),
    ...asnFindings(checks.asn),
  ];
  if (notChecked.length > 0) {
    const names = notChecked.map((name) => CHECK_LABELS[name]).join(", ");
    findings.push(
      makeFinding(
        "DR-NET-090",
        `Not checked because no answer came within the ${deadlineMs} ms analysis deadline: ${names}. The verdict rests on the other checks.`,
      ),
    );
  }
  return findings;
}

/**
 * The network-analysis agent of domain risk: DNS, registration age (RDAP), TLS and hosting network, run
 * concurrently through the egress gate, each with its own time limit, under one deadline. A DNS failure
 * halts the analysis (the other checks are skipped). Never throws for a hostile or broken site.
 */
export async function analyzeNetwork(
  egress: Egress,
  input: NetworkTarget,
  options: NetworkAnalysisOptions = {},
): Promise<NetworkAnalysis> {
  const started = performance.now();
  const deadlineMs = Math.max(0, options.deadlineMs ?? DEFAULT_DEADLINE_MS);
  const now = options.now ?? new Date();
  const limits = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const asn = options.asn ?? defaultAsnLookup();
  const hostname = normalizeHost(input.hostname);
  const target: NetworkTarget = { hostname, registrableDomain: normalizeHost(input.registrableDomain) };
  const ipLiteral = isIP(hostname) !== 0;
  const deadline = startDeadline(deadlineMs);
  // Loads the ASN table in the background on first use, while DNS is asked.
  asn.load().catch(() => undefined);

  const dnsWork = timed(
    deadline.signal,
    limits.dnsMs,
    (signal) => checkDns(egress, target, shippedParkingList(), signal),
    (message) => emptyDnsCheck("failed", "internal_error", message),
  );
  const rdapDomain = target.registrableDomain || hostname;
  const rdapWork = ipLiteral
    ? Promise.resolve(emptyRdapCheck("skipped", "ip_literal", "an IP address has no domain registration"))
    : timed(
        deadline.signal,
        limits.rdapMs,
        (signal) => checkRdap(egress, rdapDomain, now, signal),
        (message) => emptyRdapCheck("failed", "internal_error", message, rdapDomain),
      );
  const tlsWork = timed(
    deadline.signal,
    limits.tlsMs,
    (signal) => checkTls(egress, hostname, limits.tlsMs, signal),
    (message) => emptyTlsCheck("failed", "internal_error", message, hostname),
  );
  const asnWork = dnsWork.then((dns): Promise<AsnCheck> => {
    if (dns.status !== "ok" && dns.status !== "skipped")
      return Promise.resolve(emptyAsnCheck("skipped", "no_address", "DNS gave no address"));
    return timed(
      deadline.signal,
      deadlineMs,
      () =>
        checkAsn(
          asn,
          dns.addresses.map((a) => a.address),
        ),
      (message) => emptyAsnCheck("failed", "internal_error", message),
    );
  });
  // Wrapped now, so a check that finishes in time counts even if another one is awaited first.
  const settled = {
    dns: beforeDeadline(dnsWork, deadline),
    rdap: beforeDeadline(rdapWork, deadline),
    tls: beforeDeadline(tlsWork, deadline),
    asn: beforeDeadline(asnWork, deadline),
  };

  const dns = late(await settled.dns, emptyDnsCheck("not_checked", null, null), deadlineMs);
  if (dns.status === "failed") {
    deadline.cancel();
    const halted = "the analysis halted after the DNS failure";
    const checks: NetworkChecks = {
      dns,
      rdap: emptyRdapCheck("skipped", "halted", halted, rdapDomain),
      tls: emptyTlsCheck("skipped", "halted", halted, hostname),
      asn: emptyAsnCheck("skipped", "halted", halted),
    };
    return {
      findings: collect(checks, target, [], deadlineMs),
      halted: true,
      checks,
      notChecked: [],
      durationMs: Math.round(performance.now() - started),
    };
  }
  const [rdap, tls, asnCheck] = await Promise.all([settled.rdap, settled.tls, settled.asn]);
  deadline.cancel();
  const checks: NetworkChecks = {
    dns,
    rdap: late(rdap, emptyRdapCheck("not_checked", null, null, rdapDomain), deadlineMs),
    tls: late(tls, emptyTlsCheck("not_checked", null, null, hostname), deadlineMs),
    asn: late(asnCheck, emptyAsnCheck("not_checked", null, null), deadlineMs),
  };
  const notChecked = (Object.keys(checks) as CheckName[]).filter(
    (name) => checks[name].status === "not_checked",
  );
  return {
    findings: collect(checks, target, notChecked, deadlineMs),
    halted: false,
    checks,
    notChecked,
    durationMs: Math.round(performance.now() - started),
  };
}
