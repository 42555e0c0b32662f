-- Paid events (issue 14): ticket types in minor units, payout accounts, the payment provider's
-- events (webhooks), the payments ledger and the test provider's own store. Decisions 0027, 0028.

-- ------------------------------------------------------------------ events: one currency, a pricing mode, a payment mode
ALTER TABLE events
  ADD COLUMN pricing_mode text NOT NULL DEFAULT 'single' CHECK (pricing_mode IN ('single', 'multiple')),
  -- Whose payment account sells the tickets: the organiser's payout account or planns' own
  -- (decision 0028). NULL exactly when the event is free.
  ADD COLUMN payment_mode text CHECK (payment_mode IN ('own', 'planns')),
  -- The event's product at the payment provider (on the platform account).
  ADD COLUMN stripe_product_id text CHECK (char_length(stripe_product_id) <= 255);

-- Ticket types: every price of an event, in minor units of the event's one currency. A
-- single-price event has one type (its ticket_name); a multiple-price event 1 to 10.
CREATE TABLE event_ticket_types (
  id                    bigserial PRIMARY KEY,
  event_id              bigint NOT NULL,
  position              smallint NOT NULL CHECK (position BETWEEN 0 AND 9),
  name                  text NOT NULL CHECK (char_length(btrim(name)) BETWEEN 1 AND 120),
  name_key              text GENERATED ALWAYS AS (lower(btrim(name))) STORED,
  price                 bigint NOT NULL CHECK (price > 0 AND price <= 99999999),
  currency              text NOT NULL,
  description           text CHECK (char_length(description) <= 2000),
  -- Beyond the spec: at most this many tickets of the type (NULL: only the event's max).
  quantity              integer CHECK (quantity > 0),
  -- The provider's price for this type (prices are immutable there: a new one per change).
  stripe_price_id       text CHECK (char_length(stripe_price_id) <= 255),
  stripe_price_amount   bigint CHECK (stripe_price_amount > 0),
  created_at            timestamptz NOT NULL DEFAULT now(),
  updated_at            timestamptz NOT NULL DEFAULT now(),
  CHECK ((stripe_price_id IS NULL) = (stripe_price_amount IS NULL)),
  CONSTRAINT event_ticket_types_position_key UNIQUE (event_id, position) DEFERRABLE INITIALLY DEFERRED,
  -- Names are unique per event ignoring case (events §5 duplicateTicketTypeName); deferred so
  -- that an edit may swap two names.
  CONSTRAINT event_ticket_types_name_key UNIQUE (event_id, name_key) DEFERRABLE INITIALLY DEFERRED
);

-- One currency per event: a type's currency is its event's (a type cannot outlive the event's
-- price: making an event free removes its types first, or this refuses).
ALTER TABLE events ADD CONSTRAINT events_id_currency_key UNIQUE (id, currency);
ALTER TABLE event_ticket_types ADD CONSTRAINT event_ticket_types_event_currency_fkey
  FOREIGN KEY (event_id, currency) REFERENCES events (id, currency) ON UPDATE CASCADE ON DELETE CASCADE;
CREATE INDEX event_ticket_types_event_idx ON event_ticket_types (event_id, position);

-- Existing prices (numeric major units) become one type each, in minor units by the currency's
-- ISO 4217 exponent (JPY has none; decision 0027). A currency planns does not offer makes the
-- event free.
UPDATE events SET price = NULL, currency = NULL
  WHERE currency IS NOT NULL
    AND currency NOT IN ('USD', 'EUR', 'ILS', 'RUB', 'GBP', 'AUD', 'CAD', 'JPY', 'CNY', 'INR', 'CHF', 'SGD', 'HKD', 'MXN', 'BRL');
INSERT INTO event_ticket_types (event_id, position, name, price, currency, description)
  SELECT id, 0, coalesce(nullif(btrim(ticket_name), ''), 'General Admission'),
         least(99999999, greatest(1, round(price * CASE WHEN currency = 'JPY' THEN 1 ELSE 100 END)))::bigint,
         currency, nullif(btrim(ticket_description), '')
  FROM events WHERE price IS NOT NULL;
UPDATE events SET payment_mode = 'own' WHERE price IS NOT NULL;

DROP INDEX events_ends_idx;
ALTER TABLE events DROP CONSTRAINT events_check3, -- (price IS NULL) = (currency IS NULL)
  DROP CONSTRAINT events_currency_check; -- any three capitals, narrowed below
ALTER TABLE events DROP COLUMN price, DROP COLUMN ticket_name, DROP COLUMN ticket_description;
ALTER TABLE events
  ADD CONSTRAINT events_currency_check
    CHECK (currency IN ('USD', 'EUR', 'ILS', 'RUB', 'GBP', 'AUD', 'CAD', 'JPY', 'CNY', 'INR', 'CHF', 'SGD', 'HKD', 'MXN', 'BRL')),
  ADD CONSTRAINT events_paid_check CHECK ((currency IS NULL) = (payment_mode IS NULL)),
  ADD CONSTRAINT events_product_check CHECK (stripe_product_id IS NULL OR currency IS NOT NULL);
CREATE INDEX events_ends_idx ON events (ends_at) INCLUDE (visibility, currency) WHERE deleted_by_moderator_at IS NULL;

-- ------------------------------------------------------------------ payout accounts (accounts §3, §4)
-- A person's connected account at the payment provider. Disconnecting keeps the row (payments
-- already made name it) with disconnected_at set; a person has at most one live account.
CREATE TABLE payment_accounts (
  id                 bigserial PRIMARY KEY,
  user_id            bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider           text NOT NULL CHECK (provider IN ('test', 'stripe')),
  account_id         text NOT NULL CHECK (char_length(account_id) BETWEEN 1 AND 255),
  email              text NOT NULL CHECK (char_length(email) <= 254),
  country            text CHECK (country ~ '^[A-Z]{2}$'),
  default_currency   text CHECK (default_currency ~ '^[A-Z]{3}$'),
  business_type      text CHECK (business_type IN ('individual', 'company', 'non_profit', 'government_entity')),
  first_name         text CHECK (char_length(first_name) <= 100),
  last_name          text CHECK (char_length(last_name) <= 100),
  tos_accepted_at    timestamptz,
  details_submitted  boolean NOT NULL DEFAULT false,
  charges_enabled    boolean NOT NULL DEFAULT false,
  payouts_enabled    boolean NOT NULL DEFAULT false,
  -- The provider's time of the last account.updated applied (an older one arriving late is ignored).
  synced_at          timestamptz,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  disconnected_at    timestamptz,
  CONSTRAINT payment_accounts_account_key UNIQUE (provider, account_id)
);
CREATE UNIQUE INDEX payment_accounts_live_user_key ON payment_accounts (user_id) WHERE disconnected_at IS NULL;

