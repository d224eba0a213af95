import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderSavedHtml, SAVED_RENDER_VIEWPORT } from "./saved-render.js";

let server: Server;
let origin: string;
const hits: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req.url ?? "");
    res.end("x");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe("rendering a saved page offline", { timeout: 60_000 }, () => {
  it("draws what the page's own scripts build, at the scan's viewport, and lets no request out", async () => {
    const html = `<!DOCTYPE html><html><head><title>Sign in</title>
      <link rel="stylesheet" href="${origin}/style.css"><script src="${origin}/kit.js"></script></head>
      <body style="margin:0;background:#fff">
      <img src="${origin}/logo.png"><iframe src="${origin}/frame"></iframe>
      <script>
        fetch("${origin}/beacon").catch(() => {});
        const form = document.createElement("div");
        form.style.cssText = "position:absolute;left:0;top:0;width:600px;height:400px;background:rgb(200,0,0)";
        document.body.appendChild(form);
        const field = document.createElement("input");
        field.type = "password";
        document.body.appendChild(field);
      </script></body></html>`;
    const url = "https://secure-login.example-kit.test/verify/index.php?id=7#step2";
    const { screenshot: png, evaluated } = await renderSavedHtml(html, url, {
      evaluate:
        "({ href: location.href, passwords: document.querySelectorAll('input[type=password]').length })",
    });
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([SAVED_RENDER_VIEWPORT.width, SAVED_RENDER_VIEWPORT.height]);
    // The script-built block is on the screenshot (red at 100,100), the page around it white.
    const at = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3),
    ];
    expect(at(100, 100)).toEqual([200, 0, 0]);
    expect(at(1000, 700)).toEqual([255, 255, 255]);
    expect(hits).toEqual([]);
    // The page ran at its own address, and the document read after load holds what the script built.
    expect(evaluated).toEqual({
      href: "https://secure-login.example-kit.test/verify/index.php?id=7",
      passwords: 1,
    });
  });

  it("waits for a form that a timer writes after the page has loaded", async () => {
    const html = `<!DOCTYPE html><html><head><title>Sign In</title></head><body><div id="sp">Loading…</div><script>
      setTimeout(() => { document.body.innerHTML = "<form><input name='u'><input type='password' name='p'></form>"; }, 1800);
      </script></body></html>`;
    const { evaluated } = await renderSavedHtml(html, "https://late-form.example-kit.test/", {
      evaluate: "document.querySelectorAll('input[type=password]').length",
    });
    expect(evaluated).toBe(1);
  });

  it("waits for a timer's form on a page that already shows a paragraph, and for a srcdoc frame's text", async () => {
    const notice = "Your mailbox has almost reached its storage limit. ".repeat(8);
    const html = `<!DOCTYPE html><html><head><title>Mailbox</title></head><body><p>${notice}</p><div id="f">Loading…</div><script>
      setTimeout(() => { document.getElementById("f").innerHTML = "<form><input type='email' name='u'><input type='password' name='p'></form>"; }, 1500);
      </script></body></html>`;
    const { evaluated } = await renderSavedHtml(html, "https://quota.example-kit.test/", {
      evaluate: "document.querySelectorAll('input[type=password]').length",
    });
    expect(evaluated).toBe(1);
    const framed = `<!DOCTYPE html><html><body><iframe style="width:600px;height:400px" srcdoc="&lt;p&gt;Sign in to continue&lt;/p&gt;&lt;input type=password&gt;"></iframe></body></html>`;
    const { frames } = await renderSavedHtml(framed, "https://framed.example-kit.test/", {
      frames: { network: "null", inline: "document.body.innerText" },
    });
    expect(frames).toEqual([{ url: "about:srcdoc", inline: true, value: "Sign in to continue" }]);
  });

  it("gives up within its time bound on a page that never stops", async () => {
    const started = Date.now();
    const html = "<!DOCTYPE html><html><body><script>for(;;){}</script></body></html>";
    await expect(renderSavedHtml(html, undefined, { timeoutMs: 4_000 })).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});
