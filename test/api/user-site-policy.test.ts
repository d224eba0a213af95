import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWorld, type World } from "../../src/world/index.js";
import { ADMIN_TOKEN, createTestApp, type TestApp } from "../support/app.js";
import { repoRoot } from "../support/paths.js";

/** An ordinary quilter's site on netlify.app, besides the built-in corpus. */
const USER_SITES = path.join(repoRoot, "test", "fixtures", "user-sites");
const USER_SITE = "https://juniper-quilts.netlify.app/";

let world: World;
let t: TestApp;

beforeAll(async () => {
  world = await startWorld({ sitesDir: USER_SITES });
  t = await createTestApp({ env: { ...world.env } });
});
afterAll(async () => {
  await t?.close();
  await world?.stop();
});

function patchOrg(orgId: string, body: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: "PATCH",
    url: `/admin/v1/orgs/${orgId}`,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, ...headers },
    payload: body as Record<string, unknown>,
  });
}

async function screen(apiKey: string, url: string) {
  const created = await t.post("/v1/domain-risks", { url }, apiKey);
  expect(created.statusCode).toBe(200);
  const record = await t.get(`/v1/domain-risks/${created.json().risk_id}`, apiKey);
  const report = record.json().report as {
    final_assessment: string;
    executive_summary: string;
    evidence_findings: Array<{ finding_id: string; severity: string; details: string }>;
  };
  return { ...report, codes: report.evidence_findings.map((f) => f.finding_id) };
}

describe("user-site policy per organization", () => {
  it("is evidence by default, shown to the organization and to the admin", async () => {
    const org = await t.createOrg(1, "default-policy");
    const account = await t.get("/v1/account", org.apiKey);
    expect(account.statusCode).toBe(200);
    expect(account.json().user_site_policy).toBe("evidence");
    const shown = await t.admin("GET", `/admin/v1/orgs/${org.orgId}`);
    expect(shown.json().user_site_policy).toBe("evidence");
  });

  it("strict makes an unknown user site Suspicious with DR-DOM-028; another organization is unaffected", async () => {
    const strict = await t.createOrg(1, "strict-screening");
    const relaxed = await t.createOrg(1, "evidence-screening");

    const patched = await patchOrg(strict.orgId, { user_site_policy: "strict" });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ org_id: strict.orgId, user_site_policy: "strict" });
    expect(patched.json().usage).toEqual(expect.any(Array));
    // Setting the same value again changes nothing and answers the same.
    const again = await patchOrg(strict.orgId, { user_site_policy: "strict" });
    expect(again.statusCode).toBe(200);
    expect(again.json().user_site_policy).toBe("strict");

    expect((await t.get("/v1/account", strict.apiKey)).json().user_site_policy).toBe("strict");
    expect((await t.get("/v1/account", relaxed.apiKey)).json().user_site_policy).toBe("evidence");

    const flagged = await screen(strict.apiKey, USER_SITE);
    expect(flagged.final_assessment).toBe("Suspicious");
    const finding = flagged.evidence_findings.find((f) => f.finding_id === "DR-DOM-028");
    expect(finding?.severity).toBe("Medium");
    expect(finding?.details).toContain("juniper-quilts.netlify.app is a user's site on netlify.app");
    expect(finding?.details).toContain("strict user-site policy");

    const judged = await screen(relaxed.apiKey, USER_SITE);
    expect(judged.final_assessment).toBe("Benign");
    expect(judged.codes).not.toContain("DR-DOM-028");

    // A Malicious user site stays Malicious under strict; a brand's own domain is not a user site.
    const phish = await screen(strict.apiKey, "https://chase-secure-login.netlify.app/");
    expect(phish.final_assessment).toBe("Malicious");
    const own = await screen(strict.apiKey, "paypal.com");
    expect(own.final_assessment).toBe("Benign");
    expect(own.codes).not.toContain("DR-DOM-028");

    // Back to evidence: the same site is judged by its name again.
    const back = await patchOrg(strict.orgId, { user_site_policy: "evidence" });
    expect(back.json().user_site_policy).toBe("evidence");
    expect((await screen(strict.apiKey, USER_SITE)).final_assessment).toBe("Benign");
  });

  it.each([
    [{ user_site_policy: "paranoid" }],
    [{ user_site_policy: null }],
    [{ user_site_policy: "STRICT" }],
    [{}],
    [{ user_site_policy: "strict", name: "renamed" }],
  ])("refuses %j with 400 invalid_request and changes nothing", async (body) => {
    const org = await t.createOrg(1, "bad-values");
    const res = await patchOrg(org.orgId, body);
    expect(res.statusCode).toBe(400);
    expect(res.headers["content-type"]).toContain("application/problem+json");
    expect(res.json().error).toBe("invalid_request");
    expect((await t.get("/v1/account", org.apiKey)).json().user_site_policy).toBe("evidence");
  });

  it("answers 404 for an unknown organization and 401 without the admin token", async () => {
    const missing = await patchOrg("00000000-0000-4000-8000-000000000000", { user_site_policy: "strict" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe("not_found");
    const org = await t.createOrg(1, "no-token");
    const anonymous = await t.app.inject({
      method: "PATCH",
      url: `/admin/v1/orgs/${org.orgId}`,
      headers: { authorization: `Bearer ${org.apiKey}` },
      payload: { user_site_policy: "strict" },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.get("/v1/account", org.apiKey)).json().user_site_policy).toBe("evidence");
  });

  it("documents the setting in the OpenAPI document", async () => {
    const spec = (await t.get("/openapi.json")).json();
    const patch = spec.paths["/admin/v1/orgs/{id}"]?.patch;
    expect(patch).toBeDefined();
    expect(JSON.stringify(patch.requestBody)).toContain('"strict"');
    expect(JSON.stringify(spec.components.schemas.Account)).toContain("user_site_policy");
  });
});