-- ------------------------------------------------------------------ the provider's events (webhooks and the test provider)
-- Every event the payment provider reports, recorded once (its id is the key: a replay does
-- nothing) in the transaction that queues its processing; processed_at marks it applied.
CREATE TABLE payment_events (
  id            text PRIMARY KEY CHECK (char_length(id) BETWEEN 1 AND 255),
  provider      text NOT NULL CHECK (provider IN ('test', 'stripe')),
  type          text NOT NULL CHECK (char_length(type) <= 100),
  account_id    text,
  -- The provider's creation time of the event.
  created_at    timestamptz NOT NULL,
  payload       jsonb NOT NULL,
  received_at   timestamptz NOT NULL,
  processed_at  timestamptz
);
CREATE INDEX payment_events_unprocessed_idx ON payment_events (received_at) WHERE processed_at IS NULL;

-- ------------------------------------------------------------------ payments (the ledger)
-- A completed checkout, recorded once per provider session when the provider says it is paid.
-- Today the organiser's test payments (payments/make-payment); ticket orders join them.
CREATE TABLE payments (
  id                      bigserial PRIMARY KEY,
  provider                text NOT NULL CHECK (provider IN ('test', 'stripe')),
  checkout_session_id     text NOT NULL CHECK (char_length(checkout_session_id) <= 255),
  payment_intent_id       text CHECK (char_length(payment_intent_id) <= 255),
  kind                    text NOT NULL CHECK (kind IN ('test', 'order')),
  event_id                bigint REFERENCES events (id) ON DELETE SET NULL,
  payer_id                bigint REFERENCES users (id) ON DELETE SET NULL,
  -- Who receives the money: the organiser's connected account, or NULL for planns' own.
  payee_account_id        text,
  payee_user_id           bigint REFERENCES users (id) ON DELETE SET NULL,
  amount                  bigint NOT NULL CHECK (amount > 0),
  application_fee_amount  bigint NOT NULL CHECK (application_fee_amount >= 0 AND application_fee_amount <= amount),
  currency                text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  status                  text NOT NULL CHECK (status IN ('succeeded', 'refunded')),
  receipt_url             text,
  created_at              timestamptz NOT NULL,
  CONSTRAINT payments_session_key UNIQUE (provider, checkout_session_id)
);
CREATE INDEX payments_payee_idx ON payments (payee_user_id, created_at DESC);
CREATE INDEX payments_payer_idx ON payments (payer_id, created_at DESC);

-- ------------------------------------------------------------------ the test provider (PAYMENTS_PROVIDER=test)
-- planns playing the payment provider: its objects (accounts, products, prices, account and
-- login links, checkout sessions, payment intents) kept as the provider would return them, and
-- the answers it gave to idempotency keys.
CREATE TABLE test_provider_objects (
  id          text PRIMARY KEY,
  object      text NOT NULL,
  -- The connected account the object belongs to (NULL: the platform).
  account_id  text,
  data        jsonb NOT NULL,
  created_at  timestamptz NOT NULL
);
CREATE INDEX test_provider_objects_account_idx ON test_provider_objects (object, account_id, created_at DESC);

CREATE TABLE test_provider_idempotency (
  key         text PRIMARY KEY,
  object_id   text NOT NULL,
  created_at  timestamptz NOT NULL
);
