import {
  cleanText,
  type ExtractedPage,
  extractPage,
  type HtmlListener,
  resolveUrl,
  truncate,
} from "../../html/index.js";
import type { ScanCapture } from "../types.js";

/**
 * One reading of the captured page for every agent: the shared HTML extractor's facts plus what the scan
 * agents need beyond them — each field with its id, placeholder, label and nearby text, inline script
 * code and event handlers, images with their alt text, button captions and the resources the markup
 * loads. Untrusted input, parsed once without running anything — the shared extractor's one pass, which
 * this module listens to for its extra fields; every list and string is capped.
 */
export interface PageField {
  tag: "input" | "select" | "textarea";
  type: string;
  name: string;
  id: string;
  autocomplete: string;
  placeholder: string;
  label: string;
  /** Text just before the field (kits often put a caption in a div rather than a label). */
  before: string;
  inputmode: string;
  maxlength: number | null;
  /** Value of hidden fields (capped), for kit artifacts. */
  value: string;
  /** Index into `forms`, or -1 for a field outside any form. */
  form: number;
  visible: boolean;
}

export interface PageForm {
  /** The action attribute as written (trimmed, capped). */
  rawAction: string | null;
  /** Absolute action URL (mailto: and javascript: kept as written), null when empty. */
  action: string | null;
  method: string;
  onsubmit: string;
  visible: boolean;
}

export interface PageImage {
  src: string | null;
  alt: string;
  /** Document order among images and inline SVGs. */
  index: number;
  /** Above the page's main content: before its first h1/h2 heading, form or field. */
  early: boolean;
}

export interface PageView {
  url: string;
  facts: ExtractedPage;
  fields: PageField[];
  forms: PageForm[];
  /** Inline script code (JavaScript only), each capped. */
  scripts: string[];
  /** Inline event handlers (onclick, oncontextmenu, onkeydown…). */
  handlers: string[];
  images: PageImage[];
  buttons: string[];
  /** Absolute URLs of scripts, stylesheets, icons and images the markup loads. */
  resources: string[];
  /** The visible text of the captured page (the capture's innerText when there is one). */
  text: string;
  title: string;
}

const LIMITS = {
  fields: 300,
  forms: 50,
  scriptChars: 400_000,
  scriptsTotal: 1_500_000,
  scripts: 200,
  handlers: 300,
  handlerChars: 2_000,
  images: 200,
  buttons: 100,
  resources: 500,
  text: 200,
  value: 200,
  depth: 1500,
} as const;

const SKIP_TEXT = new Set(["script", "style", "noscript", "template", "svg", "textarea", "select", "head"]);

function hiddenByAttributes(attribs: Record<string, string>): boolean {
  if ("hidden" in attribs) return true;
  const style = attribs.style;
  return style !== undefined && /(?:display\s*:\s*none|visibility\s*:\s*hidden)/i.test(style);
}

function attr(attribs: Record<string, string>, key: string, max: number = LIMITS.text): string {
  const value = attribs[key];
  return value === undefined ? "" : truncate(cleanText(value), max);
}

/** Reads the page out of a capture (the final DOM; the request URL is the base when nothing loaded). */
export function readPage(capture: ScanCapture): PageView {
  const base = capture.finalUrl ?? capture.requestUrl;
  const html = typeof capture.html === "string" ? capture.html : "";
  const extras = extrasReader();
  const facts = extractPage(html, base, extras.listener);
  const view = emptyView(base, facts);
  extras.finish(facts.baseUrl, view);
  const captured = cleanText(capture.text ?? "");
  view.text = captured.length >= facts.text.length / 2 && captured.length > 0 ? captured : facts.text;
  view.title = readTitle(capture.title ?? "") || facts.title || "";
  return view;
}

/**
 * A title as the page means it: a title is raw text, so comment markup a kit writes into it to break its
 * brand's name apart ("T<!-- -->IM Mail") is taken out, as the markup's comments are everywhere else.
 */
function readTitle(title: string): string {
  return cleanText(title.replace(/<!--[\s\S]*?-->/g, ""));
}

