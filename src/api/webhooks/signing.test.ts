import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { displaySecret, newSigningKey, sign, signedHeaders, verify } from "./signing.js";

/* Our signatures against the Standard Webhooks reference library: the same bytes, both ways. */

const body = '{"type":"scan.completed","timestamp":"2026-11-28T10:00:00.000Z","data":{"scan_id":"x"}}';
const id = "0b0f3c7e-4a57-4f6a-9a0e-5d8f3f0c1a2b";

describe("webhook signing", () => {
  it("makes whsec_ secrets of 32 random bytes", () => {
    const a = newSigningKey();
    expect(Buffer.from(a, "base64")).toHaveLength(32);
    expect(a).not.toBe(newSigningKey());
    expect(displaySecret(a)).toBe(`whsec_${a}`);
  });

  it("signs exactly as the reference library does", () => {
    const key = newSigningKey();
    const at = new Date("2026-11-28T10:00:00Z");
    const seconds = Math.floor(at.getTime() / 1000);
    expect(sign(key, id, seconds, body)).toBe(new Webhook(displaySecret(key)).sign(id, at, body));
  });

  it("produces headers the reference library verifies, under each of two keys after a rotation", () => {
    const current = newSigningKey();
    const previous = newSigningKey();
    const now = Math.floor(Date.now() / 1000);
    const headers = signedHeaders([current, previous], id, now, body);
    expect(headers["webhook-signature"].split(" ")).toHaveLength(2);
    for (const key of [current, previous]) {
      expect(new Webhook(displaySecret(key)).verify(body, { ...headers })).toMatchObject({
        type: "scan.completed",
      });
      expect(verify(displaySecret(key), headers, body, now)).toBe(true);
    }
    expect(() => new Webhook(displaySecret(newSigningKey())).verify(body, { ...headers })).toThrow();
  });

  it("verifies what the reference library signs, and refuses tampering and stale timestamps", () => {
    const key = newSigningKey();
    const now = Math.floor(Date.now() / 1000);
    const signature = new Webhook(displaySecret(key)).sign(id, new Date(now * 1000), body);
    const headers = { "webhook-id": id, "webhook-timestamp": String(now), "webhook-signature": signature };
    expect(verify(key, headers, body, now)).toBe(true);
    expect(verify(key, headers, `${body} `, now)).toBe(false);
    expect(verify(key, { ...headers, "webhook-id": "other" }, body, now)).toBe(false);
    expect(verify(key, headers, body, now + 301)).toBe(false);
    expect(verify(key, { ...headers, "webhook-signature": "v2,abc" }, body, now)).toBe(false);
  });
});
