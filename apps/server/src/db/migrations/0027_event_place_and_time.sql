-- Lists around a place within dates ("10 km, this weekend"), read by place and time at once
-- (issue 16, decision 0051).
--
-- Such a list (ordered by start, the weekend's or the chosen dates) read every event of the
-- distance's bounding box from the geographic index, whatever its date, then kept the few of the
-- dates: about 3,500 events read for 16 kept around a point of Barcelona in bench:events, 8 to 12
-- ms. This index holds each event's point and its time as a range, so a scan keeps only the
-- events of the box that overlap the dates. The list adds the range's overlap beside its own date
-- conditions (events.repo.ts), which say the same: an event [start, end] overlaps [from, to) exactly
-- when it ends at or after `from` and starts before `to` (every event's start is at or before its
-- end: events_under_way_idx could not hold it otherwise).
CREATE INDEX events_place_time_idx ON events USING gist (ll_to_earth(lat, lng), tstzrange(start_date, ends_at, '[]'))
  WHERE lat IS NOT NULL AND deleted_by_moderator_at IS NULL;

-- What PostgreSQL knows of the events' times as ranges. It keeps statistics of an index's
-- expressions but does not use those of a partial index (selfuncs.c, examine_variable), and both
-- range indexes are partial: "under way now" was estimated at 0.5% of the events, PostgreSQL's
-- default, about 500 of the bench's 100,000 where 16 are. Planned for 500, the branch of the events
-- under way of a list of categories hashed the categories' 28,000 events (11 ms) instead of
-- looking up the 16 (0.6 ms). Statistics of the expressions themselves are used (PostgreSQL 14+).
CREATE STATISTICS events_under_way_stats ON (tstzrange(start_date, ends_at, '(]')) FROM events;
CREATE STATISTICS events_time_stats ON (tstzrange(start_date, ends_at, '[]')) FROM events;
ANALYZE events;
