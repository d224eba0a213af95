import { AGENTS, type FindingDefinition, type FindingEntry } from "./types.js";

function vis<Code extends `VIS-${string}`>(code: Code, entry: FindingEntry): FindingDefinition<Code> {
  return { code, area: "VIS", agent: AGENTS.vision, ...entry };
}

/**
 * Findings of the URL-scan vision agent (src/engines/scan/vision): brand marks and names seen in the
 * screenshot and favicon (001–009), what the screenshot asks of the visitor (010–019) and the agent itself
 * (090–099). docs/scan-vision.md explains when each fires; its findings table is written from `when` and
 * `severityNote` (npm run docs:findings). None is reported on a brand's own domains.
 */
export const VISION_FINDINGS = [
  vis("VIS-001", {
    severity: "Medium",
    title: "Brand logo shown on a site outside the brand's domains",
    meaning:
      "The screenshot shows a brand's mark (matched against the shipped simple-icons marks in the brand's colours, or in black, white or grey) as the page's own logo — prominent, not a row of partner or payment marks, not a \"Sign in with …\" button — while the page is not on one of that brand's domains. The classic look of a brand-impersonation page. Severity follows what the page asks: High when it looks like a sign-in or verification page (OCR prompts or a password field), Medium with another form to fill in, Low with none (an article about the brand shows its logo too) and on popular (Tranco-listed) domains.",
    when: "a brand mark claimed as the page's logo, on a site outside that brand's domains",
    severityNote:
      "**High** if the page looks like a sign-in or verification page (OCR prompts or a visible password field), **Medium** with another form to fill in, **Low** with none (an article about the brand shows its logo too) and on Tranco-listed domains",
  }),
  vis("VIS-002", {
    severity: "Medium",
    title: "Brand favicon on a site outside the brand's domains",
    meaning:
      "The page's favicon is a brand's mark (shape, colours and perceptual hash agree) but the page is not on one of that brand's domains. Sites do not borrow another company's favicon; imitation pages copy it so the browser tab looks right. High when the page also looks like a sign-in or verification page; Low on popular (Tranco-listed) domains.",
    when: "the favicon is a brand's mark, on a site outside that brand's domains",
    severityNote: "High with sign-in context, Low on Tranco-listed domains",
  }),
  vis("VIS-003", {
    severity: "Medium",
    title: "Brand name shown only in an image",
    meaning:
      "OCR reads a brand's name in the screenshot, but the page's HTML (visible text, title, alt and other attributes, source) never spells it, and the page is not on that brand's domains: the name is drawn in an image, a canvas or with look-alike characters, which hides it from text-based analysis. Reported on pages that look like a sign-in or verification page (OCR prompts or a password field), so High as a rule.",
    when: "OCR reads a distinctive brand name that the HTML never spells (text, title, attributes, source), on a page with sign-in context",
    severityNote: "High (Low on Tranco-listed domains)",
  }),
  vis("VIS-010", {
    severity: "Informational",
    title: "Screenshot looks like a sign-in or verification page",
    meaning:
      'OCR reads sign-in or verification prompts in the screenshot ("password", "sign in", "verify your identity", "seed phrase", "card number", …). Context for the other findings: a sign-in page is normal on its own.',
    when: "OCR reads sign-in or verification prompts (one of *password, seed phrase, private key, card number, security code, verify your identity…* or a generic document or mailbox lure of CON-023 such as *to read the document, verify your email account, mailbox full* that its sentence does not negate, or two of *sign in, log in, username, email or phone, forgot, verify…*)",
  }),
  vis("VIS-011", {
    severity: "Medium",
    title: "Sign-in prompts drawn as an image",
    meaning:
      "The page has a password field, and the screenshot shows sign-in or verification prompts that the page's HTML does not contain anywhere (not as text, placeholder, label or attribute): the form's words are part of an image, with input fields laid over it. Phishing kits do this to get past text-based detection.",
    when: 'the page has a visible password field and the screenshot shows prompts ("Password", "Sign in"…) that the HTML does not contain as text, label, placeholder or value: the form is drawn as an image',
  }),
  vis("VIS-090", {
    severity: "Informational",
    title: "Vision analysis incomplete",
    meaning:
      "Part of the vision analysis did not run: the screenshot or favicon could not be decoded, or OCR did not finish before the deadline. The other vision findings cover only what was analysed.",
    when: "part of the analysis did not run: OCR past the deadline or failed, screenshot undecodable",
  }),
] as const;
