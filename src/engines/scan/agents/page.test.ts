import { describe, expect, it } from "vitest";
import { readHtml } from "./page.js";

describe("readHtml", () => {
  it("reads fields, forms, images and resources in the extractor's one pass, against the final base", () => {
    const page = readHtml(
      `<html><head><link rel=stylesheet href="a.css"><script src="s.js"></script>
       <base href="https://cdn.example.net/x/"></head><body>
       <img src="logo.png" alt="Logo"><h1>Sign in</h1>
       <form action="post.php" method=POST><label for=u>User name</label><input id=u name=user>
       <input type=password name=pw placeholder=Password><button>Sign <b>in</b></button></form>
       <script>var a = 1;</script><div onclick="go()">x</div></body></html>`,
      "https://example.com/login",
    );
    expect(page.facts.baseUrl).toBe("https://cdn.example.net/x/");
    expect(page.resources).toEqual([
      "https://cdn.example.net/x/a.css",
      "https://cdn.example.net/x/s.js",
      "https://cdn.example.net/x/logo.png",
    ]);
    expect(page.forms).toEqual([
      {
        rawAction: "post.php",
        action: "https://cdn.example.net/x/post.php",
        method: "post",
        onsubmit: "",
        visible: true,
      },
    ]);
    expect(page.images).toEqual([
      { src: "https://cdn.example.net/x/logo.png", alt: "Logo", index: 0, early: true },
    ]);
    expect(page.fields.map((f) => [f.name, f.type, f.label || f.placeholder, f.form])).toEqual([
      ["user", "text", "User name", 0],
      ["pw", "password", "Password", 0],
    ]);
    expect(page.buttons).toEqual(["Sign in"]);
    expect(page.scripts).toEqual(["var a = 1;"]);
    expect(page.handlers).toEqual(["onclick=go()"]);
    expect(page.title).toBe("");
  });

  it("keeps what it read before markup nested past the parse limit", () => {
    const page = readHtml(`<input name=first>${"<div>".repeat(2_000)}<input name=deep>`, "https://a.test/");
    expect(page.fields.map((f) => f.name)).toEqual(["first"]);
  });
});
