import { escapeMarkup } from "../../../util/markup.js";
import type { FrameExpressions, FrameReading } from "../../browser/frames.js";
import type { CapturedForm } from "./types.js";

export interface SnapshotLimits {
  htmlChars: number;
  textChars: number;
  forms: number;
  inputsPerForm: number;
  icons: number;
}

export const DEFAULT_SNAPSHOT_LIMITS: Readonly<SnapshotLimits> = Object.freeze({
  htmlChars: 2 * 1024 * 1024,
  textChars: 200_000,
  forms: 20,
  inputsPerForm: 50,
  icons: 10,
});

export interface DomSnapshot {
  url: string;
  title: string;
  /** The `lang` attribute of the root element. */
  lang: string | null;
  html: string;
  htmlLength: number;
  text: string;
  textLength: number;
  forms: CapturedForm[];
  icons: Array<{ href: string; rel: string; type: string | null; sizes: string | null }>;
  /** The document's full height and width in CSS pixels. */
  height: number;
  width: number;
}

/**
 * Runs in the page (an isolated world of the main frame, or a child frame): reads attributes rather than
 * properties a form control could shadow (`form.action` is an input named "action"), resolves URLs against
 * the document's base, and caps everything. Plain JavaScript, serialized as is.
 */
const SNAPSHOT_SOURCE = `(limits) => {
  const cap = (value, max) => (typeof value === "string" ? value.slice(0, max) : null);
  const visible = (el) => {
    try {
      if (typeof el.checkVisibility === "function" &&
          !el.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true })) return false;
      const r = el.getBoundingClientRect();
      if (r.width < 2 || r.height < 2) return false;
      return r.right + window.scrollX > 0 && r.bottom + window.scrollY > 0;
    } catch (e) { return false; }
  };
  const resolve = (raw) => {
    if (raw === null || raw.trim() === "") return location.href;
    try { return new URL(raw.trim(), document.baseURI).href; } catch (e) { return raw.trim().slice(0, 2048); }
  };
  const describe = (el) => {
    const tag = el.tagName.toLowerCase();
    return {
      type: tag === "input" ? String(el.type || "text").toLowerCase() : tag,
      name: cap(el.getAttribute("name"), 200),
      autocomplete: cap(el.getAttribute("autocomplete"), 100),
      placeholder: cap(el.getAttribute("placeholder"), 200),
      visible: visible(el),
    };
  };
  const controls = Array.from(document.querySelectorAll("input, select, textarea"));
  const byForm = new Map();
  const loose = [];
  for (const el of controls) {
    const form = el.form;
    if (form) {
      if (!byForm.has(form)) byForm.set(form, []);
      byForm.get(form).push(el);
    } else loose.push(el);
  }
  const forms = [];
  for (const form of Array.from(document.querySelectorAll("form")).slice(0, limits.forms)) {
    const inputs = (byForm.get(form) || []).slice(0, limits.inputsPerForm).map(describe);
    const method = String(form.getAttribute("method") || "get").trim().toLowerCase();
    forms.push({
      action: resolve(form.getAttribute("action")),
      method: method === "post" || method === "dialog" ? method : "get",
      inputs,
      visible: visible(form) || inputs.some((i) => i.visible),
      formless: false,
    });
  }
  const credentialLike = loose.filter((el) =>
    el.tagName === "INPUT" && ["password", "email", "tel", "text", "number"].includes(String(el.type).toLowerCase()));
  if (credentialLike.some((el) => el.type === "password" || el.type === "email") && forms.length < limits.forms + 1) {
    const inputs = credentialLike.slice(0, limits.inputsPerForm).map(describe);
    forms.push({ action: null, method: "none", inputs, visible: inputs.some((i) => i.visible), formless: true });
  }
  if (limits.mode === "forms") return { forms };
  const text = document.body ? document.body.innerText || "" : "";
  if (limits.mode === "frame") {
    const body = document.body ? document.body.innerHTML : "";
    return { forms, text: text.slice(0, limits.textChars), html: body.slice(0, limits.htmlChars) };
  }
  const root = document.documentElement;
  const doctype = document.doctype ? new XMLSerializer().serializeToString(document.doctype) : "";
  const html = root ? doctype + root.outerHTML : "";
  const icons = Array.from(document.querySelectorAll("link[rel]"))
    .filter((link) => /(^|\\s)(icon|apple-touch-icon|apple-touch-icon-precomposed)(\\s|$)/i.test(link.getAttribute("rel") || ""))
    .slice(0, limits.icons)
    .map((link) => ({
      href: cap(link.href, 8192),
      rel: cap((link.getAttribute("rel") || "").toLowerCase(), 100),
      type: cap(link.getAttribute("type"), 100),
      sizes: cap(link.getAttribute("sizes"), 100),
    }));
  return {
    url: location.href,
    title: cap(document.title, 2000) || "",
    lang: root ? cap(root.getAttribute("lang"), 35) : null,
    html: html.length > limits.htmlChars ? html.slice(0, limits.htmlChars) : html,
    htmlLength: html.length,
    text: text.length > limits.textChars ? text.slice(0, limits.textChars) : text,
    textLength: text.length,
    forms,
    icons,
    height: Math.max(root ? root.scrollHeight : 0, document.body ? document.body.scrollHeight : 0),
    width: Math.max(root ? root.scrollWidth : 0, document.body ? document.body.scrollWidth : 0),
  };
}`;

