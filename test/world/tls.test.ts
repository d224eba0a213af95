import { createHash, X509Certificate } from "node:crypto";
import { readFileSync } from "node:fs";
import { connect } from "node:tls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWorld, type World, WRONG_HOST_NAME } from "../../src/world/index.js";
import { FIXTURE_SITES, fetchWorld, handshake, parseConnectTo, text, worldResolver } from "./support.js";

let world: World;

beforeAll(async () => {
  world = await startWorld({ sitesDir: FIXTURE_SITES, includeBuiltin: false });
});

afterAll(async () => {
  await world.stop();
});

async function failure(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? (error as Error).message;
  }
}

const DAY = 86_400_000;

describe("the world's certificates", () => {
  it("serves a valid site over HTTPS when the world's CA is trusted", async () => {
    const res = await fetchWorld(world.env, "https://valid-fixture.com/");
    expect(res.status).toBe(200);
    expect(text(res)).toContain("Valid fixture home");
    const www = await fetchWorld(world.env, "https://www.valid-fixture.com/about.html");
    expect(text(www)).toContain("About valid fixture");
  });

  it("is not trusted without EXTRA_CA_FILE", async () => {
    const code = await failure(fetchWorld(world.env, "https://valid-fixture.com/", { trustWorld: false }));
    // The root travels in the chain, so an untrusting client sees it as a self-signed certificate in the chain.
    expect(code).toBe("SELF_SIGNED_CERT_IN_CHAIN");
  });

  it("issues a valid leaf for the hostname and aliases, dated from the site's creation", async () => {
    const result = await handshake(world.env, "valid-fixture.com");
    expect(result.authorized).toBe(true);
    expect(result.cert.subjectaltname).toBe("DNS:valid-fixture.com, DNS:www.valid-fixture.com");
    const validFrom = Date.parse(result.cert.valid_from);
    expect(Math.abs(validFrom - (world.now.getTime() - 3 * DAY))).toBeLessThan(2 * DAY);
    expect(Date.parse(result.cert.valid_to)).toBeGreaterThan(world.now.getTime() + 300 * DAY);
    const plain = await handshake(world.env, "plain-fixture.com");
    expect(Math.abs(Date.parse(plain.cert.valid_from) - (world.now.getTime() - 365 * DAY))).toBeLessThan(
      2 * DAY,
    );
  });

  it("fails verification of an expired certificate with CERT_HAS_EXPIRED", async () => {
    expect((await handshake(world.env, "expired-fixture.net")).error).toBe("CERT_HAS_EXPIRED");
    expect(await failure(fetchWorld(world.env, "https://expired-fixture.net/"))).toBe("CERT_HAS_EXPIRED");
  });

  it("fails verification of a self-signed certificate with DEPTH_ZERO_SELF_SIGNED_CERT", async () => {
    const result = await handshake(world.env, "selfsigned-fixture.net");
    expect(result.error).toBe("DEPTH_ZERO_SELF_SIGNED_CERT");
    expect(result.cert.subjectaltname).toBe("DNS:selfsigned-fixture.net");
    expect(await failure(fetchWorld(world.env, "https://selfsigned-fixture.net/"))).toBe(
      "DEPTH_ZERO_SELF_SIGNED_CERT",
    );
  });

  it("fails verification of a wrong-host certificate with ERR_TLS_CERT_ALTNAME_INVALID", async () => {
    const result = await handshake(world.env, "wronghost-fixture.net");
    expect(result.cert.subjectaltname).toBe(`DNS:${WRONG_HOST_NAME}`);
    expect(await failure(fetchWorld(world.env, "https://wronghost-fixture.net/"))).toBe(
      "ERR_TLS_CERT_ALTNAME_INVALID",
    );
  });

  it("gives a site without a certificate no HTTPS: no :443 rule, and the handshake fails anyway", async () => {
    const [address] = await worldResolver(world.env).resolve4("nocert-fixture.org");
    const rules = parseConnectTo(world.env.CONNECT_TO).filter((r) => r.host === address);
    expect(rules.map((r) => r.port)).toEqual([80]);
    const code = await new Promise<string | undefined>((resolve) => {
      const socket = connect({
        host: world.addresses.web.host,
        port: world.addresses.web.httpsPort,
        servername: "nocert-fixture.org",
        rejectUnauthorized: false,
      });
      socket.once("secureConnect", () => {
        socket.destroy();
        resolve(undefined);
      });
      socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    });
    expect(code).toBeDefined();
    const http = await fetchWorld(world.env, "http://nocert-fixture.org/");
    expect(text(http)).toContain("No certificate");
  });

  it("publishes the CA file and its SPKI hash", () => {
    const pem = readFileSync(world.env.EXTRA_CA_FILE, "utf8");
    expect(pem).toBe(world.caPem);
    const ca = new X509Certificate(pem);
    expect(ca.ca).toBe(true);
    const spki = ca.publicKey.export({ type: "spki", format: "der" });
    expect(world.env.WORLD_CA_SPKI_SHA256).toBe(createHash("sha256").update(spki).digest("base64"));
  });

  it("presents the root after the leaf so browsers can match the SPKI pin", async () => {
    const result = await handshake(world.env, "valid-fixture.com");
    const issuer = result.cert.issuerCertificate;
    expect(issuer.fingerprint256).toBe(new X509Certificate(world.caPem).fingerprint256);
  });
});
