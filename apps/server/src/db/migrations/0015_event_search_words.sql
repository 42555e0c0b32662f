-- Event search that never scans (issue 16, decision 0032).
--
-- Until now every word of a search was tested against each event's whole folded text: a substring
-- (LIKE, served by a trigram index) or nearly (pg_trgm word similarity, for typos). A common word
-- ('salsa', 'market') matched thousands of events, and the similarity was computed on every one of
-- them: 0.5 to 1.1 s over 100,000 events.
--
-- Now an event keeps the distinct words of its folded text (search_words, a GIN-indexed array),
-- and every word ever written is kept once in a small vocabulary (event_search_words) with a
-- trigram index. A searched word is first turned into the vocabulary words that contain it or
-- nearly match it (a few dozen rows at most), and the events are those holding one of them: an
-- array overlap the GIN index answers, or the planner tests cheaply while walking a list's order.

-- The words of a folded text: split at white space and ASCII punctuation, distinct, sorted.
-- The same separators as the service's splitting of a search (events.repo.ts, SEARCH_SEPARATORS),
-- so a searched word never holds a separator that no stored word can hold.
CREATE FUNCTION planns_words(folded text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN ARRAY(
    SELECT DISTINCT w FROM regexp_split_to_table(folded, E'[\\s\\u00a0\\u3000!-/:-@\\[-`{-~]+') AS w
    WHERE w <> '' ORDER BY w
  );

-- A generated column cannot read another one: the same folding as search_text.
ALTER TABLE events ADD COLUMN search_words text[] GENERATED ALWAYS AS (
  planns_words(planns_fold(name || ' ' || description || ' ' || venue || ' ' || address))
) STORED;
CREATE INDEX events_search_words_idx ON events USING gin (search_words);
-- The substring and typo conditions now run on the vocabulary; the text's trigram index goes.
DROP INDEX events_search_idx;

CREATE TABLE event_search_words (
  word text PRIMARY KEY
);
CREATE INDEX event_search_words_trgm_idx ON event_search_words USING gin (word gin_trgm_ops);

-- Words are only added (in sorted order, so two writers never wait on each other in a cycle).
-- A word no event holds any more stays: it expands to nothing that matches.
CREATE FUNCTION planns_collect_search_words() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO event_search_words (word) SELECT w FROM unnest(NEW.search_words) AS w ORDER BY w ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
CREATE TRIGGER events_search_words_insert AFTER INSERT ON events
  FOR EACH ROW EXECUTE FUNCTION planns_collect_search_words();
CREATE TRIGGER events_search_words_update AFTER UPDATE OF name, description, venue, address ON events
  FOR EACH ROW WHEN (OLD.search_words IS DISTINCT FROM NEW.search_words) EXECUTE FUNCTION planns_collect_search_words();

INSERT INTO event_search_words (word) SELECT DISTINCT unnest(search_words) FROM events ON CONFLICT DO NOTHING;
