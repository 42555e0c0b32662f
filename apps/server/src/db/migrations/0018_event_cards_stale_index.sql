-- The cards still to build, found without reading every event (issue 16, decision 0034).
--
-- The job events.fill_cards looked for coming events without a card by reading every coming
-- event with its card: 150 ms of three PostgreSQL processes every minute over 100,000 events,
-- whatever there was to do. Every event now has its card row (the triggers of 0016 make one on
-- every insert and write; this gives one to the events from before), and the rows still to build
-- are those without a body, which this small index lists.
INSERT INTO event_cards (event_id) SELECT id FROM events ORDER BY id ON CONFLICT (event_id) DO NOTHING;
CREATE INDEX event_cards_stale_idx ON event_cards (event_id) WHERE body IS NULL;
