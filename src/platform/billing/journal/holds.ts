/**
 * Credit holds: credit this process reserves per organization in the database (`credit_holds`, summed in
 * `organizations.held_micros`, which every other debit leaves alone) and spends in memory. The first
 * reservation of an organization covers `minHoldCharges` charges of the asking price, each further one
 * twice the last (at most `maxHoldMicros`), never more than the organization's unreserved credit; when
 * none is left, the charge fails with InsufficientBalanceError. What an idle hold has left is given back
 * in the next ledger transaction (apply.ts).
 */
import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.js";
import { InsufficientBalanceError, UnknownOrganizationError } from "../ledger.js";

export interface HoldOptions {
  /** A hold unused for this long is given back (ms). */
  idleReleaseMs: number;
  /** The first hold of an organization covers this many charges of the asking price; later ones double. */
  minHoldCharges: number;
  /** Largest single reservation (micro-dollars). */
  maxHoldMicros: number;
}

interface Hold {
  /** Reserved in the database and not yet spent. */
  available: number;
  /** Size of the next reservation. */
  nextSize: number;
  lastUsedAt: number;
  reserving: Promise<void> | null;
  /** The last reservation found no unreserved credit. */
  exhausted: boolean;
}

function spend(hold: Hold, amount: number): void {
  hold.available -= amount;
  hold.lastUsedAt = performance.now();
}

export class CreditHolds {
  private readonly holds = new Map<string, Hold>();

  constructor(
    private readonly db: Kysely<DB>,
    /** This process's journal id (credit_holds.node_id), known once the journal is open. */
    private readonly nodeId: () => string,
    private readonly options: HoldOptions,
  ) {}

  /** Takes `amount` from the organization's hold if it covers it now, with no reservation under way. */
  trySpend(orgId: string, amount: number): boolean {
    const hold = this.holds.get(orgId);
    if (hold !== undefined && hold.reserving === null && hold.available >= amount) {
      spend(hold, amount);
      return true;
    }
    return false;
  }

  /**
   * Takes `amount` from the organization's hold, reserving more credit first when it does not cover it;
   * rejects with InsufficientBalanceError when the database has no unreserved credit left for it.
   */
  async take(orgId: string, amount: number): Promise<void> {
    const { maxHoldMicros, minHoldCharges } = this.options;
    for (let attempt = 0; ; attempt++) {
      // Looked up again after every wait: an idle hold given back meanwhile is gone from the map, and
      // credit reserved into a forgotten hold would stay held.
      let hold = this.holds.get(orgId);
      if (!hold) {
        hold = {
          available: 0,
          nextSize: 0,
          lastUsedAt: performance.now(),
          reserving: null,
          exhausted: false,
        };
        this.holds.set(orgId, hold);
      }
      if (hold.reserving) {
        await hold.reserving;
        continue;
      }
      if (hold.available >= amount) {
        spend(hold, amount);
        return;
      }
      if (attempt > 0 && hold.exhausted) throw new InsufficientBalanceError(orgId, amount);
      const size = Math.min(maxHoldMicros, Math.max(hold.nextSize, amount * minHoldCharges, amount));
      const current = hold;
      current.reserving = this.reserve(orgId, size, amount)
        .then((got) => {
          current.available += got;
          current.nextSize = Math.min(maxHoldMicros, size * 2);
          current.exhausted = got === 0;
        })
        .finally(() => {
          current.reserving = null;
        });
      await current.reserving;
    }
  }

  /** Puts back what charges that were refused (never written) had taken. */
  putBack(charges: readonly { orgId: string; amountMicros: number }[]): void {
    for (const c of charges) {
      const hold = this.holds.get(c.orgId);
      if (hold) hold.available += c.amountMicros;
    }
  }

  /**
   * Takes out of the holds what idle ones (every one when `all`) have left, to be given back by the next
   * ledger transaction: then `forget` once it committed, `restore` if it failed.
   */
  takeIdle(all: boolean): Map<string, number> {
    const now = performance.now();
    const releases = new Map<string, number>();
    for (const [orgId, hold] of this.holds) {
      if (hold.reserving || hold.available === 0) continue;
      if (all || now - hold.lastUsedAt >= this.options.idleReleaseMs) releases.set(orgId, hold.available);
    }
    for (const [orgId, amount] of releases) {
      const hold = this.holds.get(orgId);
      if (hold) {
        hold.available -= amount;
        hold.nextSize = 0;
      }
    }
    return releases;
  }

  /** The transaction giving `releases` back failed: the credit is this process's again. */
  restore(releases: Map<string, number>): void {
    for (const [orgId, amount] of releases) {
      const hold = this.holds.get(orgId);
      if (hold) hold.available += amount;
    }
  }

  /** The transaction giving `releases` back committed: forgets the holds it emptied. */
  forget(releases: Map<string, number>): void {
    for (const [orgId, hold] of this.holds) {
      if (hold.available === 0 && !hold.reserving && releases.has(orgId)) this.holds.delete(orgId);
    }
  }

  /**
   * Reserves up to `size` (at least `least`) of the organization's unreserved credit for this process.
   * Returns what was reserved: 0 when less than `least` is left.
   */
  private async reserve(orgId: string, size: number, least: number): Promise<number> {
    const nodeId = this.nodeId();
    return this.db.transaction().execute(async (tx) => {
      const org = await tx
        .selectFrom("organizations")
        .select(["balance_micros", "held_micros"])
        .where("id", "=", orgId)
        .forUpdate()
        .executeTakeFirst();
      if (!org) throw new UnknownOrganizationError(orgId);
      const amount = Math.min(size, org.balance_micros - org.held_micros);
      if (amount < least) return 0;
      await tx
        .updateTable("organizations")
        .set({ held_micros: sql`held_micros + ${amount}` })
        .where("id", "=", orgId)
        .execute();
      await tx
        .insertInto("credit_holds")
        .values({ node_id: nodeId, org_id: orgId, amount_micros: amount })
        .onConflict((oc) =>
          oc
            .columns(["node_id", "org_id"])
            .doUpdateSet({ amount_micros: sql`credit_holds.amount_micros + excluded.amount_micros` }),
        )
        .execute();
      return amount;
    });
  }
}
