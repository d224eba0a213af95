import { describe, expect, it } from "vitest";
import type { CrawlCapture } from "../capture.js";
import { entityForDomain, entityRecords, entityTableStats, familyOfName } from "./entities.js";
import { hostingProvider } from "./hosting.js";
import {
  copyrightHolder,
  labelledOperators,
  legalNamesIn,
  looksLikePersonName,
  nameKey,
  sameEntity,
  statedParents,
} from "./names.js";
import { parseOpenId, parsePages } from "./pages.js";
import { deriveEnrichment, deriveStability, deriveState } from "./state.js";
import { fixtureCapture } from "./testing/fixture-capture.js";

describe("organization names in page text", () => {
  it("reads the holder of a copyright line", () => {
    expect(copyrightHolder("© 2013–2026 Codewharf Ltd.")).toBe("Codewharf Ltd.");
    expect(copyrightHolder("Copyright © 2026 Apple Inc. All rights reserved.")).toBe("Apple Inc.");
    expect(copyrightHolder("© Microsoft 2026")).toBe("Microsoft");
    expect(copyrightHolder("© 2026 Harborline Bank, N.A.")).toBe("Harborline Bank, N.A.");
    expect(copyrightHolder("(c) 2024 by Jane Doe")).toBe("Jane Doe");
    expect(copyrightHolder("© 2026 example.com. All rights reserved.")).toBeNull();
    // The holder, not the address that follows it.
    expect(copyrightHolder("© Wexcombe City Council, Guildhall, High Street, Wexcombe WX1 1AA")).toBe(
      "Wexcombe City Council",
    );
  });

  it("finds names with a legal form, in several languages, without swallowing the sentence around them", () => {
    expect(legalNamesIn("Today Codewharf Ltd. employs 240 people.")).toEqual(["Codewharf Ltd."]);
    expect(legalNamesIn("© 2026 JPMorgan Chase & Co. Member FDIC")).toEqual(["JPMorgan Chase & Co."]);
    expect(legalNamesIn("Tischlerei Lindenhof GmbH\nLindenhofweg 7")).toEqual(["Tischlerei Lindenhof GmbH"]);
    expect(legalNamesIn("Maison Sableau SARL au capital de 15 000 €")).toEqual(["Maison Sableau SARL"]);
    expect(legalNamesIn("Old Mill Hardware & Supply LLC, 9 River Road")).toEqual([
      "Old Mill Hardware & Supply LLC",
    ]);
  });

  it("reads labelled operators and stated parents, and skips hosting providers", () => {
    expect(labelledOperators("Éditeur : Maison Sableau SARL au capital de 15 000 €")).toEqual([
      "Maison Sableau SARL",
    ]);
    expect(labelledOperators("Hébergeur : OVH SAS, 2 rue Kellermann")).toEqual([]);
    expect(labelledOperators("This website is operated by Example Media GmbH.")).toEqual([
      "Example Media GmbH",
    ]);
    expect(statedParents("Harborline Bank, N.A., a subsidiary of Harborline Financial Group, Inc.")).toEqual([
      "Harborline Financial Group, Inc.",
    ]);
  });

  it("compares names without legal form, case or punctuation", () => {
    expect(nameKey("The Northgate Courier")).toBe(nameKey("Northgate Courier"));
    expect(nameKey("PayPal, Inc.")).toBe("paypal");
  });

  it("tells a person's name from a business name", () => {
    expect(looksLikePersonName("Alice Moreau")).toBe(true);
    expect(looksLikePersonName("Bright Kettle Coffee")).toBe(false);
    expect(looksLikePersonName("Codewharf Ltd.")).toBe(false);
  });
});

