import type { CrawlCapture } from "../capture.js";

/**
 * A readable hosting-provider name from the serving network: CDN/hosting fingerprints in response headers
 * first (they name the platform in front of the site), then the ASN of the serving address mapped
 * through a table of the large hosting networks, then the ASN organization cleaned up.
 */
interface HostingNetwork {
  name: string;
  asns: number[];
  /** Matched against the ASN organization (registry handles such as AMAZON-02 and company names). */
  org: RegExp;
}

const NETWORKS: readonly HostingNetwork[] = [
  {
    name: "Amazon Web Services",
    asns: [16509, 14618, 8987, 38895, 7224, 10124, 17493],
    org: /^amazon|^aws\b|amazon\.com/i,
  },
  { name: "Cloudflare", asns: [13335, 209242, 395747, 394536], org: /cloudflare/i },
  { name: "Google Cloud", asns: [396982, 19527, 139070], org: /google-cloud|google cloud/i },
  { name: "Google", asns: [15169, 36040, 43515, 36492], org: /^google/i },
  { name: "Microsoft Azure", asns: [8075, 8068, 8069, 12076, 3598], org: /microsoft|msft/i },
  {
    name: "Akamai",
    asns: [20940, 16625, 21342, 32787, 35994, 36183, 63949, 12222, 34164, 23454],
    org: /akamai|linode/i,
  },
  { name: "Fastly", asns: [54113], org: /fastly/i },
  { name: "DigitalOcean", asns: [14061, 393406, 200130], org: /digitalocean/i },
  { name: "Hetzner", asns: [24940, 213230, 212317], org: /hetzner/i },
  { name: "OVHcloud", asns: [16276, 35540], org: /^ovh/i },
  { name: "Vultr", asns: [20473], org: /choopa|vultr|constant company/i },
  { name: "Oracle Cloud", asns: [31898, 792, 7160], org: /oracle/i },
  { name: "Alibaba Cloud", asns: [45102, 37963, 24429, 134963], org: /alibaba|taobao|aliyun/i },
  { name: "Tencent Cloud", asns: [132203, 45090, 132591], org: /tencent/i },
  { name: "Huawei Cloud", asns: [136907, 55990, 265443], org: /huawei/i },
  { name: "IBM Cloud", asns: [36351, 2140], org: /softlayer|ibm cloud|^ibm/i },
  { name: "Imperva", asns: [19551], org: /incapsula|imperva/i },
  { name: "Sucuri", asns: [30148], org: /sucuri/i },
  { name: "Squarespace", asns: [53831], org: /squarespace/i },
  { name: "GoDaddy", asns: [26496, 398101, 44273], org: /godaddy|go daddy/i },
  {
    name: "Newfold Digital (Bluehost, HostGator)",
    asns: [46606, 19871, 29873, 36024],
    org: /unified layer|network solutions|newfold|endurance|bluehost|hostgator/i,
  },
  { name: "Namecheap", asns: [22612], org: /namecheap/i },
  { name: "IONOS", asns: [8560, 15418, 54203], org: /ionos|1&1|1and1/i },
  { name: "Contabo", asns: [51167, 141995], org: /contabo/i },
  { name: "Hostinger", asns: [47583, 204915], org: /hostinger/i },
  { name: "Scaleway", asns: [12876], org: /scaleway|online s\.a\.s/i },
  { name: "Liquid Web", asns: [32244, 53824], org: /liquid ?web/i },
  { name: "Automattic (WordPress.com)", asns: [2635], org: /automattic/i },
  { name: "Wix", asns: [58182], org: /^wix/i },
  { name: "Shopify", asns: [62679], org: /shopify/i },
  { name: "Vercel", asns: [209242], org: /vercel/i },
  { name: "Netlify", asns: [], org: /netlify/i },
  { name: "GitHub", asns: [36459], org: /github/i },
  { name: "Rackspace", asns: [15395, 27357, 33070, 19994], org: /rackspace/i },
  { name: "Leaseweb", asns: [60781, 16265, 28753, 30633, 59253], org: /leaseweb/i },
  { name: "M247", asns: [9009], org: /^m247/i },
  { name: "Datacamp (CDN77)", asns: [60068, 212238], org: /datacamp|cdn77/i },
  { name: "QuadraNet", asns: [8100], org: /quadranet/i },
  { name: "Hivelocity", asns: [29802], org: /hivelocity/i },
  { name: "Edgio (Limelight)", asns: [22822, 15133], org: /limelight|edgecast|edgio/i },
  { name: "StackPath", asns: [33438, 12989], org: /stackpath|highwinds/i },
  { name: "Gcore", asns: [199524, 202422], org: /g-?core/i },
  { name: "bunny.net", asns: [200325], org: /bunnyway|bunny\.net|bunnycdn/i },
  { name: "Yandex Cloud", asns: [13238, 200350], org: /yandex/i },
  { name: "VK Cloud", asns: [47764], org: /^(?:llc )?vk\b|mail\.ru/i },
  { name: "Selectel", asns: [49505, 50340], org: /selectel/i },
  { name: "Timeweb", asns: [9123], org: /timeweb/i },
  { name: "Linode (Akamai)", asns: [63949], org: /linode/i },
  { name: "Hurricane Electric", asns: [6939], org: /hurricane/i },
  { name: "Cogent", asns: [174], org: /cogent/i },
  { name: "Lumen", asns: [3356, 209, 3549], org: /level 3|centurylink|lumen/i },
  { name: "Deutsche Telekom", asns: [3320], org: /deutsche telekom/i },
  { name: "Comcast", asns: [7922], org: /comcast/i },
  { name: "Verizon", asns: [701], org: /verizon/i },
  { name: "AT&T", asns: [7018], org: /at&t/i },
  { name: "China Telecom", asns: [4134, 4812, 58466], org: /chinanet|china telecom/i },
  { name: "China Unicom", asns: [4837, 17623], org: /china unicom|china169/i },
  { name: "Wikimedia Foundation", asns: [14907], org: /wikimedia/i },
  { name: "Meta", asns: [32934], org: /facebook|^meta platforms/i },
  { name: "Apple", asns: [714, 6185], org: /^apple/i },
  { name: "Twitter/X", asns: [13414], org: /^twitter/i },
  { name: "Strato", asns: [6724], org: /strato/i },
  { name: "Hostpoint", asns: [29222], org: /hostpoint/i },
  { name: "A2 Hosting", asns: [55293], org: /a2 hosting/i },
  { name: "DreamHost", asns: [26347], org: /dreamhost|new dream network/i },
  { name: "SiteGround", asns: [], org: /siteground/i },
  { name: "InMotion Hosting", asns: [22611], org: /inmotion/i },
];

