-- An event's list card, written once and sent many times (issue 16, decision 0034).
--
-- A list page of 100 events used to compute each event again for every request: a dozen
-- subqueries an event (its people, counts, categories, ticket types, comments), their JSON parsed
-- by the server and written out again. Most of that is the same for every viewer and changes only
-- when the event or its people change. A card keeps it: `body`, the JSON text of the event's
-- fields that are the same for every viewer who does not manage the event, and `facts`, what the
-- server needs to add the rest for each viewer (the place and the organiser's phone for signed-in
-- viewers, the first people going with the viewer first, the ticket types with what remains, the
-- places taken). The server fills a card the first time a list needs it.
--
-- Every write that changes what a card holds makes it stale in the same transaction (the triggers
-- below): `version` goes up and the body is dropped. A card is filled only if its version is still
-- the one read before the event was read (the fill's ON CONFLICT ... WHERE), so a fill that raced
-- a write never stores what the write replaced.

CREATE TABLE event_cards (
  event_id  bigint PRIMARY KEY REFERENCES events (id) ON DELETE CASCADE,
  version   bigint NOT NULL DEFAULT 1,
  body      text,
  facts     jsonb,
  CHECK ((body IS NULL) = (facts IS NULL))
);

-- Makes the cards of these events stale (creating the row of an event that has none yet, so a
-- fill that read "no card" cannot store over the change). Events already gone are skipped (a
-- cascade from an event's deletion). Sorted, so two writers never wait on each other in a cycle.
CREATE FUNCTION planns_stale_cards(ids bigint[]) RETURNS void
  LANGUAGE sql AS $$
  INSERT INTO event_cards (event_id, version)
  SELECT DISTINCT i.id, 1 FROM unnest(ids) AS i(id) WHERE i.id IS NOT NULL AND EXISTS (SELECT 1 FROM events e WHERE e.id = i.id)
  ORDER BY 1
  ON CONFLICT (event_id) DO UPDATE SET version = event_cards.version + 1, body = NULL, facts = NULL
$$;

-- Rows that name their event in event_id: answers, categories, comments, ticket types.
CREATE FUNCTION planns_stale_card_of_row() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM planns_stale_cards(ARRAY[OLD.event_id]);
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM planns_stale_cards(ARRAY[OLD.event_id, NEW.event_id]);
  ELSE
    PERFORM planns_stale_cards(ARRAY[NEW.event_id]);
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER event_users_stale_card AFTER INSERT OR UPDATE OR DELETE ON event_users
  FOR EACH ROW EXECUTE FUNCTION planns_stale_card_of_row();
CREATE TRIGGER event_categories_stale_card AFTER INSERT OR UPDATE OR DELETE ON event_categories
  FOR EACH ROW EXECUTE FUNCTION planns_stale_card_of_row();
CREATE TRIGGER comments_stale_card AFTER INSERT OR DELETE ON comments
  FOR EACH ROW EXECUTE FUNCTION planns_stale_card_of_row();
CREATE TRIGGER event_ticket_types_stale_card AFTER INSERT OR UPDATE OR DELETE ON event_ticket_types
  FOR EACH ROW EXECUTE FUNCTION planns_stale_card_of_row();

-- The event itself: any change but a visit counted (visits are shown to its managers only, who
-- never get a card), so a page view writes nothing more.
CREATE FUNCTION planns_stale_card_of_event() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM planns_stale_cards(ARRAY[NEW.id]);
  RETURN NULL;
END;
$$;
CREATE TRIGGER events_stale_card_insert AFTER INSERT ON events
  FOR EACH ROW EXECUTE FUNCTION planns_stale_card_of_event();
CREATE TRIGGER events_stale_card_update AFTER UPDATE ON events
  FOR EACH ROW WHEN ((to_jsonb(OLD) - 'visits') IS DISTINCT FROM (to_jsonb(NEW) - 'visits'))
  EXECUTE FUNCTION planns_stale_card_of_event();

-- A person's name, pictures or phone: the cards of the events they organise or answered.
CREATE FUNCTION planns_stale_cards_of_person() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM planns_stale_cards(ARRAY(
    SELECT e.id FROM events e WHERE e.user_id = NEW.id
    UNION SELECT r.event_id FROM event_users r WHERE r.user_id = NEW.id));
  RETURN NULL;
END;
$$;
CREATE TRIGGER users_stale_cards AFTER UPDATE ON users
  FOR EACH ROW WHEN ((OLD.name, OLD.avatar, OLD.avatar_m, OLD.avatar_s, OLD.phone) IS DISTINCT FROM (NEW.name, NEW.avatar, NEW.avatar_m, NEW.avatar_s, NEW.phone))
  EXECUTE FUNCTION planns_stale_cards_of_person();

-- A group's name, and a category's: the cards of their events.
CREATE FUNCTION planns_stale_cards_of_group() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM planns_stale_cards(ARRAY(SELECT e.id FROM events e WHERE e.group_id = NEW.id));
  RETURN NULL;
END;
$$;
CREATE TRIGGER groups_stale_cards AFTER UPDATE ON groups
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION planns_stale_cards_of_group();

CREATE FUNCTION planns_stale_cards_of_category() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM planns_stale_cards(ARRAY(SELECT ec.event_id FROM event_categories ec WHERE ec.category_id = NEW.id));
  RETURN NULL;
END;
$$;
CREATE TRIGGER categories_stale_cards AFTER UPDATE ON categories
  FOR EACH ROW WHEN ((OLD.slug, OLD.name, OLD.position) IS DISTINCT FROM (NEW.slug, NEW.name, NEW.position))
  EXECUTE FUNCTION planns_stale_cards_of_category();