const expression = (limits: SnapshotLimits, mode: "document" | "forms" | "frame"): string =>
  `(${SNAPSHOT_SOURCE})(${JSON.stringify({ ...limits, mode })})`;

/** The expression that reads the whole document. */
export function snapshotExpression(limits: SnapshotLimits = DEFAULT_SNAPSHOT_LIMITS): string {
  return expression(limits, "document");
}

/**
 * What is read in child frames (`readChildFrames`): a network frame's forms; the forms and text of a frame
 * the page wrote itself.
 */
export function frameExpressions(limits: SnapshotLimits = DEFAULT_SNAPSHOT_LIMITS): FrameExpressions {
  return { network: expression(limits, "forms"), inline: expression(limits, "frame") };
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null;
const text = (value: unknown, max: number): string => (typeof value === "string" ? value.slice(0, max) : "");
const textOrNull = (value: unknown, max: number): string | null =>
  typeof value === "string" ? value.slice(0, max) : null;
const count = (value: unknown): number =>
  typeof value === "number" && Number.isFinite(value) && value >= 0 ? Math.round(value) : 0;
const list = (value: unknown, max: number): unknown[] => (Array.isArray(value) ? value.slice(0, max) : []);

/**
 * Reads what the page script returned, trusting nothing: a child frame's forms come from that frame's own
 * JavaScript world, which the page controls.
 */
export function readForms(
  value: unknown,
  frameUrl: string | null,
  limits = DEFAULT_SNAPSHOT_LIMITS,
): CapturedForm[] {
  return list(value, limits.forms + 1)
    .filter(isObject)
    .map((form) => ({
      action: textOrNull(form.action, 4096),
      method: text(form.method, 10) || "get",
      inputs: list(form.inputs, limits.inputsPerForm)
        .filter(isObject)
        .map((input) => ({
          type: text(input.type, 40) || "text",
          name: textOrNull(input.name, 200),
          autocomplete: textOrNull(input.autocomplete, 100),
          placeholder: textOrNull(input.placeholder, 200),
          visible: input.visible === true,
        })),
      visible: form.visible === true,
      frameUrl,
      formless: form.formless === true,
    }));
}

export function readSnapshot(value: unknown, limits = DEFAULT_SNAPSHOT_LIMITS): DomSnapshot | null {
  if (!isObject(value)) return null;
  return {
    url: text(value.url, 8192),
    title: text(value.title, 2000),
    lang: textOrNull(value.lang, 35),
    html: text(value.html, limits.htmlChars),
    htmlLength: count(value.htmlLength),
    text: text(value.text, limits.textChars),
    textLength: count(value.textLength),
    forms: readForms(value.forms, null, limits),
    icons: list(value.icons, limits.icons)
      .filter(isObject)
      .map((icon) => ({
        href: text(icon.href, 8192),
        rel: text(icon.rel, 100),
        type: textOrNull(icon.type, 100),
        sizes: textOrNull(icon.sizes, 100),
      }))
      .filter((icon) => icon.href !== ""),
    height: count(value.height),
    width: count(value.width),
  };
}

/**
 * The document with what its child frames show. Every frame's forms join the document's, marked with the
 * frame's address. A frame the page wrote itself (srcdoc, about:blank, data:) is the page's own content in
 * a box, which the visitor reads as the page: its text follows the document's, and its body's markup is
 * placed at the end of the document's body in a `<div data-frame="about:srcdoc">`, so that everything read
 * from the markup (fields, headings, images, buttons) reads it too. All within the snapshot's limits.
 */
export function withFrames(
  snapshot: DomSnapshot,
  readings: FrameReading[],
  limits = DEFAULT_SNAPSHOT_LIMITS,
): DomSnapshot {
  if (readings.length === 0) return snapshot;
  const forms = [...snapshot.forms];
  let shownText = snapshot.text;
  let textLength = snapshot.textLength;
  let html = snapshot.html;
  let htmlLength = snapshot.htmlLength;
  for (const reading of readings) {
    const value = isObject(reading.value) ? reading.value : {};
    forms.push(...readForms(value.forms, reading.url, limits));
    if (!reading.inline) continue;
    const frameText = text(value.text, limits.textChars).trim();
    if (frameText !== "") {
      textLength += frameText.length + 1;
      shownText = `${shownText}\n${frameText}`.slice(0, limits.textChars);
    }
    const frameHtml = text(value.html, limits.htmlChars);
    if (frameHtml.trim() === "") continue;
    const framed = `<div data-frame="${escapeMarkup(reading.url)}">${frameHtml}</div>`;
    const close = html.toLowerCase().lastIndexOf("</body>");
    html = close < 0 ? html + framed : html.slice(0, close) + framed + html.slice(close);
    htmlLength += framed.length;
  }
  return {
    ...snapshot,
    forms,
    text: shownText,
    textLength,
    html: html.slice(0, limits.htmlChars),
    htmlLength,
  };
}
