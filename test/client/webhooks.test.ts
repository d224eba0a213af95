import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { verifyWebhook, WebhookVerificationError } from "../../clients/typescript/src/index.js";

/**
 * The client's webhook verifier against the Standard Webhooks reference library: both accept and refuse
 * the same deliveries.
 */

const SECRET = `whsec_${Buffer.from("0123456789abcdef0123456789abcdef").toString("base64")}`;
const OTHER_SECRET = `whsec_${Buffer.from("another key, rotated away long ago").toString("base64")}`;
const BODY = JSON.stringify({
  type: "scan.completed",
  timestamp: "2026-06-01T10:00:02.000Z",
  data: {
    scan_id: "5c0e0b6e-3f7a-4d43-9d43-0c1f3a1b2c3d",
    url: "https://phish-paypal.example/",
    status: "completed",
  },
});

interface Delivery {
  headers: Record<string, string>;
  body: string;
}

function signed(
  options: { secret?: string; ageSeconds?: number; body?: string; id?: string } = {},
): Delivery {
  const id = options.id ?? "msg_2mTq7zJ1c9";
  const body = options.body ?? BODY;
  const at = new Date(Date.now() - (options.ageSeconds ?? 0) * 1000);
  const signature = new Webhook(options.secret ?? SECRET).sign(id, at, body);
  return {
    headers: {
      "webhook-id": id,
      "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
      "webhook-signature": signature,
    },
    body,
  };
}

function theirs(delivery: Delivery): boolean {
  try {
    new Webhook(SECRET).verify(delivery.body, delivery.headers);
    return true;
  } catch {
    return false;
  }
}

async function ours(delivery: Delivery): Promise<boolean> {
  try {
    await verifyWebhook(SECRET, delivery.headers, delivery.body);
    return true;
  } catch (err) {
    if (!(err instanceof WebhookVerificationError)) throw err;
    return false;
  }
}

const valid = signed();
const signatureOf = (d: Delivery) => d.headers["webhook-signature"] ?? "";
const CASES: Array<[string, Delivery, boolean]> = [
  ["a delivery signed now", valid, true],
  ["a delivery signed 4 minutes ago", signed({ ageSeconds: 240 }), true],
  ["a delivery signed 6 minutes ago (a replay)", signed({ ageSeconds: 360 }), false],
  ["a delivery dated 6 minutes ahead", signed({ ageSeconds: -360 }), false],
  ["a body changed after signing", { ...valid, body: BODY.replace("completed", "failed") }, false],
  [
    "another id than the one signed",
    { ...valid, headers: { ...valid.headers, "webhook-id": "msg_other" } },
    false,
  ],
  ["a signature under another secret", signed({ secret: OTHER_SECRET }), false],
  [
    "several signatures, one of them under this secret (a rotation)",
    {
      ...valid,
      headers: {
        ...valid.headers,
        "webhook-signature": `${signatureOf(signed({ secret: OTHER_SECRET }))} ${signatureOf(valid)}`,
      },
    },
    true,
  ],
  [
    "the right signature under another version than v1",
    {
      ...valid,
      headers: { ...valid.headers, "webhook-signature": signatureOf(valid).replace(/^v1,/, "v2,") },
    },
    false,
  ],
  [
    "no signature header",
    {
      ...valid,
      headers: {
        "webhook-id": valid.headers["webhook-id"] ?? "",
        "webhook-timestamp": valid.headers["webhook-timestamp"] ?? "",
      },
    },
    false,
  ],
];

describe("verifyWebhook", () => {
  it.each(CASES)("agrees with the standardwebhooks package on %s", async (_name, delivery, accepted) => {
    expect(theirs(delivery)).toBe(accepted);
    expect(await ours(delivery)).toBe(accepted);
  });

  it("answers the parsed event, from a text or a byte body, with plain or Fetch headers", async () => {
    const fromText = await verifyWebhook(SECRET, valid.headers, valid.body);
    expect(fromText).toEqual(JSON.parse(BODY));
    const bytes = new TextEncoder().encode(valid.body);
    const upperCased = Object.fromEntries(
      Object.entries(valid.headers).map(([k, v]) => [k.toUpperCase(), v]),
    );
    expect(await verifyWebhook(SECRET, upperCased, bytes)).toEqual(fromText);
    expect(await verifyWebhook(SECRET, new Headers(valid.headers), Buffer.from(valid.body))).toEqual(
      fromText,
    );
    // The secret without its whsec_ prefix is the same key.
    expect(await verifyWebhook(SECRET.slice("whsec_".length), valid.headers, valid.body)).toEqual(fromText);
  });

  it("says why a delivery was refused", async () => {
    const reason = (delivery: Delivery, options = {}) =>
      verifyWebhook(SECRET, delivery.headers, delivery.body, options).then(
        () => "accepted",
        (err: WebhookVerificationError) => err.reason,
      );
    expect(await reason({ ...valid, headers: {} })).toBe("missing_headers");
    expect(await reason({ ...valid, headers: { ...valid.headers, "webhook-timestamp": "yesterday" } })).toBe(
      "invalid_timestamp",
    );
    expect(await reason(signed({ ageSeconds: 301 }))).toBe("timestamp_too_old");
    expect(await reason(signed({ ageSeconds: -301 }))).toBe("timestamp_too_new");
    expect(await reason(signed({ ageSeconds: 3600 }), { toleranceSeconds: 7200 })).toBe("accepted");
    expect(await reason(signed({ secret: OTHER_SECRET }))).toBe("invalid_signature");
    expect(await reason(signed({ body: "not json" }))).toBe("invalid_body");
  });
});
