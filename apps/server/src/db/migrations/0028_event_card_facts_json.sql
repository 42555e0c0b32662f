-- The cards' facts kept as the JSON text they were written as (issue 16, decision 0053).
--
-- A page of 100 cards sends each card's facts (about 650 bytes: the place, the organiser, the
-- first people going, the ticket types) to the server, which parses them. As jsonb every one was
-- written out again from PostgreSQL's binary form (jsonb_out) on every page: about 0.4 ms of the
-- database's time a page of 100, a fifth of the cards' statement. Nothing queries inside the
-- facts (they are stored, read whole and parsed by the server), so json, the text as written,
-- is sent as it is (about 0.1 ms a page).
ALTER TABLE event_cards ALTER COLUMN facts TYPE json USING facts::json;