describe("the entity table", () => {
  it("covers at least 150 corporate families with valid, unique records", () => {
    const stats = entityTableStats();
    expect(stats.families).toBeGreaterThanOrEqual(150);
    for (const record of entityRecords()) {
      expect(record.parent === null || !sameEntity(record.parent, record.operator), record.domain).toBe(true);
    }
  });

  it("knows who operates well-known domains and who owns them", () => {
    expect(entityForDomain("youtube.com")).toMatchObject({ operator: "Google LLC", parent: "Alphabet Inc." });
    expect(entityForDomain("github.com")).toMatchObject({
      operator: "GitHub, Inc.",
      parent: "Microsoft Corporation",
    });
    expect(entityForDomain("twitch.tv")).toMatchObject({ parent: "Amazon.com, Inc." });
    expect(entityForDomain("venmo.com")).toMatchObject({
      operator: "PayPal, Inc.",
      parent: "PayPal Holdings, Inc.",
    });
    expect(entityForDomain("tumblr.com")).toMatchObject({ operator: "Automattic Inc.", parent: null });
    expect(familyOfName("JPMorgan Chase & Co.")?.domains.has("chase.com")).toBe(true);
  });
});

describe("hosting provider", () => {
  const capture = fixtureCapture("codewharf.dev").capture;
  const withAsn = (asn: number | null, org: string | null, hints: string[] = []): CrawlCapture => ({
    ...capture,
    hostingHints: hints,
    network: { ...capture.network, asn: { ...capture.network.asn, status: "ok", asn, org } },
  });

  it("names the big hosting networks readably and prefers CDN fingerprints", () => {
    expect(hostingProvider(withAsn(null, "AMAZON-02")).name).toBe("Amazon Web Services");
    expect(hostingProvider(withAsn(null, "CLOUDFLARENET")).name).toBe("Cloudflare");
    expect(hostingProvider(withAsn(24940, "Hetzner Online GmbH")).name).toBe("Hetzner");
    expect(hostingProvider(withAsn(64512, "EXAMPLE-HOSTING-AS")).name).toBe("Example Hosting");
    expect(hostingProvider(withAsn(16509, "Amazon.com, Inc.", ["Fastly"])).name).toBe("Fastly");
    expect(hostingProvider(capture).name).toBe("Unknown");
  });
});

describe("state, stability and enrichment", () => {
  it("reads a meta refresh to another site as a redirect", () => {
    const { capture } = fixtureCapture("fennmoor.org");
    const state = deriveState(capture, parsePages(capture));
    expect(state.state).toBe("redirect");
    expect(state.redirect).toMatchObject({ host: "fennmoorcounty.gov", kind: "meta_refresh" });
    expect(deriveStability(state, 9000, parsePages(capture).root).stability).toBe("permanent");
  });

  it("treats young domains as transient and old developed sites as permanent", () => {
    const { capture } = fixtureCapture("brightkettle-coffee.com");
    const pages = parsePages(capture);
    const state = deriveState(capture, pages);
    expect(deriveStability(state, 2, pages.root).stability).toBe("transient");
    expect(deriveStability(state, 4000, pages.root).stability).toBe("permanent");
  });

  it("reports enrichment from the DNS, RDAP and ASN checks", () => {
    const { capture } = fixtureCapture("codewharf.dev");
    expect(deriveEnrichment(capture).status).toBe("partial");
    const ok = {
      ...capture,
      network: { ...capture.network, asn: { ...capture.network.asn, status: "ok" as const } },
    };
    expect(deriveEnrichment(ok).status).toBe("complete");
    const none = fixtureCapture("quietbrook-studio.com").capture;
    expect(deriveEnrichment(none).status).toBe("failed");
  });

  it("accepts only a real OpenID Connect discovery document on the domain", () => {
    const good = JSON.stringify({
      issuer: "https://login.example.com",
      authorization_endpoint: "https://login.example.com/authorize",
      jwks_uri: "https://login.example.com/jwks",
    });
    expect(parseOpenId(good, "example.com").config?.issuer).toBe("https://login.example.com");
    expect(parseOpenId(good, "other.com").problem).toBe("issuer_off_domain");
    expect(parseOpenId("<html>not json</html>", "example.com").problem).toBe("not_json");
  });
});
