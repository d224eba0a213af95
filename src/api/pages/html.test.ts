import fc from "fast-check";
import { DomUtils, parseDocument } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { escapeHtml, type HtmlValue, html, type SafeHtml, trustedConstant } from "./html.js";

/** What a parser sees: the text and the title attribute of the one <p> element. */
function roundTrip(markup: SafeHtml): { text: string; title: string | undefined; elements: number } {
  const doc = parseDocument(markup.text);
  const elements = DomUtils.findAll(() => true, doc.children);
  const p = elements[0];
  return {
    text: p ? DomUtils.textContent(p) : "",
    title: p?.attribs.title,
    elements: elements.length,
  };
}

describe("escapeHtml", () => {
  it("escapes the characters that end text or a quoted attribute", () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&amp;\`</a>`)).toBe(
      "&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;amp;&#96;&lt;/a&gt;",
    );
  });

  it("replaces control characters but keeps tabs, newlines and all other Unicode", () => {
    expect(escapeHtml("a\u0000b\u0007c\u009Fd\te\nf\u202Eg😀")).toBe("a\uFFFDb\uFFFDc\uFFFDd\te\nf\u202Eg😀");
  });
});

describe("html tag", () => {
  it("escapes interpolated strings and numbers, keeps nested markup, flattens arrays", () => {
    const inner = html`<b>${"<i>"}</b>`;
    const out = html`<p>${"<script>alert(1)</script>"}${inner}${[1, "<", html`<br>`]}${null}${undefined}${false}</p>`;
    expect(out.text).toBe("<p>&lt;script&gt;alert(1)&lt;/script&gt;<b>&lt;i&gt;</b>1&lt;<br></p>");
  });

  it("refuses a value in an unquoted attribute or a tag name", () => {
    expect(() => html`<p title=${"x"}>`).toThrow(/unquoted attribute/);
    expect(() => html`<p title = ${"x"}>`).toThrow(/unquoted attribute/);
    expect(() => html`<${"script"}>`).toThrow(/tag name/);
    expect(() => html`</${"p"}>`).toThrow(/tag name/);
  });

  it("does not mistake an escaped value ending in '=' for an unquoted attribute", () => {
    expect(html`<p>${"a="}${"b"}</p>`.text).toBe("<p>a=b</p>");
  });

  it("refuses objects, including look-alikes of its own markup", () => {
    const fake = { text: "<script>alert(1)</script>", toString: () => "<script>" } as unknown as HtmlValue;
    expect(() => html`<p>${fake}</p>`).toThrow(TypeError);
    expect(() => html`<p>${true as unknown as HtmlValue}</p>`).toThrow(TypeError);
  });

  it("passes module constants through trustedConstant unchanged", () => {
    expect(html`<head>${trustedConstant("<style>a>b{}</style>")}</head>`.text).toBe(
      "<head><style>a>b{}</style></head>",
    );
  });

  it("round-trips any string through a parser as exactly one element's text and attribute", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 80 }), (value) => {
        // biome-ignore lint/suspicious/noControlCharactersInRegex: the controls escapeHtml replaces
        const expected = value.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g, "\uFFFD");
        const parsed = roundTrip(html`<p title="${value}">${value}</p>`);
        expect(parsed.elements).toBe(1);
        expect(parsed.text).toBe(expected);
        expect(parsed.title).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });

  it.each([
    "<img src=x onerror=alert(1)>",
    '"><script>alert(1)</script>',
    "'><svg onload=alert(1)>",
    "javascript:alert(1)",
    "</p></main><script>alert(1)</script>",
    "<!--",
    "]]><![CDATA[",
    "&lt;script&gt;",
  ])("keeps %j as text", (payload) => {
    const parsed = roundTrip(html`<p title="${payload}">${payload}</p>`);
    expect(parsed).toEqual({ text: payload, title: payload, elements: 1 });
  });
});
