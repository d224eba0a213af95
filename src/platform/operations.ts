/**
 * Every rate-limited, billed operation of the public API, with its default limit per organization per
 * minute (SPEC §8). Per-organization overrides are set with PUT /admin/v1/orgs/{id}/limits.
 */
export const OPERATIONS = {
  "scans.create": { method: "POST", path: "/v1/scans", perMinute: 10 },
  "scans.get": { method: "GET", path: "/v1/scans/{scan_id}", perMinute: 60 },
  "domain_risks.create": { method: "POST", path: "/v1/domain-risks", perMinute: 20 },
  "domain_risks.get": { method: "GET", path: "/v1/domain-risks/{risk_id}", perMinute: 20 },
  "classification.create": { method: "POST", path: "/v2/domain-classification", perMinute: 10 },
  "classification.get": { method: "GET", path: "/v2/domain-classification/{domain}", perMinute: 60 },
  "classification.jobs.get": { method: "GET", path: "/v2/domain-classification/jobs/{id}", perMinute: 60 },
  "account.get": { method: "GET", path: "/v1/account", perMinute: 60 },
} as const;

export type Operation = keyof typeof OPERATIONS;

export const OPERATION_NAMES = Object.keys(OPERATIONS) as Operation[];

export function isOperation(name: string): name is Operation {
  return Object.hasOwn(OPERATIONS, name);
}

export function defaultLimits(): Record<Operation, number> {
  const out = {} as Record<Operation, number>;
  for (const name of OPERATION_NAMES) out[name] = OPERATIONS[name].perMinute;
  return out;
}
