import { AGENTS, type FindingDefinition, type Severity } from "./types.js";

function con(code: string, severity: Severity, title: string, meaning: string): FindingDefinition {
  return { code: `CON-${code}`, area: "CON", agent: AGENTS.content, severity, title, meaning };
}

/**
 * Findings of the URL scan's content-analysis agent (`CON-NNN`): what the page asks for (001–009), where
 * its forms deliver (010–019), which brand it presents itself as (020–029), its scripts and frames
 * (030–039), its wording (040–049), fake-shop signals (050–059), crypto-wallet lures (060–069) and the
 * kind of page (070–079). docs/findings-con.md explains when each fires.
 */
export const CONTENT_FINDINGS: readonly FindingDefinition[] = [
  con(
    "001",
    "Low",
    "Page asks for a password",
    "A password field (type=password, or a field named or labelled as one). Normal on a site's own sign-in page; evidence of phishing only together with other findings.",
  ),
  con(
    "002",
    "Low",
    "Page asks for payment card details",
    "Fields for a card number, security code (CVV/CVC) or expiry date, recognized by autocomplete tokens (cc-number, cc-csc, cc-exp), names and labels. Normal at a shop's checkout (Low); Medium beside a password or identity secrets, or on a free hosting platform or an IP address.",
  ),
  con(
    "003",
    "Low",
    "Page asks for identity or banking secrets",
    "Fields for a card PIN, a social security or tax number, or security answers. Alone they are normal somewhere (an application form, a portal PIN): Low. High when a card PIN comes with card fields, an SSN with a password or card, or on a free hosting platform or an IP address — data no legitimate form combines.",
  ),
  con(
    "004",
    "Low",
    "Page asks for a one-time code",
    "A field for an SMS, e-mail or authenticator code. Real sites ask for it after a sign-in; phishing kits relay it to take over the account in real time.",
  ),
  con(
    "005",
    "Critical",
    "Page asks for a wallet recovery phrase or private key",
    "A field for a 12/24-word recovery (seed) phrase, a private key or a keystore file. Whoever has it owns the wallet; no legitimate service asks for it on a web page.",
  ),
  con(
    "010",
    "Low",
    "Form sends personal data to another domain",
    "A form with personal fields (e-mail, phone, name, address) submits to a registrable domain other than the page's. Common for newsletter and form services; forms asking for secrets are NET-030.",
  ),
  con(
    "011",
    "High",
    "Form data delivered by e-mail, chat bot or collection service",
    "A form or a script hands what is typed to a mailto: address, a chat-bot API (api.telegram.org), a Discord webhook or a form/request collection service (formsubmit, formspree, webhook.site…). Critical when the form asks for a password, card or other secret; Low for a plain contact form using a form service.",
  ),
  con(
    "012",
    "Medium",
    "Sign-in form without a real destination",
    "A password form with no action, an empty or '#' action, or a JavaScript action, while a script on the page posts the typed values elsewhere or to a PHP script: the usual shape of a phishing kit.",
  ),
  con(
    "013",
    "Low",
    "Sign-in form on a throwaway host",
    "A form asking for a password, card or other secret on a user's site of a platform where anyone can publish (free hosting, site builders, dynamic DNS, IPFS gateways), on a host given as an IP address, or on a domain whose name shows it was made to be thrown away (an abused top-level domain, a machine-generated name, lure words, a name the learned model flags, registered in the last 30 days). Real services sign people in on their own domains. Low for a bare form (demos); Medium with a brand claimed, pressure, a generic lure, a prefilled address, obfuscation or an exfiltration endpoint (on a platform or an IP, a brand merely named counts too).",
  ),
  con(
    "014",
    "High",
    "Password field with a disguised caption",
    "The field asking for the password is captioned with look-alike spelling (`PASSW0RD`, `Passvvord`, `Pass****rd`) in a plain text input: written so that scanners reading the page's text miss it. Legitimate sign-in pages have no reason to.",
  ),
  con(
    "020",
    "Medium",
    "Page presents itself as a brand on a domain the brand does not use",
    "The page names a brand from the brand table as itself — in the title, site name, copyright line, logo text or wordmark, or in its form labels, or in a look-alike of its name in the address — while the domain does not belong to that brand. Low when only the title says so, Medium from two places, High from three; raised one step on a free hosting platform or an IP address and when the page pressures the visitor.",
  ),
  con(
    "021",
    "Critical",
    "Sign-in page for a brand on a domain the brand does not use",
    "The page asks for a password, card or other secret under a brand's name (from the page content, its logo or favicon, or the URL) on a domain that brand does not own: the brand offers no sign-in there, so the credentials go to someone else.",
  ),
  con(
    "022",
    "Informational",
    "Brands named on the page",
    "Brands from the brand table named in the visible text without the page presenting itself as them (payment options, sign-in-with buttons, articles).",
  ),
  con(
    "023",
    "Medium",
    "Generic account or document sign-in lure",
    "A password form under wording about a mailbox, webmail, an e-mail account or a shared document to 'view', without a brand of its own: the shape of generic credential-harvesting pages.",
  ),
  con(
    "024",
    "Medium",
    "Page copies the brand's own site",
    "The page that presents itself as a brand links to or loads many of its resources from that brand's official domains: a cloned page served from elsewhere.",
  ),
  con(
    "025",
    "Medium",
    "Page reproduces another site's content",
    "The page gives a known site's address as its own (canonical link or og:url) and keeps linking to that site, but is served from a host that is not that site's, nor a cache, archive or translator: a mirror or clone of the site, whatever its purpose (a proxy decoy, a copied kit).",
  ),
  con(
    "030",
    "Medium",
    "Obfuscated script",
    "An inline script hides its code: eval of decoded strings (atob, unescape, String.fromCharCode runs), document.write(unescape(...)), packer output, obfuscator-style identifiers. High when the decoded code itself carries phishing or drainer logic.",
  ),
  con(
    "031",
    "Low",
    "Large encoded blob in a script",
    "A script carries a long base64 or hex string (several kilobytes, not an image or font), the way kits smuggle a page or payload past scanners.",
  ),
  con(
    "032",
    "Medium",
    "Hidden frame from another site",
    "An iframe of zero or one pixel, or hidden by style, loads a page from another registrable domain. Known analytics frames (tag managers) are ignored.",
  ),
  con(
    "033",
    "Medium",
    "Anti-analysis tricks",
    "Scripts that detect developer tools, loop on `debugger`, check for bots, crawlers or headless browsers, or block right-click and view-source: a page that hides from inspection. Low when only right-click or keyboard shortcuts are blocked.",
  ),
  con(
    "040",
    "Low",
    "Urgency or threat language",
    "Wording that pressures the visitor: an account locked, limited or suspended, a deadline in hours, unauthorized payments, 'verify your identity'. Recognized in English, German, French, Spanish, Italian, Portuguese and Dutch. Medium with several distinct pressures.",
  ),
  con(
    "041",
    "Low",
    "Reward or prize language",
    "Wording that promises a prize, a gift, a refund or free tokens to claim.",
  ),
  con(
    "042",
    "High",
    "Fake game-currency or follower generator",
    "A page offering free game currency, gift cards or followers ('Robux generator', 'free V-Bucks') behind a 'human verification' offer wall: the visitor fills in surveys or installs apps for the scammer, and nothing is ever generated. Medium when the page only shows a field for the player's name or ID, or amounts to pick.",
  ),
  con(
    "043",
    "High",
    "Fake giveaway",
    "A giveaway that asks for something first: send coins to receive twice as many back, or pay the 'shipping' of a prize (High with card fields; Medium with the wording alone). Sweepstakes that state their official rules and that no purchase is necessary are not this.",
  ),
  con(
    "044",
    "High",
    "Fake security alert with a support number",
    "A page saying the visitor's computer is infected or locked and giving a number to call: the tech-support scam, whose 'technicians' take remote control and payment. Medium when the page has no number but holds the window (full screen, leave prompts) under 'do not close or restart'.",
  ),
  con(
    "045",
    "Medium",
    "Invitation or dating lure",
    "A messaging brand's group or channel invitation served from a site the brand does not own ('join the official group'), or a dating lure ('she sent you a photo', 'verify your age'). High when it asks for a phone number, code or password (joining a group needs none: they take the messaging account over) or for card details.",
  ),
  con(
    "050",
    "Low",
    "Implausible discounts",
    "Prices cut by 70 % or more (`-90%`, `up to 85% off`, or was/now price pairs): the hallmark of fake shops selling goods they will never deliver. Low alone (clearance sales, coupon sites); Medium when three or more such cuts or one of 85 % or more appear on a selling page without legal or contact pages.",
  ),
  con(
    "051",
    "Low",
    "Shop without contact or legal pages",
    "A page that sells (prices, cart, buy buttons) but links to no imprint, terms, privacy, returns or contact page.",
  ),
  con(
    "052",
    "Medium",
    "Payment only by crypto or bank transfer",
    "The shop names cryptocurrency or bank transfer as payment and no card, PayPal or other method with buyer protection.",
  ),
  con(
    "053",
    "Low",
    "Contact only through free-mail or messenger",
    "The only contact given is a free-mail address or a messenger number, not a company address.",
  ),
  con(
    "054",
    "Low",
    "Countdown and scarcity pressure",
    "Countdown timers and 'only N left' stock claims that push visitors to buy or claim at once.",
  ),
  con(
    "055",
    "High",
    "Fake web shop",
    "Several fake-shop signals together: implausible discounts with missing legal pages, a free-mail contact, crypto or transfer-only payment or scarcity pressure.",
  ),
  con(
    "060",
    "High",
    "Crypto wallet drainer",
    "A wallet-connect page whose scripts request accounts and token approvals (setApprovalForAll, permit, increaseAllowance, eth_sendTransaction) under an airdrop, claim or 'validate your wallet' lure: signing drains the wallet. Critical when the code is obfuscated.",
  ),
  con(
    "061",
    "Medium",
    "Wallet connection under an airdrop or claim lure",
    "'Connect wallet' prompts together with airdrop, claim, reward, whitelist or wallet 'validation/rectification' wording. Medium when something else backs it (a seed request, a brand claim, pressure wording, a throwaway host, data sent to a collector, approval calls, obfuscated code); Low alone, since every decentralized app shows a connect button.",
  ),
  con(
    "062",
    "Informational",
    "Wallet connection code",
    "The page can ask a browser wallet for accounts (window.ethereum, eth_requestAccounts, WalletConnect). Normal for legitimate decentralized apps.",
  ),
  con(
    "070",
    "Low",
    "Page with no content",
    "The final page shows (almost) nothing: an empty document, a bare form handler or a placeholder — typical of credential drop points and of pages that hide from scanners.",
  ),
  con(
    "071",
    "Informational",
    "Parked or for-sale page",
    "The page is a domain-parking or for-sale lander (related searches, 'this domain may be for sale').",
  ),
  con(
    "072",
    "High",
    "Page replaced by a security warning or suspension notice",
    "The page is a hosting or CDN provider's interstitial saying the site was reported for phishing ('Suspected phishing site'), or a notice that the hosting account was suspended (Low): the provider has already acted on the site.",
  ),
];
