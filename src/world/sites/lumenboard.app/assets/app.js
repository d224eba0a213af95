// The Lumenboard single-page app: renders the home page from /assets/content.json.
function el(name, attributes, ...children) {
  const node = document.createElement(name);
  for (const [key, value] of Object.entries(attributes ?? {})) node.setAttribute(key, value);
  for (const child of children) node.append(child);
  return node;
}

async function main() {
  const response = await fetch("/assets/content.json");
  const content = await response.json();
  document.title = content.title;
  document.head.append(el("meta", { name: "description", content: content.description }));
  document.head.append(el("meta", { property: "og:site_name", content: "Lumenboard" }));
  const ld = el("script", { type: "application/ld+json" });
  ld.textContent = JSON.stringify(content.organization);
  document.head.append(ld);

  const root = document.getElementById("root");
  root.append(
    el(
      "header",
      {},
      el("a", { class: "brand", href: "/" }, "Lumenboard"),
      el("a", { href: "/#features" }, "Features"),
      el("a", { href: "/#pricing" }, "Pricing"),
      el("a", { href: "/legal/imprint.html" }, "Imprint"),
    ),
    el(
      "main",
      {},
      el("h1", {}, content.headline),
      el("p", {}, content.intro),
      el(
        "div",
        { class: "features", id: "features" },
        ...content.features.map((f) => el("section", {}, el("h3", {}, f.name), el("p", {}, f.text))),
      ),
    ),
    el("footer", {}, el("span", {}, content.copyright), el("a", { href: "/legal/imprint.html" }, "Imprint")),
  );
}

main();
