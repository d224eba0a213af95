import { type Handler, Parser } from "htmlparser2";
import { cleanText, isBlockElement, resolveUrl, truncate } from "./text.js";
import type { PageFacts } from "./types.js";

/** Input beyond this many characters is ignored (the crawler caps bodies too; this is the last guard). */
export const MAX_HTML_CHARS = 2 * 1024 * 1024;

const LIMITS = {
  title: 500,
  metaKeys: 200,
  metaValue: 2000,
  icons: 20,
  links: 1000,
  linkText: 200,
  url: 2048,
  headings: 200,
  headingText: 300,
  text: 100_000,
  jsonLdBlocks: 20,
  jsonLdBlockChars: 512 * 1024,
  jsonLdObjects: 100,
  forms: 50,
  inputsPerForm: 100,
  looseInputs: 100,
  scripts: 200,
  scriptScanChars: 200_000,
  iframes: 100,
  copyright: 10,
  copyrightChars: 200,
  blockChars: 4000,
  blocks: 400,
  blockText: 600,
  /**
   * Open elements nested deeper than this stop the parse: htmlparser2 keeps its stack with `unshift`,
   * so pathological nesting would cost quadratic time. Real pages stay far below it.
   */
  depth: 1500,
} as const;

/** Elements whose content is never visible text. */
const SKIP_TEXT = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "head",
  "svg",
  "math",
  "textarea",
  "select",
]);

/** Ids and attributes of the mount points single-page apps render into. */
const MOUNT_IDS = /^(app|root|__next|__nuxt|svelte|main|application|react-root|ember-app|q-app|__layout)$/i;

type FormFacts = PageFacts["forms"][number];
type InputFacts = FormFacts["inputs"][number];

interface OpenElement {
  name: string;
  /** This element (not an ancestor) starts a hidden/skipped subtree. */
  hides: boolean;
}

/** Extra facts beyond the committed contract. */
export interface ExtraPageFacts {
  /** Form controls that sit outside any <form> (single-page apps often do without one). */
  looseInputs: InputFacts[];
  /**
   * Visible text split at block boundaries (paragraphs, list items, table cells, line breaks), in document
   * order: keeps the lines of an imprint apart. Capped in count and length.
   */
  blocks: string[];
  /** An inline script assigns a computed (non-literal) value to the location: a redirect we cannot resolve statically. */
  scriptRedirectDynamic: boolean;
}

export type ExtractedPage = PageFacts & ExtraPageFacts;

/**
 * Hears the same parse as `extractPage`, so a reader that needs more than the shared facts (the scan
 * agents' page view) reads the document in the same pass instead of parsing it again. Events arrive in
 * document order exactly as htmlparser2 reports them (entities decoded, tag and attribute names
 * lower-case), after `extractPage` has handled each; they stop where the extraction stops (input cap,
 * nesting limit). A listener must not throw.
 */
export interface HtmlListener {
  onopentag(name: string, attribs: Record<string, string>): void;
  ontext(data: string): void;
  onclosetag(name: string): void;
  /** The parse broke off at an error: the events so far are all there will be. */
  onfail?(): void;
}

function isHiddenByAttributes(attribs: Record<string, string>): boolean {
  if ("hidden" in attribs) return true;
  if (attribs["aria-hidden"]?.toLowerCase() === "true") return true;
  const style = attribs.style;
  if (style && /(?:display\s*:\s*none|visibility\s*:\s*hidden)/i.test(style)) return true;
  return false;
}

function isTinyFrame(attribs: Record<string, string>): boolean {
  const tiny = (value: string | undefined) => value !== undefined && /^\s*[01](?:px)?\s*$/i.test(value);
  if (tiny(attribs.width) || tiny(attribs.height)) return true;
  const style = attribs.style ?? "";
  return /(?:^|;)\s*(?:width|height)\s*:\s*[01](?:px)?\s*(?:;|$)/i.test(style);
}

