import { describe, expect, it } from "vitest";
import { DNS_CODES } from "../risk/verdict.js";
import {
  NAME_READING_CODES,
  PAGE_LURE_CODES,
  SHOP_CODES,
  SUMMARIZED_CODES,
  URL_BRAND_CODES,
  VISION_CODES,
} from "../scan/verdict-codes.js";
import { FINDING_CATALOG } from "./catalog.js";

/**
 * The verdicts once matched finding codes with regular expressions; they now use explicit sets of
 * catalog codes. Each set holds exactly the catalog codes its expression matched when the sets replaced
 * them, so the change altered no verdict. A set that is changed on purpose changes its row here too.
 */
const BEFORE: ReadonlyArray<[name: string, set: ReadonlySet<string>, matched: (code: string) => boolean]> = [
  ["VISION_CODES", VISION_CODES, (c) => c.startsWith("VIS-")],
  ["URL_BRAND_CODES", URL_BRAND_CODES, (c) => /^NET-20[1-7]$/.test(c)],
  ["PAGE_LURE_CODES", PAGE_LURE_CODES, (c) => /^CON-(?:01[1-4]|023|03\d|04\d|050)$/.test(c)],
  ["NAME_READING_CODES", NAME_READING_CODES, (c) => /^NET-2(?:10|27)$/.test(c)],
  ["SHOP_CODES", SHOP_CODES, (c) => /^CON-05\d$/.test(c)],
  [
    "SUMMARIZED_CODES",
    SUMMARIZED_CODES,
    (c) =>
      /^(?:CON-00[1-5]|CON-02[0-2]|CON-02[45]|CON-04[2-5]|NET-00[18]|NET-03[0-3]|NET-110|NET-111|NET-11[2]|NET-20[1-7]|SYS-)/.test(
        c,
      ),
  ],
  ["DNS_CODES", DNS_CODES, (c) => c.startsWith("DR-NET-00")],
];

describe("named sets of finding codes", () => {
  const codes = FINDING_CATALOG.map((d) => d.code);

  it.each(BEFORE)("%s holds exactly the catalog codes the old expression matched", (_name, set, matched) => {
    const expected = codes.filter(matched);
    expect(expected.length).toBeGreaterThan(0);
    expect([...set].sort()).toEqual([...expected].sort());
  });
});
