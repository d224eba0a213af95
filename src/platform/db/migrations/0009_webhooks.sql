-- Webhooks (docs/webhooks.md). Forward-only.

-- An organization's endpoints. `secret` is the signing key (base64 of 24 random bytes) shown once as
-- `whsec_<secret>`; after a rotation the previous key still signs, beside the new one, until
-- `previous_secret_expires_at`. An endpoint is `disabled` (with the reason shown) after persistent failure
-- or by its owner; a deleted endpoint keeps its row (its deliveries' log points at it) with `deleted_at`.
CREATE TABLE webhook_endpoints (
  id                          uuid PRIMARY KEY,
  org_id                      uuid NOT NULL REFERENCES organizations(id),
  url                         text NOT NULL,
  events                      text[] NOT NULL,
  description                 text,
  secret                      text NOT NULL,
  previous_secret             text,
  previous_secret_expires_at  timestamptz,
  status                      text NOT NULL DEFAULT 'enabled' CHECK (status IN ('enabled', 'disabled')),
  disabled_reason             text,
  disabled_at                 timestamptz,
  -- The last delivery that reached the endpoint (2xx), for the persistent-failure rule.
  last_success_at             timestamptz,
  created_at                  timestamptz NOT NULL DEFAULT now(),
  updated_at                  timestamptz NOT NULL DEFAULT now(),
  deleted_at                  timestamptz
);
CREATE INDEX webhook_endpoints_org ON webhook_endpoints (org_id, created_at DESC, id DESC) WHERE deleted_at IS NULL;

-- One message to one endpoint: its body is fixed when the event happens, so every attempt sends the same
-- bytes under the same `webhook-id` (the delivery's id). Each attempt is logged in `attempt_log`.
CREATE TABLE webhook_deliveries (
  id               uuid PRIMARY KEY,
  endpoint_id      uuid NOT NULL REFERENCES webhook_endpoints(id),
  org_id           uuid NOT NULL,
  event            text NOT NULL,
  -- The scan or classification job the event is about (null for a test event).
  resource_id      uuid,
  body             text NOT NULL,
  status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts         integer NOT NULL DEFAULT 0,
  attempt_log      jsonb NOT NULL DEFAULT '[]',
  -- The job of the current round of attempts (a manual retry starts a new one).
  job_id           uuid,
  delivered_at     timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, created_at DESC, id DESC);