/** `5; url=https://…` → delay and absolute target. */
function parseRefresh(content: string, base: string): PageFacts["metaRefresh"] {
  const match = /^\s*(\d+(?:\.\d+)?)?\s*[;,]?\s*(?:url\s*=\s*)?(.*)$/i.exec(content);
  if (!match) return null;
  const delaySeconds = Math.min(Number(match[1] ?? "0") || 0, 86_400);
  let target = (match[2] ?? "").trim().replace(/^['"]|['"]$/g, "");
  if (target.length === 0) return null;
  target = target.slice(0, LIMITS.url);
  const url = resolveUrl(target, base);
  return url ? { url, delaySeconds } : null;
}

const SCRIPT_REDIRECT = [
  /(?:^|[^\w.$])(?:(?:window|document|top|self|parent)\s*\.\s*)?location(?:\s*\.\s*href)?\s*=\s*(["'`])([^"'`\n]{1,2048})\1/,
  /(?:^|[^\w.$])(?:(?:window|document|top|self|parent)\s*\.\s*)?location\s*\.\s*(?:replace|assign)\s*\(\s*(["'`])([^"'`\n]{1,2048})\1\s*\)/,
];

/** `location.replace(u)`, `window.location.href = base + path`: a redirect whose target is computed. */
const DYNAMIC_REDIRECT =
  /(?:^|[^\w.$])(?:(?:window|document|top|self|parent)\s*\.\s*)?location(?:\s*\.\s*href)?\s*=(?!=)\s*[^\s"'`;]|(?:^|[^\w.$])(?:(?:window|document|top|self|parent)\s*\.\s*)?location\s*\.\s*(?:replace|assign)\s*\(\s*[^\s"'`)]/;

function findScriptRedirect(source: string, base: string): string | null {
  let best: { index: number; url: string } | null = null;
  for (const pattern of SCRIPT_REDIRECT) {
    const match = pattern.exec(source);
    if (!match?.[2]) continue;
    if (match[2].includes("${")) continue;
    const url = resolveUrl(match[2], base);
    if (url && (best === null || match.index < best.index)) best = { index: match.index, url };
  }
  return best?.url ?? null;
}

const COPYRIGHT = /©|\(c\)|\bcopyright\b|\u24b8/giu;
/** "the copyright", "their copyright", "keep copyright": the word in a sentence. */
const PROSE_BEFORE =
  /\b(?:the|their|its|your|our|his|her|own|owns|keep|keeps|retain|retains|hold|holds|remain)\s+$/i;
/** "copyright of", "copyright and", "copyright infringement", "copyright policy": not a notice either. */
const PROSE_AFTER = /^\s+(?:of|and|to|in|for|is|are|infringement|policy|notice|law|holders?|owners?)\b/i;

/** Separates inline segments (links, spans) inside a block, for copyright lines only. */
const SEGMENT = "\u0001";
const SEGMENT_TAGS = new Set(["a", "span", "strong", "b", "em", "i", "small", "button", "code"]);
/** Controls that are separate items even when the markup runs them together (`<a>Terms</a><a>Privacy</a>`). */
const SEPARATE_TAGS = new Set(["a", "button"]);
const HAS_NAME = /\p{L}{2,}/u;
const COPYRIGHT_WORDS = /copyright|\(c\)|©|\u24b8|\d{4}/gi;

/**
 * Where a copyright notice starts in `text`: "©", "(c)" or "Copyright" opening a notice, not the word in a
 * sentence ("photographs remain the copyright of their authors", "designers keep their copyright").
 */
function noticeAt(text: string): number {
  for (const match of text.matchAll(COPYRIGHT)) {
    const before = text.slice(Math.max(0, match.index - 24), match.index);
    const after = text.slice(match.index + match[0].length, match.index + match[0].length + 12);
    if (/^copyright$/i.test(match[0]) && (PROSE_BEFORE.test(before) || PROSE_AFTER.test(after))) continue;
    return match.index;
  }
  return -1;
}

function copyrightLine(block: string): string | null {
  const segments = block.split(SEGMENT);
  // The first segment holding a notice, and where in it the notice starts.
  let start = -1;
  let at = -1;
  for (let i = 0; i < segments.length && start < 0; i++) {
    at = noticeAt(segments[i] ?? "");
    if (at >= 0) start = i;
  }
  if (start < 0) return null;
  let line = (segments[start] ?? "").slice(at);
  // "© 2026 <a>Example Ltd</a>": the name sits in the next inline segment.
  for (
    let next = start + 1;
    next < segments.length && !HAS_NAME.test(line.replace(COPYRIGHT_WORDS, ""));
    next++
  ) {
    line += segments[next] ?? "";
  }
  line = cleanText(line);
  const reserved =
    /all rights reserved\.?|alle rechte vorbehalten\.?|tous droits réservés\.?|todos los derechos reservados\.?/i.exec(
      line,
    );
  if (reserved) line = line.slice(0, reserved.index + reserved[0].length);
  line = line.split(/\s[|·•]\s|\s[|·•]|[|·•]\s/)[0] ?? line;
  line = truncate(line.trim(), LIMITS.copyrightChars);
  return line.length > 2 ? line : null;
}

function addJsonLd(out: Array<Record<string, unknown>>, value: unknown, depth: number): void {
  if (out.length >= LIMITS.jsonLdObjects || depth > 3) return;
  if (Array.isArray(value)) {
    for (const item of value) addJsonLd(out, item, depth + 1);
    return;
  }
  if (typeof value !== "object" || value === null) return;
  const record = value as Record<string, unknown>;
  const graph = record["@graph"];
  if (graph !== undefined) {
    const { "@graph": _graph, ...rest } = record;
    if ("@type" in rest) out.push(rest);
    addJsonLd(out, graph, depth + 1);
    return;
  }
  out.push(record);
}

function parseJsonLd(raw: string, out: Array<Record<string, unknown>>): void {
  if (raw.length > LIMITS.jsonLdBlockChars) return;
  // Strip HTML comment wrappers and CDATA some sites still put around the JSON.
  const source = raw
    .trim()
    .replace(/^<!--|-->$/g, "")
    .replace(/^\/\/\s*<!\[CDATA\[|\/\/\s*\]\]>$/g, "")
    .trim();
  try {
    addJsonLd(out, JSON.parse(source), 0);
  } catch {
    // unparsable block: skipped
  }
}

/**
 * Reads the facts DomainLens needs out of one untrusted HTML document without running anything.
 * Never throws: garbage in, mostly-empty facts out. `listener` hears the same parse (see HtmlListener).
 */
export function extractPage(html: string, baseUrl: string, listener?: HtmlListener): ExtractedPage {
  try {
    return extractUnsafe(typeof html === "string" ? html : "", baseUrl, listener);
  } catch {
    listener?.onfail?.();
    return emptyPage(baseUrl);
  }
}

export function emptyPage(baseUrl: string): ExtractedPage {
  return {
    baseUrl: resolveUrl(baseUrl, undefined) ?? baseUrl.slice(0, LIMITS.url),
    title: null,
    lang: null,
    meta: {},
    canonical: null,
    icons: [],
    links: [],
    headings: [],
    text: "",
    jsonLd: [],
    forms: [],
    scripts: [],
    iframes: [],
    metaRefresh: null,
    scriptRedirect: null,
    copyright: [],
    counts: { elements: 0, scripts: 0, textChars: 0 },
    jsShell: false,
    looseInputs: [],
    scriptRedirectDynamic: false,
    blocks: [],
  };
}

function extractUnsafe(input: string, baseUrl: string, listener: HtmlListener | undefined): ExtractedPage {
  const html = input.length > MAX_HTML_CHARS ? input.slice(0, MAX_HTML_CHARS) : input;
  const page = emptyPage(baseUrl);
  let base = page.baseUrl;
  let baseSet = false;

  const stack: OpenElement[] = [];
  let hiddenDepth = 0;
  let titleParts: string[] | null = null;
  let titleDone = false;
  let scriptKind: "inline" | "json" | "other" | null = null;
  let scriptParts: string[] = [];
  let scriptLength = 0;
  let scriptScanned = 0;
  let linkOpen: { href: string; rel: string | null; parts: string[] } | null = null;
  let headingOpen: { level: 1 | 2 | 3; parts: string[] } | null = null;
  let currentForm: FormFacts | null = null;
  let mountPoint = false;
  let svgDepth = 0;
  let jsonLdBlocks = 0;
  let tooDeep = false;

  const textParts: string[] = [];
  let textLength = 0;
  let block: string[] = [];
  let blockLength = 0;

  const pushText = (value: string) => {
    if (textLength < LIMITS.text * 2) {
      textParts.push(value);
      textLength += value.length;
    }
    if (blockLength < LIMITS.blockChars) {
      block.push(value);
      blockLength += value.length;
    }
  };

  const breakText = () => {
    if (textParts.length > 0 && textParts[textParts.length - 1] !== " ") pushText(" ");
    if (block.length > 0) {
      const raw = block.join("");
      if (page.copyright.length < LIMITS.copyright) {
        const line = copyrightLine(raw);
        if (line && !page.copyright.includes(line)) page.copyright.push(line);
      }
      if (page.blocks.length < LIMITS.blocks) {
        const text = truncate(cleanText(raw.split(SEGMENT).join("")), LIMITS.blockText);
        if (text.length > 0) page.blocks.push(text);
      }
      block = [];
      blockLength = 0;
    }
  };

  /** A word boundary in the text, unless there is one already. */
  const separate = () => {
    const last = textParts[textParts.length - 1];
    if (last !== undefined && !/\s$/.test(last)) pushText(" ");
  };
  // After a control closes, a word that follows at once is another item; punctuation is not.
  let separateNextWord = false;

  const markSegment = () => {
    if (block.length > 0 && block[block.length - 1] !== SEGMENT) block.push(SEGMENT);
  };

  const url = (value: string | undefined): string | null => {
    if (value === undefined) return null;
    const trimmed = value.trim();
    if (trimmed.length === 0 || trimmed.length > LIMITS.url) return null;
    if (/^(?:javascript|data|vbscript|blob):/i.test(trimmed)) return null;
    return resolveUrl(trimmed, base);
  };

  const own: Required<Pick<Handler, "onopentag" | "ontext" | "onclosetag">> = {
    onopentag(name, attribs) {
      page.counts.elements++;
      if (stack.length >= LIMITS.depth) {
        tooDeep = true;
        parser.pause();
      }
      const hides =
        SKIP_TEXT.has(name) || (hiddenDepth === 0 && name !== "html" && isHiddenByAttributes(attribs));
      stack.push({ name, hides });
      if (hides) hiddenDepth++;
      if (name === "svg" || name === "math") svgDepth++;
      if (isBlockElement(name)) breakText();
      else if (SEGMENT_TAGS.has(name)) markSegment();
      if (SEPARATE_TAGS.has(name)) separate();

      const id = attribs.id;
      if (id && MOUNT_IDS.test(id)) mountPoint = true;
      if ("data-reactroot" in attribs || "ng-app" in attribs || "data-server-rendered" in attribs)
        mountPoint = true;

      switch (name) {
        case "html": {
          const lang = attribs.lang ?? attribs["xml:lang"];
          if (lang && page.lang === null) page.lang = truncate(cleanText(lang).toLowerCase(), 35) || null;
          break;
        }
        case "base": {
          if (!baseSet && attribs.href) {
            const resolved = resolveUrl(attribs.href.trim(), page.baseUrl);
            if (resolved) {
              base = resolved;
              page.baseUrl = resolved;
              baseSet = true;
            }
          }
          break;
        }
        case "title":
          if (!titleDone && svgDepth === 0) titleParts = [];
          break;
        case "meta":
          onMeta(attribs);
          break;
        case "link":
          onLink(attribs);
          break;
        case "a": {
          const href = url(attribs.href);
          if (href && page.links.length < LIMITS.links) {
            linkOpen = {
              href,
              rel: attribs.rel ? truncate(cleanText(attribs.rel).toLowerCase(), 100) : null,
              parts: [],
            };
          }
          break;
        }
        case "h1":
        case "h2":
        case "h3":
          if (page.headings.length < LIMITS.headings && hiddenDepth === 0) {
            headingOpen = { level: Number(name[1]) as 1 | 2 | 3, parts: [] };
          }
          break;
        case "script": {
          page.counts.scripts++;
          const type = (attribs.type ?? "").trim().toLowerCase();
          if (type === "application/ld+json") scriptKind = "json";
          else if (
            type === "" ||
            type === "module" ||
            /(?:java|ecma)script/.test(type) ||
            type === "text/babel"
          )
            scriptKind = "inline";
          else scriptKind = "other";
          scriptParts = [];
          scriptLength = 0;
          if (scriptKind !== "json" && page.scripts.length < LIMITS.scripts) {
            page.scripts.push({
              src: attribs.src !== undefined ? url(attribs.src) : null,
              inlineLength: 0,
            });
          }
          break;
        }
        case "form": {
          if (page.forms.length < LIMITS.forms) {
            currentForm = {
              action:
                attribs.action !== undefined && attribs.action.trim() !== "" ? url(attribs.action) : null,
              method: truncate((attribs.method ?? "get").trim().toLowerCase(), 20) || "get",
              inputs: [],
            };
            page.forms.push(currentForm);
          }
          break;
        }
        case "input":
        case "select":
        case "textarea": {
          const input: InputFacts = {
            type:
              name === "input" ? truncate((attribs.type ?? "text").trim().toLowerCase(), 30) || "text" : name,
            name: attribs.name !== undefined ? truncate(cleanText(attribs.name), 100) : null,
            autocomplete:
              attribs.autocomplete !== undefined
                ? truncate(cleanText(attribs.autocomplete).toLowerCase(), 100)
                : null,
          };
          if (currentForm) {
            if (currentForm.inputs.length < LIMITS.inputsPerForm) currentForm.inputs.push(input);
          } else if (page.looseInputs.length < LIMITS.looseInputs) page.looseInputs.push(input);
          break;
        }
        case "iframe":
        case "frame": {
          if (page.iframes.length < LIMITS.iframes) {
            page.iframes.push({
              src: url(attribs.src),
              hidden: isTinyFrame(attribs) || isHiddenByAttributes(attribs),
            });
          }
          break;
        }
        case "img":
          if (hiddenDepth === 0 && attribs.alt && linkOpen) linkOpen.parts.push(` ${attribs.alt} `);
          break;
        case "br":
          breakText();
          break;
      }
    },
    ontext(data) {
      if (titleParts !== null) {
        titleParts.push(data);
        return;
      }
      if (scriptKind !== null) {
        scriptLength += data.length;
        if (scriptKind === "json" || scriptScanned < LIMITS.scriptScanChars) {
          scriptParts.push(data);
          if (scriptKind !== "json") scriptScanned += data.length;
        }
        return;
      }
      if (hiddenDepth > 0) return;
      if (separateNextWord && /^[\p{L}\p{N}]/u.test(data)) separate();
      separateNextWord = false;
      pushText(data);
      if (linkOpen) linkOpen.parts.push(data);
      if (headingOpen) headingOpen.parts.push(data);
    },
    onclosetag(name) {
      // htmlparser2 balances open and close events (implied closes included).
      const open = stack.pop();
      if (open?.hides) hiddenDepth = Math.max(0, hiddenDepth - 1);
      if (name === "svg" || name === "math") svgDepth = Math.max(0, svgDepth - 1);
      if (isBlockElement(name)) breakText();
      else if (SEGMENT_TAGS.has(name)) markSegment();
      if (SEPARATE_TAGS.has(name)) separateNextWord = true;
      switch (name) {
        case "title":
          if (titleParts !== null) {
            const title = truncate(cleanText(titleParts.join("")), LIMITS.title);
            page.title = title.length > 0 ? title : null;
            titleParts = null;
            titleDone = page.title !== null;
          }
          break;
        case "script":
          onScriptEnd();
          break;
        case "a":
          if (linkOpen) {
            if (page.links.length < LIMITS.links) {
              page.links.push({
                href: linkOpen.href,
                text: truncate(cleanText(linkOpen.parts.join("")), LIMITS.linkText),
                rel: linkOpen.rel,
              });
            }
            linkOpen = null;
          }
          break;
        case "h1":
        case "h2":
        case "h3":
          if (headingOpen) {
            const text = truncate(cleanText(headingOpen.parts.join("")), LIMITS.headingText);
            if (text.length > 0) page.headings.push({ level: headingOpen.level, text });
            headingOpen = null;
          }
          break;
        case "form":
          currentForm = null;
          break;
      }
    },
  };
  const handler: Partial<Handler> = listener
    ? {
        onopentag(name, attribs, isImplied) {
          own.onopentag(name, attribs, isImplied);
          listener.onopentag(name, attribs);
        },
        ontext(data) {
          own.ontext(data);
          listener.ontext(data);
        },
        onclosetag(name, isImplied) {
          own.onclosetag(name, isImplied);
          listener.onclosetag(name);
        },
      }
    : own;
  const parser = new Parser(handler, {
    decodeEntities: true,
    lowerCaseTags: true,
    lowerCaseAttributeNames: true,
    recognizeCDATA: false,
  });

  function onMeta(attribs: Record<string, string>): void {
    const content = attribs.content;
    if (content === undefined) return;
    const equiv = attribs["http-equiv"]?.trim().toLowerCase();
    if (equiv === "refresh") {
      if (page.metaRefresh === null) page.metaRefresh = parseRefresh(content, base);
      return;
    }
    const key = (attribs.name ?? attribs.property ?? attribs.itemprop ?? "").trim().toLowerCase();
    if (key.length === 0 || key.length > 100) return;
    if (key in page.meta) return;
    if (Object.keys(page.meta).length >= LIMITS.metaKeys) return;
    page.meta[key] = truncate(cleanText(content), LIMITS.metaValue);
  }

  function onLink(attribs: Record<string, string>): void {
    const rel = (attribs.rel ?? "").toLowerCase().split(/\s+/);
    if (rel.includes("canonical") && page.canonical === null) page.canonical = url(attribs.href);
    if (rel.some((r) => r === "icon" || r === "apple-touch-icon" || r === "mask-icon")) {
      const href = url(attribs.href);
      if (href && page.icons.length < LIMITS.icons && !page.icons.includes(href)) page.icons.push(href);
    }
  }

  function onScriptEnd(): void {
    if (scriptKind === "json") {
      if (page.jsonLd.length < LIMITS.jsonLdObjects && scriptLength <= LIMITS.jsonLdBlockChars) {
        jsonLdBlocks++;
        if (jsonLdBlocks <= LIMITS.jsonLdBlocks) parseJsonLd(scriptParts.join(""), page.jsonLd);
      }
    } else if (scriptKind !== null) {
      const last = page.scripts[page.scripts.length - 1];
      if (last && last.src === null) last.inlineLength = scriptLength;
      if (scriptKind === "inline" && scriptParts.length > 0) {
        const source = scriptParts.join("");
        if (page.scriptRedirect === null) page.scriptRedirect = findScriptRedirect(source, base);
        if (!page.scriptRedirectDynamic) page.scriptRedirectDynamic = DYNAMIC_REDIRECT.test(source);
      }
    }
    scriptKind = null;
    scriptParts = [];
    scriptLength = 0;
  }
  parser.write(html);
  if (!tooDeep) parser.end();
  breakText();

  const text = truncate(cleanText(textParts.join("")), LIMITS.text);
  page.text = text;
  page.counts.textChars = text.length;
  page.jsShell = isShell(page, mountPoint);
  return page;
}

/** Almost no visible text, scripts that would render it, and a mount point (or next to no markup). */
function isShell(page: ExtractedPage, mountPoint: boolean): boolean {
  if (page.counts.scripts === 0) return false;
  if (page.metaRefresh || page.scriptRedirect) return false;
  const words = page.text.split(" ").filter((w) => w.length > 0).length;
  if (words > 40 || page.counts.textChars > 300) return false;
  if (page.links.length > 10) return false;
  return mountPoint || page.counts.elements - page.counts.scripts < 25;
}
