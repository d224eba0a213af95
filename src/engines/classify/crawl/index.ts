// The classification crawl: the only part of classification that touches the network (through egress).
export { CrawlBudget, type CrawlLimits, DEFAULT_LIMITS } from "./budget.js";
export {
  type Crawler,
  type CrawlerDeps,
  type CrawlOptions,
  crawlDomain,
  createCrawler,
  normalizeCrawlDomain,
} from "./crawler.js";
export { decodeBody, flattenHeaders } from "./decode.js";
export { hostingHints } from "./hosting.js";
export { conventionalPages, type PagePlan, planLinkedPages, randomShortPath, sitemapPlan } from "./pages.js";
