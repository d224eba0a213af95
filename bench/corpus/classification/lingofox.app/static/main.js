// Lingofox web app: renders the public landing page.
const courses = [
  ["Spanish", "From first words to confident conversations, with native-speaker audio."],
  ["Japanese", "Hiragana, katakana and 1,200 kanji, plus polite and casual speech."],
  ["German", "Grammar that finally makes sense, one bite-sized lesson at a time."],
  ["Italian", "Travel phrases, food vocabulary and the sound of real Italian."],
];

function h(tag, text, attrs = {}) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text) node.textContent = text;
  return node;
}

function render() {
  document.title = "Lingofox — Learn a language in ten minutes a day";
  const style = h("style", "body{margin:0;font:16px/1.6 system-ui,sans-serif;color:#431407}header{display:flex;justify-content:space-between;padding:18px 34px}header a{margin-left:16px;color:#431407}.hero{padding:56px 34px;background:#fff7ed}.hero h1{font-size:44px;margin:0}.courses{display:grid;grid-template-columns:repeat(4,1fr);gap:18px;padding:30px 34px}footer{background:#431407;color:#fed7aa;padding:20px 34px;font-size:13px}footer a{color:#fff;margin-right:12px}");
  document.head.append(style);
  const root = document.getElementById("root");
  const header = h("header");
  header.append(h("strong", "lingofox"));
  const nav = h("nav");
  for (const [label, href] of [["Courses", "/courses"], ["For schools", "/schools"], ["Plus", "/plus"], ["Log in", "/login"]]) {
    nav.append(h("a", label, { href }));
  }
  header.append(nav);
  const hero = h("section", "", { class: "hero" });
  hero.append(
    h("h1", "Learn a language in ten minutes a day."),
    h("p", "Short, game-like lessons adapt to what you already know. Speak, listen and write from day one, keep your streak going, and review words right before you would forget them."),
    h("p", "Free to learn. Lingofox Plus (€6.99/month) removes hearts, adds offline lessons and unlimited speaking practice."),
  );
  const list = h("section", "", { class: "courses" });
  for (const [name, blurb] of courses) {
    const card = h("div");
    card.append(h("h3", name), h("p", blurb));
    list.append(card);
  }
  const footer = h("footer");
  footer.append(h("a", "Imprint", { href: "/imprint" }), h("a", "Privacy", { href: "/privacy" }), h("a", "Terms", { href: "/terms" }));
  footer.append(document.createTextNode("© 2026 Lingofox GmbH, Leipzig"));
  root.append(header, hero, list, footer);
}

render();
