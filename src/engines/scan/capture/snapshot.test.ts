import { describe, expect, it } from "vitest";
import { readForms, readSnapshot } from "./snapshot.js";

describe("reading what a page returned", () => {
  it("keeps only well-typed, capped fields (a child frame's own world could return anything)", () => {
    const forms = readForms(
      [
        {
          action: "https://drop.test/x",
          method: "post",
          inputs: [{ type: "password", name: 5, visible: "yes" }],
          visible: true,
        },
        "not a form",
        { action: 42, inputs: "none" },
      ],
      "https://frame.test/",
    );
    expect(forms).toEqual([
      {
        action: "https://drop.test/x",
        method: "post",
        inputs: [{ type: "password", name: null, autocomplete: null, placeholder: null, visible: false }],
        visible: true,
        frameUrl: "https://frame.test/",
        formless: false,
      },
      {
        action: null,
        method: "get",
        inputs: [],
        visible: false,
        frameUrl: "https://frame.test/",
        formless: false,
      },
    ]);
    expect(readSnapshot("nope")).toBeNull();
    expect(readSnapshot({ html: "x".repeat(10), htmlLength: -3, icons: [{ href: "" }] })).toMatchObject({
      html: "xxxxxxxxxx",
      htmlLength: 0,
      icons: [],
    });
  });
});
