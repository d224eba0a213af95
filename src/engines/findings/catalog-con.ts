import { AGENTS, type FindingDefinition, type FindingEntry } from "./types.js";

function con<Code extends `CON-${string}`>(code: Code, entry: FindingEntry): FindingDefinition<Code> {
  return { code, area: "CON", agent: AGENTS.content, ...entry };
}

/**
 * Findings of the URL scan's content-analysis agent (`CON-NNN`): what the page asks for (001–009), where
 * its forms deliver (010–019), which brand it presents itself as (020–029), its scripts and frames
 * (030–039), its wording (040–049), fake-shop signals (050–059), crypto-wallet lures (060–069) and the
 * kind of page (070–079). docs/findings-con.md explains when each fires; its table is written from `when`
 * and `severityNote` (npm run docs:findings).
 */
export const CONTENT_FINDINGS = [
  con("CON-001", {
    severity: "Low",
    title: "Page asks for a password",
    meaning:
      "A password field (type=password, or a field named or labelled as one). Normal on a site's own sign-in page; evidence of phishing only together with other findings.",
    when: "A password field (by type, name, caption, or disguised caption).",
  }),
  con("CON-002", {
    severity: "Low",
    title: "Page asks for payment card details",
    meaning:
      "Fields for a card number, security code (CVV/CVC) or expiry date, recognized by autocomplete tokens (cc-number, cc-csc, cc-exp), names and labels. Normal at a shop's checkout (Low); Medium beside a password or identity secrets, or on a free hosting platform or an IP address.",
    when: "Card number or code fields. Medium beside a password (not on the owner's own page: a page that names itself after its host, in its title, site name, copyright or wordmark, and claims no brand is signing up for a trial or a paid plan), beside identity secrets, or on a free hosting platform or an IP address — except a shop's own checkout on a hosted-commerce platform (`myshopify.com`, `mybigcommerce.com`, `square.site`, `company.site`, `ecwid.com`: card fields only, submitted to the shop itself), where the platform takes the payment.",
  }),
  con("CON-003", {
    severity: "Low",
    title: "Page asks for identity or banking secrets",
    meaning:
      "Fields for a card PIN, a social security or tax number, or security answers. Alone they are normal somewhere (an application form, a portal PIN): Low. High when a card PIN comes with card fields, an SSN with a password or card, or on a free hosting platform or an IP address — data no legitimate form combines.",
    when: "PIN or SSN/security-answer fields. High with a card PIN next to card fields, an SSN with a password or card, or on a free hosting platform or an IP address (not on the owner's own page on a user site named like it, see CON-013).",
  }),
  con("CON-004", {
    severity: "Low",
    title: "Page asks for a one-time code",
    meaning:
      "A field for an SMS, e-mail or authenticator code. Real sites ask for it after a sign-in; phishing kits relay it to take over the account in real time.",
    when: "An OTP/2FA/verification-code field.",
  }),
  con("CON-005", {
    severity: "Critical",
    title: "Page asks for a wallet recovery phrase or private key",
    meaning:
      "A field for a 12/24-word recovery (seed) phrase, a private key or a keystore file. Whoever has it owns the wallet; no legitimate service asks for it on a web page.",
    when: "A seed-phrase field or grid, or seed-phrase wording as a prompt on a page with a text entry: in the title, a heading, a block of at most 160 characters, a button or a field's own caption (a tutorial's paragraph naming the recovery phrase above its comment box asks for nothing).",
  }),
  con("CON-010", {
    severity: "Low",
    title: "Form sends personal data to another domain",
    meaning:
      "A form with personal fields (e-mail, phone, name, address) submits to a registrable domain other than the page's. Common for newsletter and form services; forms asking for secrets are NET-030.",
    when: "A form with e-mail, phone, name or address fields and no secrets posts to another site (not a known collector).",
  }),
  con("CON-011", {
    severity: "High",
    title: "Form data delivered by e-mail, chat bot or collection service",
    meaning:
      "A form or a script hands what is typed to a mailto: address, a chat-bot API (api.telegram.org), a Discord webhook or a form/request collection service (formsubmit, formspree, webhook.site…). Critical when the form asks for a password, card or other secret; Low for a plain contact form using a form service.",
    when: "A form action is `mailto:`, api.telegram.org, a Discord webhook, a request collector, a tunnel, a hosted form back-end (formsubmit, formspree, getform, web3forms, Google Forms, Apps Script, sheet APIs, Weebly's form handler), or an action-less form on a site builder that collects submissions (Webflow); or an inline script (also decoded) names such an endpoint, EmailJS or SmtpJS. Critical when secrets go there; High for a script sending to a bot, webhook, mail relay or tunnel; Medium for a plain form under a brand claim or pressure; Low for a contact form on a form service.",
  }),
  con("CON-012", {
    severity: "Medium",
    title: "Sign-in form without a real destination",
    meaning:
      "A password form with no action, an empty or '#' action, or a JavaScript action, while a script on the page posts the typed values elsewhere or to a PHP script: the usual shape of a phishing kit.",
    when: "A secret-asking form has no action, `#` or `javascript:`, and a script posts (XHR, fetch, jQuery, axios) to a `.php` URL or another site.",
  }),
  con("CON-013", {
    severity: "Low",
    title: "Sign-in form on a throwaway host",
    meaning:
      "A form asking for a password, card or other secret on a user's site of a platform where anyone can publish (free hosting, site builders, dynamic DNS, IPFS gateways), on a host given as an IP address, or on a domain whose name shows it was made to be thrown away (an abused top-level domain, a machine-generated name, lure words, a name the learned model flags, registered in the last 30 days). Real services sign people in on their own domains. Low for a bare form (demos); Medium with a brand claimed, pressure, a generic lure, a prefilled address, obfuscation or an exfiltration endpoint (on a platform or an IP, a brand merely named counts too).",
    when: "Secrets asked on a user's site of a free hosting, site-builder, dynamic-DNS or IPFS platform, on an IP host (not a hosted-commerce shop's own card checkout, see CON-002), or on a domain with host evidence of its own (an abused TLD, a machine-generated name, a name the learned model flags, registered ≤ 30 days ago: `agents/host-evidence.ts`; lure words in the name do not count). Not on an address of the visitor's own network (a router's admin page). Medium with a brand claimed, pressure, a generic lure, a prefilled e-mail, obfuscation or an exfiltration endpoint; on a platform or an IP a brand merely named on the page counts too, unless it is named only as a way to sign in (\"Continue with Google\", \"Googleアカウントでログイン\": every block naming it is short and holds a sign-in verb). On the owner's own page (it calls itself by its host's name, a name of its own rather than lure words, and claims no brand: TaskNest on `tasknest-dashboard.vercel.app`) other brands named on it are no lure, and on a platform user site it does not count at Low as the page's agreement with a name reading (NET-210/NET-227).",
  }),
  con("CON-014", {
    severity: "High",
    title: "Password field with a disguised caption",
    meaning:
      "The field asking for the password is captioned with look-alike spelling (`PASSW0RD`, `Passvvord`, `Pass****rd`) in a plain text input: written so that scanners reading the page's text miss it. Legitimate sign-in pages have no reason to.",
    when: 'A visible non-password field is captioned with a look-alike spelling of "password".',
  }),
  con("CON-020", {
    severity: "Medium",
    title: "Page presents itself as a brand on a domain the brand does not use",
    meaning:
      "The page names a brand from the brand table as itself — in the title, site name, copyright line, logo text or wordmark, or in its form labels, or in a look-alike of its name in the address — while the domain does not belong to that brand. Low when only the title says so, Medium from two places, High from three; raised one step on a free hosting platform or an IP address and when the page pressures the visitor.",
    when: 'A claim (above), at most two brands. Low from one place, Medium from one of copyright/site name/form or from two places, High from three; one step higher on a throwaway host (any host evidence, as for CON-013), one step higher when the page uses pressure wording, and one step higher when the page shows nothing but the claim (no form, under 200 characters of text, or an empty page). See "Claims against ownership" in [scan-analysis](scan-analysis.md).',
  }),
  con("CON-021", {
    severity: "Critical",
    title: "Sign-in page for a brand on a domain the brand does not use",
    meaning:
      "The page asks for a password, card or other secret under a brand's name (from the page content, its logo or favicon, or the URL) on a domain that brand does not own: the brand offers no sign-in there, so the credentials go to someone else.",
    when: "Secrets (other than a seed phrase) are asked under a claimed brand, the brand the URL imitates (static finding Medium or above), or a logo or favicon the vision agent matched (score ≥ 0.6, added by the pipeline after the vision agent).",
  }),
  con("CON-022", {
    severity: "Informational",
    title: "Brands named on the page",
    meaning:
      "Brands from the brand table named in the visible text without the page presenting itself as them (payment options, sign-in-with buttons, articles).",
    when: "Brands of the table named in the text but not claimed (payment options, articles).",
  }),
  con("CON-023", {
    severity: "Medium",
    title: "Generic account or document sign-in lure",
    meaning:
      "A password form under wording about a mailbox, webmail, an e-mail account or a shared document to 'view', without a brand of its own: the shape of generic credential-harvesting pages.",
    when: 'A password form without a brand claim, under a generic-lure phrase ("view the shared document", "mailbox full", "password expires", "incorrect password, try again"…; not when the phrase\'s own sentence negates it: "we will never ask you to confirm your email password"), or under mailbox nouns (`webmail`, `mailbox`) together with a prefilled e-mail, pressure or a throwaway host, or with a hidden field holding an e-mail address.',
  }),
  con("CON-024", {
    severity: "Medium",
    title: "Page copies the brand's own site",
    meaning:
      "The page that presents itself as a brand links to or loads many of its resources from that brand's official domains: a cloned page served from elsewhere.",
    when: "The claimed brand's official domains receive at least 3 and at least a quarter of the page's off-site links, resources and form targets.",
  }),
  con("CON-025", {
    severity: "Medium",
    title: "Page reproduces another site's content",
    meaning:
      "The page gives a known site's address as its own (canonical link or og:url) and keeps linking to that site, but is served from a host that is not that site's, nor a cache, archive or translator: a mirror or clone of the site, whatever its purpose (a proxy decoy, a copied kit).",
    when: "The page's `<link rel=canonical>` or `og:url` is on another registrable domain that the product knows (the shipped Tranco top 10k or a brand's domain in the brand table), not one of the same brand's domains and not a cache, archive or translator (AMP cache, archive.org, archive.today, Google cache, translate.goog), and at least 3 of the page's links, resources and form targets are on that domain; the host is not itself well known (ranked, a brand's or a bank's), and the page does not name its own site (a syndication partner names itself). Details: \"content of <site> served from <host>\".",
  }),
  con("CON-030", {
    severity: "Medium",
    title: "Obfuscated script",
    meaning:
      "An inline script hides its code: eval of decoded strings (atob, unescape, String.fromCharCode runs), document.write(unescape(...)), packer output, obfuscator-style identifiers. High when the decoded code itself carries phishing or drainer logic.",
    when: "Inline `eval` of `atob`/`unescape`/`fromCharCode`, `document.write(unescape(…))`, packer output, `Function` on decoded code, nested `atob` (Medium); long `fromCharCode` runs, obfuscator-style `_0x` identifiers, long escaped strings (Low). High when the decoded literals carry forms, passwords, location changes, wallet calls or exfiltration endpoints.",
  }),
  con("CON-031", {
    severity: "Low",
    title: "Large encoded blob in a script",
    meaning:
      "A script carries a long base64 or hex string (several kilobytes, not an image or font), the way kits smuggle a page or payload past scanners.",
    when: "A base64 literal of 4,000+ characters (not a data: image or font) or a hex literal of 4,000+ digits.",
  }),
  con("CON-032", {
    severity: "Medium",
    title: "Hidden frame from another site",
    meaning:
      "An iframe of zero or one pixel, or hidden by style, loads a page from another registrable domain. Known analytics frames (tag managers) are ignored.",
    when: "A 0/1-pixel or style-hidden iframe from another site, except tag managers, ad/analytics pixels, captchas and payment widgets.",
  }),
  con("CON-033", {
    severity: "Medium",
    title: "Anti-analysis tricks",
    meaning:
      "Scripts that detect developer tools, loop on `debugger`, check for bots, crawlers or headless browsers, or block right-click and view-source: a page that hides from inspection. Low when only right-click or keyboard shortcuts are blocked.",
    when: "Developer-tools detection, `debugger` traps, bot/headless checks on the user agent or `navigator.webdriver`, visitor-filtering kits (killbot, antibot). Low when only right-click or view-source shortcuts are blocked.",
  }),
  con("CON-034", {
    severity: "Medium",
    title: "Content shown only to phones",
    meaning:
      "The page showed a desktop browser nothing to type into and little to read, while its own scripts test for a phone (user agent, screen width, touch); shown to a phone, it showed a form or its real content. SMS phishing kits hide this way from the desktops analysts and crawlers use. The scan's report, screenshot and findings describe the phone's view.",
    when: "The capture was taken again as a phone (`shownTo: phone`) and the phone was shown more. Medium when the phone's view asks for a secret (password, code, card, identity number), Low otherwise.",
  }),
  con("CON-035", {
    severity: "Medium",
    title: "Form served from a site's file directory",
    meaning:
      "The page asks for a secret from a directory where a site keeps files, not pages: a WordPress site's plugin, theme, upload or core folders (`/wp-content/`, `/wp-includes/`, `/wp-admin/css|js|images|includes/`) or `/.well-known/`. Kits uploaded to a compromised site live there; the site's own sign-in and checkout pages never do.",
    when: "The page's address (after redirects) is under one of those directories and the page asks for a password, card, identity number, one-time code or wallet secret.",
  }),
  con("CON-040", {
    severity: "Low",
    title: "Urgency or threat language",
    meaning:
      "Wording that pressures the visitor: an account locked, limited or suspended, a deadline in hours, unauthorized payments, 'verify your identity'. Recognized in English, German, French, Spanish, Italian, Portuguese and Dutch. Medium with several distinct pressures.",
    when: 'Phrases of account restriction, deadlines, "verify your…", unusual activity, consequences, policy violations, payment due — English, German, French, Spanish, Italian, Portuguese, Dutch. Medium with two or more kinds on a page asking for secrets or claiming a brand.',
  }),
  con("CON-041", {
    severity: "Low",
    title: "Reward or prize language",
    meaning: "Wording that promises a prize, a gift, a refund or free tokens to claim.",
    when: "Congratulations, prizes, airdrops, refunds to claim.",
  }),
  con("CON-042", {
    severity: "High",
    title: "Fake game-currency or follower generator",
    meaning:
      "A page offering free game currency, gift cards or followers ('Robux generator', 'free V-Bucks') behind a 'human verification' offer wall: the visitor fills in surveys or installs apps for the scammer, and nothing is ever generated. Medium when the page only shows a field for the player's name or ID, or amounts to pick.",
    when: 'Free game currency, gift cards or followers ("Robux generator", "free V-Bucks", "gerador de diamantes") behind a "human verification" / "complete an offer" step: High. Medium with only a field for the player\'s name or ID, or two or more amounts to pick. Nothing on a page that warns about such generators ("… are scams", "beware").',
    severityNote: "Medium",
  }),
  con("CON-043", {
    severity: "High",
    title: "Fake giveaway",
    meaning:
      "A giveaway that asks for something first: send coins to receive twice as many back, or pay the 'shipping' of a prize (High with card fields; Medium with the wording alone). Sweepstakes that state their official rules and that no purchase is necessary are not this.",
    when: '"Send 0.1 BTC, receive 0.2 BTC back", "double your ETH" (High), or a prize ("you have won", "claim your iPhone") whose winner must pay shipping or handling — High with card fields, Medium with the wording alone. Not for sweepstakes stating "no purchase necessary" or their official rules.',
    severityNote: "Medium",
  }),
  con("CON-044", {
    severity: "High",
    title: "Fake security alert with a support number",
    meaning:
      "A page saying the visitor's computer is infected or locked and giving a number to call: the tech-support scam, whose 'technicians' take remote control and payment. Medium when the page has no number but holds the window (full screen, leave prompts) under 'do not close or restart'.",
    when: 'The visitor\'s computer, device or browser "is infected / locked / blocked", a virus "detected", an error code — with a number to call in the same block or a `tel:` link (High), in English, French, German, Spanish, Italian, Portuguese, Dutch, Turkish, Japanese and Korean. Medium without a number when the page says "do not close or restart" and its scripts hold the window (full screen, leave prompts, keyboard lock).',
    severityNote: "Medium",
  }),
  con("CON-045", {
    severity: "Medium",
    title: "Invitation or dating lure",
    meaning:
      "A messaging brand's group or channel invitation served from a site the brand does not own ('join the official group'), or a dating lure ('she sent you a photo', 'verify your age'). High when it asks for a phone number, code or password (joining a group needs none: they take the messaging account over) or for card details.",
    when: 'A messaging brand (WhatsApp, Telegram, Discord, Signal, Viber, LINE, Snapchat, Kakao) named on a site it does not own with "join the (official / private / VIP) group", "invites you to join" in several languages: Medium on a throwaway host, High when the page asks for a phone number, code or password (a group needs none of them: the messaging account is taken over). A dating lure ("she sent you a photo", "girls near you", "verify your age", "private photos"): Medium for two such phrases, High for three or with card fields.',
    severityNote: "High",
  }),
  con("CON-050", {
    severity: "Low",
    title: "Implausible discounts",
    meaning:
      "Prices cut by 70 % or more (`-90%`, `up to 85% off`, or was/now price pairs): the hallmark of fake shops selling goods they will never deliver. Low alone (clearance sales, coupon sites); Medium when three or more such cuts or one of 85 % or more appear on a selling page without legal or contact pages.",
    when: "Cuts of 70 % or more (stated or from was/now price pairs in one block). Medium for three or more, or one of 85 %+, on a selling page without legal or contact links.",
  }),
  con("CON-051", {
    severity: "Low",
    title: "Shop without contact or legal pages",
    meaning:
      "A page that sells (prices, cart, buy buttons) but links to no imprint, terms, privacy, returns or contact page.",
    when: "A selling page (two prices and buy/cart wording) with no imprint, terms, privacy, returns, shipping, FAQ, about or contact link.",
  }),
  con("CON-052", {
    severity: "Medium",
    title: "Payment only by crypto or bank transfer",
    meaning:
      "The shop names cryptocurrency or bank transfer as payment and no card, PayPal or other method with buyer protection.",
    when: "Crypto or transfer payment named and no card, PayPal or wallet-pay method.",
  }),
  con("CON-053", {
    severity: "Low",
    title: "Contact only through free-mail or messenger",
    meaning: "The only contact given is a free-mail address or a messenger number, not a company address.",
    when: "A selling page gives a free-mail address or a messenger number.",
  }),
  con("CON-054", {
    severity: "Low",
    title: "Countdown and scarcity pressure",
    meaning: "Countdown timers and 'only N left' stock claims that push visitors to buy or claim at once.",
    when: '"Only N left", countdowns, "selling fast".',
  }),
  con("CON-055", {
    severity: "High",
    title: "Fake web shop",
    meaning:
      "Several fake-shop signals together: implausible discounts with missing legal pages, a free-mail contact, crypto or transfer-only payment or scarcity pressure.",
    when: "Implausible discounts (three cuts of 70 %+ or one of 85 %+) with at least two of: no legal pages, free-mail/messenger contact, crypto/transfer-only payment, scarcity.",
  }),
  con("CON-060", {
    severity: "High",
    title: "Crypto wallet drainer",
    meaning:
      "A wallet-connect page whose scripts request accounts and token approvals (setApprovalForAll, permit, increaseAllowance, eth_sendTransaction) under an airdrop, claim or 'validate your wallet' lure: signing drains the wallet. Critical when the code is obfuscated.",
    when: "A connect prompt (button, link or short block) or wallet-connect code, with token-approval calls (`setApprovalForAll`, `permit`, `increaseAllowance`, `eth_sendTransaction`, `signTypedData`, `transferFrom`…, also in decoded code), under an airdrop/claim/validation lure or in obfuscated code. Critical when obfuscated.",
  }),
  con("CON-061", {
    severity: "Medium",
    title: "Wallet connection under an airdrop or claim lure",
    meaning:
      "'Connect wallet' prompts together with airdrop, claim, reward, whitelist or wallet 'validation/rectification' wording. Medium when something else backs it (a seed request, a brand claim, pressure wording, a throwaway host, data sent to a collector, approval calls, obfuscated code); Low alone, since every decentralized app shows a connect button.",
    when: 'A connect prompt with airdrop, "claim tokens", eligibility, wallet validation/sync/rectification wording, without visible approval calls. Medium only when something else on the page backs it (a seed request, a brand claim, pressure wording, a throwaway host, data sent to a collector, token-approval calls, obfuscated code); alone it is Low and cannot make a page Suspicious.',
    severityNote: "Low alone",
  }),
  con("CON-062", {
    severity: "Informational",
    title: "Wallet connection code",
    meaning:
      "The page can ask a browser wallet for accounts (window.ethereum, eth_requestAccounts, WalletConnect). Normal for legitimate decentralized apps.",
    when: "Wallet-connect code without a lure (legitimate dApps).",
  }),
  con("CON-070", {
    severity: "Low",
    title: "Page with no content",
    meaning:
      "The final page shows (almost) nothing: an empty document, a bare form handler or a placeholder — typical of credential drop points and of pages that hide from scanners.",
    when: "Almost no visible text and no form or frame, or a web server's default or directory page.",
  }),
  con("CON-071", {
    severity: "Informational",
    title: "Parked or for-sale page",
    meaning:
      "The page is a domain-parking or for-sale lander (related searches, 'this domain may be for sale').",
    when: 'Parking-lander wording ("this domain may be for sale", "related searches").',
  }),
  con("CON-072", {
    severity: "High",
    title: "Page replaced by a security warning or suspension notice",
    meaning:
      "The page is a hosting or CDN provider's interstitial saying the site was reported for phishing ('Suspected phishing site'), or a notice that the hosting account was suspended (Low): the provider has already acted on the site.",
    when: 'A provider\'s phishing interstitial ("Suspected phishing site"); Low for a hosting-account suspension notice.',
  }),
] as const;
