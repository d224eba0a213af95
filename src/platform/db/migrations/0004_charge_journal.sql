-- Cache-hit charges through a per-process charge journal (docs/billing.md#cache-hit-charges).

-- This database's identity: a journal on disk is replayed only into the database it was written for.
CREATE TABLE installation (
  id          uuid PRIMARY KEY,
  created_at  timestamptz NOT NULL DEFAULT now()
);
INSERT INTO installation (id) VALUES (gen_random_uuid());

-- Credit reserved by a process for the charges it journals. organizations.held_micros is the sum of an
-- organization's holds; every other debit may only spend balance_micros - held_micros.
ALTER TABLE organizations ADD COLUMN held_micros bigint NOT NULL DEFAULT 0;
ALTER TABLE organizations ADD CONSTRAINT organizations_held CHECK (held_micros >= 0 AND held_micros <= balance_micros);

CREATE TABLE credit_holds (
  node_id        uuid NOT NULL,
  org_id         uuid NOT NULL REFERENCES organizations(id),
  amount_micros  bigint NOT NULL CHECK (amount_micros >= 0),
  PRIMARY KEY (node_id, org_id)
);

-- Per journal: the last sequence number whose charge is in the ledger (applied exactly once).
CREATE TABLE charge_journals (
  node_id      uuid PRIMARY KEY,
  applied_seq  bigint NOT NULL DEFAULT 0,
  created_at   timestamptz NOT NULL DEFAULT now(),
  applied_at   timestamptz
);

-- Ledger rows are written only by statements that debit or credit the organization's row in the same
-- transaction, so the organization is known to exist; the per-row foreign-key check was most of the
-- cost of writing a cache hit's ledger row.
ALTER TABLE ledger DROP CONSTRAINT ledger_org_id_fkey;

-- Refunds look up a resource's debits; cache hits (no resource) stay out of this index, so the ledger
-- can grow by thousands of hits a second without refunds scanning it.
CREATE INDEX ledger_resource ON ledger (resource_id) WHERE resource_id IS NOT NULL;
