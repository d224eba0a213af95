import { PRICES } from "../../platform/billing/prices.js";
import { microsToUsd } from "../../platform/money.js";
import type { OrgService, OrgSummary, UsageLine } from "../admin/service.js";

export interface Account extends OrgSummary {
  prices_usd: Record<keyof typeof PRICES, number>;
  usage_this_month: UsageLine[];
}

/** What an API key may see of its own organization. */
export class AccountService {
  constructor(private readonly orgs: OrgService) {}

  async get(orgId: string, now = new Date()): Promise<Account> {
    const [summary, usage] = await Promise.all([this.orgs.summary(orgId), this.orgs.usage(orgId, now)]);
    const prices = Object.fromEntries(Object.entries(PRICES).map(([k, v]) => [k, microsToUsd(v)])) as Record<
      keyof typeof PRICES,
      number
    >;
    return { ...summary, prices_usd: prices, usage_this_month: usage };
  }
}
