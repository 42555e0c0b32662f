-- Seat maps (issue 17, decision 0036): an organiser's seat schemes, the event's choice of one,
-- and each seat of an event held or sold by one order or ticket only.

-- ------------------------------------------------------------------ seat schemes (events §3 Seat template)
-- The data (rows, columns, spacers, seat types, areas, disabled seats, the label rule) is checked
-- by the shared schema before it is stored; the database keeps its outline.
CREATE TABLE seat_templates (
  id          bigserial PRIMARY KEY,
  -- Kept when its owner's account goes while events still use it (their tickets name its seats).
  user_id     bigint REFERENCES users (id) ON DELETE SET NULL,
  name        text NOT NULL CHECK (char_length(btrim(name)) BETWEEN 1 AND 100),
  data        jsonb NOT NULL CHECK (
                jsonb_typeof(data) = 'object'
                AND (data ->> 'rows')::int BETWEEN 1 AND 100
                AND (data ->> 'columns')::int BETWEEN 1 AND 100
              ),
  -- Seats of the scheme (places less disabled ones), kept with the data.
  seat_count  integer NOT NULL CHECK (seat_count BETWEEN 1 AND 10000),
  created_at  timestamptz NOT NULL,
  updated_at  timestamptz NOT NULL
);
CREATE INDEX seat_templates_user_idx ON seat_templates (user_id, id);

-- ------------------------------------------------------------------ events: the seat selector switch
-- seated: people pick seats when they buy (events §2 Tickets panel's seat selector switch); the
-- scheme is seat_template_id, or the spec's default join map when it is NULL. A scheme an event
-- uses cannot be deleted (the key) and is not changed (the service refuses): tickets name its seats.
ALTER TABLE events
  ADD COLUMN seated boolean NOT NULL DEFAULT false,
  ADD COLUMN seat_template_id bigint REFERENCES seat_templates (id),
  ADD CONSTRAINT events_seat_template_check CHECK (seated OR seat_template_id IS NULL);
CREATE INDEX events_seat_template_idx ON events (seat_template_id) WHERE seat_template_id IS NOT NULL;

-- A ticket type sells the seats of one seat type of the event's scheme (its index in seatTypes).
ALTER TABLE event_ticket_types
  ADD COLUMN seat_type smallint CHECK (seat_type BETWEEN 0 AND 9),
  ADD CONSTRAINT event_ticket_types_seat_type_key UNIQUE (event_id, seat_type) DEFERRABLE INITIALLY DEFERRED;

-- ------------------------------------------------------------------ seats of an event, held or sold
-- One row per seat taken: held by a pending order until hold_expires_at (the order's), or sold
-- (ticket_id). The primary key is the last guard: one seat of one event belongs to one order or
-- ticket at a time, whatever the code above it does. An expired hold is taken over by deleting
-- its row first, in the transaction that inserts the new one.
CREATE TABLE event_seats (
  event_id         bigint NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  the_row          smallint NOT NULL CHECK (the_row BETWEEN 0 AND 99),
  the_col          smallint NOT NULL CHECK (the_col BETWEEN 0 AND 99),
  label            text NOT NULL CHECK (char_length(label) BETWEEN 1 AND 20),
  order_id         bigint REFERENCES orders (id) ON DELETE CASCADE,
  ticket_id        bigint REFERENCES tickets (id) ON DELETE CASCADE,
  hold_expires_at  timestamptz,
  created_at       timestamptz NOT NULL,
  PRIMARY KEY (event_id, the_row, the_col),
  -- Held (an order, until a time) or sold (a ticket; the order it came from may stay named).
  CHECK (ticket_id IS NOT NULL OR (order_id IS NOT NULL AND hold_expires_at IS NOT NULL)),
  CONSTRAINT event_seats_ticket_key UNIQUE (ticket_id)
);
CREATE INDEX event_seats_order_idx ON event_seats (order_id) WHERE order_id IS NOT NULL;

-- What a seated checkout picked (row, col, label and the ticket type each is sold as), kept with
-- the order: a payment that arrives after its hold claims these seats anew, or is refunded.
ALTER TABLE orders ADD COLUMN seats jsonb CHECK (seats IS NULL OR jsonb_typeof(seats) = 'array');

-- The seat a ticket admits to (accounts §3 Ticket seat): kept on the ticket for its holder's
-- history; event_seats holds the live claim, released when the ticket is refunded.
ALTER TABLE tickets
  ADD COLUMN seat_row smallint CHECK (seat_row BETWEEN 0 AND 99),
  ADD COLUMN seat_col smallint CHECK (seat_col BETWEEN 0 AND 99),
  ADD COLUMN seat_label text CHECK (char_length(seat_label) BETWEEN 1 AND 20),
  ADD CONSTRAINT tickets_seat_check CHECK ((seat_row IS NULL) = (seat_col IS NULL) AND (seat_row IS NULL) = (seat_label IS NULL));
