import { describe, expect, it } from "vitest";
import { isRandomLooking, isSensitiveName, MASK, maskText, maskUrl } from "./mask.js";

const M = MASK;

describe("maskUrl", () => {
  it.each([
    // the example of docs/sharing.md
    [
      "https://login.example.com/verify?token=abc123&email=a@b.com",
      `https://login.example.com/verify?token=${M}&email=${M}`,
    ],
    // parameter names that mark secrets, sessions and personal data, in any case and style
    [
      "https://a.example/?api_key=x1&sessionId=77&SID=9&access_token=t&code=4&lang=en",
      `https://a.example/?api_key=${M}&sessionId=${M}&SID=${M}&access_token=${M}&code=${M}&lang=en`,
    ],
    [
      "https://a.example/p?Password=hunter2&user_name=bob&phone=5&q=shoes",
      `https://a.example/p?Password=${M}&user_name=${M}&phone=${M}&q=shoes`,
    ],
    // values that look like secrets whatever their parameter is called
    ["https://a.example/?r=victim%40corp.example&x=1", `https://a.example/?r=${M}&x=1`],
    [
      "https://a.example/?c=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.sflKxwRJSMeKKF2QT4fwpM",
      `https://a.example/?c=${M}`,
    ],
    ["https://a.example/?ref=9f86d081884c7d659a2feaa0c55ad015&page=2", `https://a.example/?ref=${M}&page=2`],
    ["https://a.example/?n=%2B15551234567", `https://a.example/?n=${M}`],
    // a redirect target carrying a secret is masked whole; a harmless one stays
    ["https://a.example/?next=https%3A%2F%2Fb.example%2F%3Ftoken%3Dabc", `https://a.example/?next=${M}`],
    [
      "https://a.example/?next=https%3A%2F%2Fb.example%2Fhome",
      "https://a.example/?next=https%3A%2F%2Fb.example%2Fhome",
    ],
    // userinfo is removed
    ["https://admin:s3cret@a.example:8443/x", "https://a.example:8443/x"],
    // e-mail addresses anywhere: path, parameter names, fragment
    ["https://a.example/u/jane.doe@corp.example/inbox", `https://a.example/u/${M}/inbox`],
    ["https://a.example/?jane@corp.example", `https://a.example/?${M}`],
    ["https://a.example/#jane%40corp.example", `https://a.example/#${M}`],
    // fragments of name=value pairs are read like a query string (OAuth implicit flow)
    ["https://a.example/cb#access_token=abc&state=xyz", `https://a.example/cb#access_token=${M}&state=xyz`],
    // path segments that are JWTs or long random values (reset links)
    [
      "https://a.example/reset/Zq8sK2pL9xV4mN7bR1tY6wE3uI0oP5aS/confirm",
      `https://a.example/reset/${M}/confirm`,
    ],
    // nothing to mask: the URL is shown as the browser would serialize it
    ["https://www.example.com/login?lang=en&step=2", "https://www.example.com/login?lang=en&step=2"],
    ["http://example.com", "http://example.com/"],
  ])("%s → %s", (input, expected) => {
    expect(maskUrl(input)).toBe(expected);
  });

  it("shows only the scheme of data:, blob: and javascript: URLs", () => {
    expect(maskUrl("data:text/html;base64,PGgxPmhpPC9oMT4=")).toBe(`data:${M}`);
    expect(maskUrl("blob:https://a.example/0b7e4c1a-2c1d-4a8e-9f00-0123456789ab")).toBe(`blob:${M}`);
    expect(maskUrl("javascript:alert(document.cookie)")).toBe(`javascript:${M}`);
    expect(maskUrl("about:blank")).toBe("about:blank");
  });

  it("masks e-mail addresses in what is not a URL at all", () => {
    expect(maskUrl("not a url jane@corp.example")).toBe(`not a url ${M}`);
  });

  it("keeps empty values, repeated separators and parameter order", () => {
    expect(maskUrl("https://a.example/?a=&&token=&b=2&token=z")).toBe(
      `https://a.example/?a=&&token=&b=2&token=${M}`,
    );
  });

  it("is idempotent", () => {
    const once = maskUrl(
      "https://u:p@a.example/x/jane@corp.example?sid=1&email=a%40b.example#t=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abc",
    );
    expect(maskUrl(once)).toBe(once);
    expect(once).not.toMatch(/jane|a%40b|eyJ|u:p@/);
  });
});

describe("isSensitiveName", () => {
  it.each(["token", "auth", "X-Amz-Signature", "refreshToken", "PHPSESSID", "e_mail", "emailAddress", "otp"])(
    "%s is sensitive",
    (name) => {
      expect(isSensitiveName(name)).toBe(true);
    },
  );
  it.each(["q", "lang", "page", "utm_source", "keyword", "id", "step"])("%s is not", (name) => {
    expect(isSensitiveName(name)).toBe(false);
  });
});

describe("isRandomLooking", () => {
  it("tells generated values from words and short numbers", () => {
    expect(isRandomLooking("9f86d081884c7d659a2feaa0c55ad015")).toBe(true);
    expect(isRandomLooking("Zq8sK2pL9xV4mN7b")).toBe(true);
    expect(isRandomLooking("newsletter")).toBe(false);
    expect(isRandomLooking("summer-sale")).toBe(false);
    expect(isRandomLooking("2026")).toBe(false);
    expect(isRandomLooking("aaaaaaaaaaaaaaaa1111")).toBe(false);
  });
});

describe("maskText", () => {
  it("masks URLs inside a sentence and keeps the sentence's punctuation", () => {
    expect(maskText("The form posts to https://c.example/p.php?email=a@b.example. Avoid it.")).toBe(
      `The form posts to https://c.example/p.php?email=${M}. Avoid it.`,
    );
  });

  it("masks e-mail addresses and JWTs anywhere", () => {
    expect(maskText("Welcome back, jane.doe@corp.example")).toBe(`Welcome back, ${M}`);
    expect(maskText("bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig123 seen")).toBe(`bearer ${M} seen`);
  });

  it("leaves text without secrets alone", () => {
    const text = "A PayPal sign-in page on a domain PayPal does not own (paypa1.com).";
    expect(maskText(text)).toBe(text);
  });
});
