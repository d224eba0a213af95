import { analyzeCapture } from "../../engines/classify/analyze/index.js";
import type { Crawler } from "../../engines/classify/crawl/index.js";
import { resultOfCapture } from "./capture-result.js";
import type { Classifier } from "./classify.js";

/**
 * The classifier of crawl jobs: the crawler (the only part that touches the network, through the egress
 * gate) then the pure analysis of its capture (resultOfCapture decides what is a failure).
 */
export function engineClassifier(crawler: Crawler): Classifier {
  return async (domain, signal) => {
    const capture = await crawler.crawl(domain, { signal });
    return resultOfCapture(capture, (saved) => analyzeCapture(saved, { now: new Date() }));
  };
}