/** A page view straight from markup (tests, saved pages). */
export function readHtml(html: string, url: string): PageView {
  const extras = extrasReader();
  const facts = extractPage(html, url, extras.listener);
  const view = emptyView(url, facts);
  extras.finish(facts.baseUrl, view);
  view.text = facts.text;
  view.title = readTitle(facts.title ?? "");
  return view;
}

function emptyView(url: string, facts: ExtractedPage): PageView {
  return {
    url,
    facts,
    fields: [],
    forms: [],
    scripts: [],
    handlers: [],
    images: [],
    buttons: [],
    resources: [],
    text: "",
    title: "",
  };
}

type Extras = Pick<PageView, "fields" | "forms" | "scripts" | "handlers" | "images" | "buttons">;

/**
 * The scan agents' fields, read while the shared extractor parses the page. URLs are resolved against the
 * document's final base URL (after any <base href>), which is known only once the parse is done: forms,
 * images and resources keep what the markup wrote until `finish`. Broken markup keeps what was read.
 */
function extrasReader(): {
  listener: HtmlListener;
  finish(base: string, view: PageView): void;
} {
  const out: Extras = { fields: [], forms: [], scripts: [], handlers: [], images: [], buttons: [] };
  /** Resources as written, in document order; resolved (and capped) by `finish`. */
  const resources: string[] = [];
  const formActions: string[] = [];
  const imageSources: Array<string | undefined> = [];
  const stack: Array<{ name: string; hides: boolean }> = [];
  let hidden = 0;
  let formIndex = -1;
  let scriptParts: string[] | null = null;
  let scriptLength = 0;
  let scriptsTotal = 0;
  let lastText = "";
  const labelsFor = new Map<string, string>();
  const openLabels: Array<{ parts: string[]; fields: PageField[]; forId: string }> = [];
  let button: string[] | null = null;
  let imageIndex = 0;
  let mainSeen = false;
  let broken = false;

  const resource = (value: string | undefined) => {
    if (!value) return;
    const trimmed = value.trim();
    if (/^(?:data|javascript|blob|about):/i.test(trimmed)) return;
    resources.push(trimmed);
  };

  const onopentag = (name: string, attribs: Record<string, string>): void => {
    // The extractor stops the parse at this depth (htmlparser2 keeps its stack with unshift: pathological
    // nesting would cost quadratic time); the element it stops at is not read.
    if (stack.length >= LIMITS.depth) return;
    const hides = SKIP_TEXT.has(name) || hiddenByAttributes(attribs);
    stack.push({ name, hides });
    if (hides) hidden++;
    for (const [key, value] of Object.entries(attribs)) {
      if (key.startsWith("on") && key.length > 3 && out.handlers.length < LIMITS.handlers)
        out.handlers.push(`${key}=${truncate(value, LIMITS.handlerChars)}`);
    }
    if (name === "h1" || name === "h2" || name === "form" || name === "input") mainSeen = true;
    switch (name) {
      case "form": {
        if (out.forms.length < LIMITS.forms) {
          const raw = attribs.action?.trim() ?? "";
          out.forms.push({
            rawAction: raw === "" ? null : truncate(raw, 300),
            action: null,
            method: (attribs.method ?? "get").trim().toLowerCase() || "get",
            onsubmit: attr(attribs, "onsubmit", LIMITS.handlerChars),
            visible: hidden === 0,
          });
          formActions.push(raw);
          formIndex = out.forms.length - 1;
        }
        break;
      }
      case "input":
      case "select":
      case "textarea": {
        if (out.fields.length >= LIMITS.fields) break;
        const type = name === "input" ? attr(attribs, "type").toLowerCase() || "text" : name;
        const max = Number(attribs.maxlength);
        const field: PageField = {
          tag: name,
          type,
          name: attr(attribs, "name"),
          id: attr(attribs, "id"),
          autocomplete: attr(attribs, "autocomplete").toLowerCase(),
          placeholder: attr(attribs, "placeholder") || attr(attribs, "aria-label") || attr(attribs, "title"),
          label: "",
          before: lastText,
          inputmode: attr(attribs, "inputmode").toLowerCase(),
          maxlength: Number.isFinite(max) && max > 0 ? max : null,
          value: type === "hidden" ? attr(attribs, "value", LIMITS.value) : "",
          form: formIndex,
          visible: hidden === 0 && type !== "hidden",
        };
        out.fields.push(field);
        for (const label of openLabels) label.fields.push(field);
        if (type === "submit" || type === "button") {
          const caption = attr(attribs, "value");
          if (caption && out.buttons.length < LIMITS.buttons) out.buttons.push(caption);
        }
        break;
      }
      case "label":
        openLabels.push({ parts: [], fields: [], forId: attribs.for ?? "" });
        break;
      case "button":
        button = [];
        break;
      case "script": {
        if (attribs.src !== undefined) resource(attribs.src);
        const type = (attribs.type ?? "").trim().toLowerCase();
        const js = type === "" || type === "module" || /(?:java|ecma)script/.test(type);
        scriptParts = js && attribs.src === undefined ? [] : null;
        scriptLength = 0;
        break;
      }
      case "link": {
        const rel = (attribs.rel ?? "").toLowerCase();
        if (/stylesheet|icon/.test(rel)) resource(attribs.href);
        break;
      }
      case "img":
      case "svg": {
        if (out.images.length < LIMITS.images) {
          const src = name === "img" ? (attribs.src ?? attribs["data-src"]) : undefined;
          if (src) resource(src);
          out.images.push({
            src: null,
            alt: attr(attribs, "alt") || attr(attribs, "aria-label") || attr(attribs, "title"),
            index: imageIndex++,
            early: !mainSeen,
          });
          imageSources.push(src);
        }
        break;
      }
    }
  };

  const ontext = (data: string): void => {
    if (scriptParts !== null) {
      if (scriptLength < LIMITS.scriptChars && scriptsTotal < LIMITS.scriptsTotal) {
        scriptParts.push(data);
        scriptLength += data.length;
        scriptsTotal += data.length;
      }
      return;
    }
    if (hidden > 0) return;
    const text = cleanText(data);
    if (text.length === 0) return;
    lastText = truncate(text, LIMITS.text);
    for (const label of openLabels) label.parts.push(text);
    button?.push(text);
  };

  const onclosetag = (name: string): void => {
    const open = stack.pop();
    if (open?.hides) hidden = Math.max(0, hidden - 1);
    switch (name) {
      case "form":
        formIndex = -1;
        break;
      case "label": {
        const label = openLabels.pop();
        if (!label) break;
        const text = truncate(cleanText(label.parts.join(" ")), LIMITS.text);
        if (label.forId) labelsFor.set(label.forId, text);
        for (const field of label.fields) if (!field.label) field.label = text;
        break;
      }
      case "button":
        if (button && out.buttons.length < LIMITS.buttons) {
          const text = truncate(cleanText(button.join(" ")), LIMITS.text);
          if (text) out.buttons.push(text);
        }
        button = null;
        break;
      case "script":
        if (scriptParts !== null && scriptParts.length > 0 && out.scripts.length < LIMITS.scripts)
          out.scripts.push(scriptParts.join(""));
        scriptParts = null;
        break;
    }
  };

  /** Runs one event unless reading broke off; a failure keeps what was read (broken markup). */
  const guarded =
    <A extends unknown[]>(read: (...args: A) => void) =>
    (...args: A): void => {
      if (broken) return;
      try {
        read(...args);
      } catch {
        broken = true;
      }
    };

  return {
    listener: {
      onopentag: guarded(onopentag),
      ontext: guarded(ontext),
      onclosetag: guarded(onclosetag),
      onfail() {
        broken = true;
      },
    },
    finish(base, view) {
      out.forms.forEach((form, i) => {
        const raw = formActions[i] ?? "";
        form.action =
          raw === ""
            ? null
            : /^(?:mailto|javascript):/i.test(raw)
              ? truncate(raw, 300)
              : (resolveUrl(raw, base) ?? truncate(raw, 300));
      });
      out.images.forEach((image, i) => {
        const src = imageSources[i];
        image.src = src ? resolveUrl(src.trim(), base) : null;
      });
      for (const written of resources) {
        if (view.resources.length >= LIMITS.resources) break;
        const url = resolveUrl(written, base);
        if (url) view.resources.push(url);
      }
      if (!broken) {
        for (const field of out.fields) {
          if (!field.label && field.id) field.label = labelsFor.get(field.id) ?? "";
        }
      }
      Object.assign(view, out);
    },
  };
}
