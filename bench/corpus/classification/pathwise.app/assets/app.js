// Pathwise marketing shell: renders the landing page client-side.
(function () {
  "use strict";
  var features = [
    ["Boards", "Drag cards across columns, set WIP limits and swimlanes per team."],
    ["Timelines", "Plan quarters on a Gantt-style roadmap with dependencies that reflow when dates slip."],
    ["Docs", "Write specs and meeting notes next to the work, with @mentions and live cursors."],
    ["Automations", "When a card moves to Done, notify the channel, close the linked issue and start the next task."],
  ];
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    (children || []).forEach(function (c) {
      node.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
    });
    return node;
  }
  function render() {
    document.title = "Pathwise — Plan projects, ship together";
    var meta = el("meta", { name: "description", content: "Pathwise is a project planning tool for teams: boards, timelines, docs and automations in one workspace." });
    document.head.appendChild(meta);
    var style = el("style", {}, [
      "body{margin:0;font:16px/1.6 system-ui,sans-serif;color:#0f172a}" +
      "nav{display:flex;justify-content:space-between;padding:18px 36px}nav a{margin-left:18px;color:#0f172a}" +
      ".hero{padding:64px 36px;background:#f0f9ff}.hero h1{font-size:46px;margin:0}" +
      ".grid{display:grid;grid-template-columns:repeat(2,1fr);gap:24px;padding:36px}" +
      "footer{background:#0f172a;color:#94a3b8;padding:22px 36px;font-size:13px}footer a{color:#e2e8f0;margin-right:12px}",
    ]);
    document.head.appendChild(style);
    var root = document.getElementById("app");
    root.appendChild(el("nav", {}, [
      el("strong", {}, ["pathwise"]),
      el("span", {}, [
        el("a", { href: "/features" }, ["Features"]),
        el("a", { href: "/pricing" }, ["Pricing"]),
        el("a", { href: "/templates" }, ["Templates"]),
        el("a", { href: "/login" }, ["Log in"]),
        el("a", { href: "/signup" }, ["Get started free"]),
      ]),
    ]));
    root.appendChild(el("section", { class: "hero" }, [
      el("h1", {}, ["Plan projects. Ship together."]),
      el("p", {}, ["Pathwise is the project planning workspace for product, marketing and operations teams. Boards, timelines and docs live in one place, so everyone can see what is happening, what is blocked and what ships next."]),
      el("p", {}, ["Free for teams up to 10 people. Business plans from $9 per user per month."]),
    ]));
    var grid = el("section", { class: "grid" });
    features.forEach(function (f) { grid.appendChild(el("div", {}, [el("h3", {}, [f[0]]), el("p", {}, [f[1]])])); });
    root.appendChild(grid);
    root.appendChild(el("footer", {}, [
      el("a", { href: "/about" }, ["About"]),
      el("a", { href: "/security" }, ["Security"]),
      el("a", { href: "/terms" }, ["Terms"]),
      el("a", { href: "/privacy" }, ["Privacy"]),
      " · © 2026 Pathwise Labs, Inc. · San Francisco",
    ]));
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", render);
  else render();
})();
