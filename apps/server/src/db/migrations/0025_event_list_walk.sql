-- The list's order walked without reading the events' table (issue 16, decision 0049).
--
-- A list of coming events walks events_start_idx in start order and tests each event against its
-- filters until the page is full: for a common searched word ('salsa', held by 2.5% of the
-- events) about 4,000 events for a page of 100. Each of them was read from the table (an
-- 840-byte row on a page of its own, scattered: the events are not stored in start order), about
-- 2.5 microseconds an event on the bench's machine: 10 ms of the database's time for one page.
-- The index now holds, beside its keys, every column the walk's filters test (who may see the
-- event, whether it is paid, when it ends, its words), so the walk is an index-only scan: the
-- same 4,000 events tested in about 1 ms, reading 170 of the index's pages instead of 4,000 of the
-- table's. (Rows on a page changed since the last vacuum are still read from the table: the index
-- answers for the others.)
--
-- A btree entry holds at most 2,704 bytes: the words of a long description (up to 10,000
-- characters) may not fit. list_words is the event's words when they take at most 2,000 bytes
-- (nearly every event: the longest of the bench's 100,000 take 396), else NULL; a search tests
-- list_words while walking and finds the few events without them from their own small index
-- (events.repo.ts, walkedWordsCondition).
CREATE FUNCTION planns_list_words(folded text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN (SELECT CASE WHEN pg_column_size(w) <= 2000 THEN w END FROM planns_words(folded) AS w);

-- The same text as search_words (a generated column cannot read another one).
ALTER TABLE events ADD COLUMN list_words text[] GENERATED ALWAYS AS (
  planns_list_words(planns_fold(name || ' ' || description || ' ' || venue || ' ' || address))
) STORED;

-- Ascending now (the lists' usual order; a descending list reads it backwards).
DROP INDEX events_start_idx;
CREATE INDEX events_start_idx ON events (start_date, id) INCLUDE (visibility, user_id, currency, ends_at, list_words)
  WHERE deleted_by_moderator_at IS NULL;
-- The events whose words do not fit in the index entry.
CREATE INDEX events_long_words_idx ON events (id) WHERE list_words IS NULL;

-- An index-only scan skips the table only for pages the visibility map marks all-visible, which a
-- vacuum sets and any change to a row of the page clears (a visit counted on an event page is one).
-- Autovacuum's default waits for a fifth of the rows to change; for the events it runs after 2%.
ALTER TABLE events SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.02);