const BY_ASN = new Map<number, string>();
for (const network of NETWORKS)
  for (const asn of network.asns) if (!BY_ASN.has(asn)) BY_ASN.set(asn, network.name);

/** `HOSTEUROPE-AS` → `Hosteurope`; `Example Hosting Ltd.` → `Example Hosting`. */
export function cleanOrgName(org: string): string | null {
  let name = org
    .replace(/[\p{Cc}\p{Cf}]/gu, "")
    .replace(/\s+/g, " ")
    .trim();
  if (name.length === 0) return null;
  name = name
    .replace(/^AS\d+\s+/i, "")
    .replace(/(?:^|[-_ ])(?:AS|ASN|NET|NETWORK|AP|BLOCK)(?:[-_ ]?\d+)?$/i, "")
    .replace(/^(?:AS|ASN)[-_]/i, "")
    .replace(
      /,?\s+(?:Inc\.?|LLC|Ltd\.?|Limited|GmbH|S\.?A\.?S?|B\.V\.|SRL|Co\.|Corp\.?|Corporation|AB|Oy|AG|SE)$/i,
      "",
    )
    .replace(/[-_]+/g, " ")
    .trim();
  if (name.length < 2) return null;
  if (name === name.toUpperCase() && /[A-Z]{4,}/.test(name)) {
    name = name
      .toLowerCase()
      .replace(/(^|\s)(\p{L})/gu, (_m, sep: string, ch: string) => `${sep}${ch.toUpperCase()}`);
  }
  return name.slice(0, 80);
}

export function hostingProvider(capture: CrawlCapture): { name: string; source: string } {
  const hints = Array.isArray(capture.hostingHints) ? capture.hostingHints : [];
  const hint = hints.find((h) => typeof h === "string" && h.trim().length > 0);
  if (hint) return { name: hint.trim().slice(0, 80), source: "headers" };
  const asn = capture.network?.asn;
  if (asn && asn.status === "ok") {
    if (asn.asn !== null && BY_ASN.has(asn.asn))
      return { name: BY_ASN.get(asn.asn) ?? "Unknown", source: `asn:${asn.asn}` };
    if (asn.org) {
      const network = NETWORKS.find((n) => n.org.test(asn.org ?? ""));
      if (network) return { name: network.name, source: `asn_org:${asn.org}` };
      const cleaned = cleanOrgName(asn.org);
      if (cleaned) return { name: cleaned, source: `asn_org:${asn.org}` };
    }
  }
  return { name: "Unknown", source: "none" };
}

/** Whether a name is one of the hosting networks (a certificate or imprint naming them is not the operator). */
export function isHostingNetworkName(name: string): boolean {
  return NETWORKS.some((n) => n.org.test(name) || n.name.toLowerCase() === name.toLowerCase());
}
