-- Checkout and tickets (issue 15): orders that hold tickets while the buyer pays, the tickets they
-- become, and refunds. Decision 0029.

-- ------------------------------------------------------------------ orders
-- One buyer's checkout for one event. While `pending` and before `hold_expires_at` its items hold
-- places of the event's quota (inventory); paid, they become tickets, once.
CREATE TABLE orders (
  id                  bigserial PRIMARY KEY,
  event_id            bigint REFERENCES events (id) ON DELETE SET NULL,
  -- What was bought, kept for the buyer's history even if the event goes.
  event_name          text NOT NULL,
  event_start         timestamptz NOT NULL,
  buyer_id            bigint REFERENCES users (id) ON DELETE SET NULL,
  -- The join flow's session id (events §3 Join session state): a repeated embed call of the same
  -- session answers the same checkout instead of holding twice.
  client_session      text CHECK (char_length(client_session) <= 100),
  provider            text NOT NULL CHECK (provider IN ('test', 'stripe')),
  checkout_session_id text CHECK (char_length(checkout_session_id) <= 255),
  client_secret       text CHECK (char_length(client_secret) <= 500),
  status              text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'expired', 'failed', 'refunded')),
  payment_mode        text NOT NULL CHECK (payment_mode IN ('own', 'planns')),
  payee_account_id    text,
  payee_user_id       bigint REFERENCES users (id) ON DELETE SET NULL,
  currency            text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  subtotal            bigint NOT NULL CHECK (subtotal > 0),
  fee                 bigint NOT NULL CHECK (fee >= 0),
  total               bigint NOT NULL,
  refunded_amount     bigint NOT NULL DEFAULT 0,
  hold_expires_at     timestamptz NOT NULL,
  payment_intent_id   text CHECK (char_length(payment_intent_id) <= 255),
  receipt_url         text,
  -- Why an order paid after its hold was refunded instead of fulfilled (no place left), or failed.
  failure_reason      text CHECK (char_length(failure_reason) <= 500),
  paid_at             timestamptz,
  closed_at           timestamptz,
  created_at          timestamptz NOT NULL,
  updated_at          timestamptz NOT NULL,
  CHECK (total = subtotal + fee),
  CHECK (refunded_amount >= 0 AND refunded_amount <= total),
  CHECK (status <> 'paid' OR paid_at IS NOT NULL),
  CONSTRAINT orders_session_key UNIQUE (provider, checkout_session_id)
);
-- One open checkout per join session of a buyer: a repeated embed answers it (or replaces it).
CREATE UNIQUE INDEX orders_client_session_key ON orders (buyer_id, client_session) WHERE status = 'pending';
-- Live holds of an event (the inventory counts them), and a buyer's history.
CREATE INDEX orders_holds_idx ON orders (event_id, hold_expires_at) WHERE status = 'pending';
CREATE INDEX orders_buyer_idx ON orders (buyer_id, created_at DESC);
CREATE INDEX orders_payee_idx ON orders (payee_user_id, created_at DESC) WHERE status IN ('paid', 'refunded');

CREATE TABLE order_items (
  order_id        bigint NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  position        smallint NOT NULL CHECK (position BETWEEN 0 AND 9),
  ticket_type_id  bigint REFERENCES event_ticket_types (id) ON DELETE SET NULL,
  type_name       text NOT NULL,
  unit_price      bigint NOT NULL CHECK (unit_price > 0),
  quantity        integer NOT NULL CHECK (quantity BETWEEN 1 AND 100),
  PRIMARY KEY (order_id, position)
);
CREATE INDEX order_items_type_idx ON order_items (ticket_type_id);

-- ------------------------------------------------------------------ tickets
-- One entry each (accounts §3 Ticket): bought (one per unit of a paid order), issued by the
-- organiser, or gifted. The code is the unguessable secret of its QR code.
CREATE TABLE tickets (
  id              bigserial PRIMARY KEY,
  code            text NOT NULL CHECK (code ~ '^[0-9A-HJKMNP-TV-Z]{16}$'),
  event_id        bigint NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  order_id        bigint REFERENCES orders (id) ON DELETE SET NULL,
  -- The nth ticket of its order: with the unique key below, an order is fulfilled once.
  order_position  integer CHECK (order_position >= 0),
  ticket_type_id  bigint REFERENCES event_ticket_types (id) ON DELETE SET NULL,
  type_name       text NOT NULL,
  price           bigint NOT NULL DEFAULT 0 CHECK (price >= 0),
  currency        text CHECK (currency ~ '^[A-Z]{3}$'),
  user_id         bigint REFERENCES users (id) ON DELETE SET NULL,
  issued_by       bigint REFERENCES users (id) ON DELETE SET NULL,
  kind            text NOT NULL CHECK (kind IN ('purchase', 'issued', 'gift')),
  status          text NOT NULL DEFAULT 'valid' CHECK (status IN ('valid', 'refunded')),
  used_at         timestamptz,
  used_by         bigint REFERENCES users (id) ON DELETE SET NULL,
  refunded_at     timestamptz,
  created_at      timestamptz NOT NULL,
  CONSTRAINT tickets_code_key UNIQUE (code),
  CONSTRAINT tickets_order_position_key UNIQUE (order_id, order_position),
  CHECK (kind = 'purchase' OR order_id IS NULL),
  CHECK ((status = 'refunded') = (refunded_at IS NOT NULL))
);
CREATE INDEX tickets_event_idx ON tickets (event_id, ticket_type_id) WHERE status = 'valid';
CREATE INDEX tickets_user_idx ON tickets (user_id, event_id);
CREATE INDEX tickets_order_idx ON tickets (order_id);

-- ------------------------------------------------------------------ refunds
-- Money given back on a paid order (the organiser's refund, or an automatic one when a late
-- payment found no place), once per provider refund.
CREATE TABLE refunds (
  id                  bigserial PRIMARY KEY,
  order_id            bigint NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  provider_refund_id  text NOT NULL CHECK (char_length(provider_refund_id) <= 255),
  amount              bigint NOT NULL CHECK (amount > 0),
  reason              text NOT NULL CHECK (reason IN ('organiser', 'no_capacity')),
  ticket_ids          bigint[] NOT NULL DEFAULT '{}',
  created_by          bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at          timestamptz NOT NULL,
  CONSTRAINT refunds_provider_key UNIQUE (provider_refund_id)
);
CREATE INDEX refunds_order_idx ON refunds (order_id);
