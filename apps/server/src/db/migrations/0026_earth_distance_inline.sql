-- The distance of a list around a place, computed in the statement itself (issue 16, decision 0051).
--
-- A list around a place keeps the events within the distance with
-- earth_distance(ll_to_earth(centre), ll_to_earth(e.lat, e.lng)) <= metres, tested on every event
-- its cells' walk reads (about 300 for a page of 100 within 25 km). ll_to_earth is an SQL function
-- that PostgreSQL cannot inline (its result is cast to the domain earth, whose checks call earth()
-- and cube_distance again), so each call ran as a function of its own: about 15 microseconds, twice
-- an event in the prepared statement (the centre is a parameter there), 8 to 9 ms of the 10 ms a
-- page of "25 km around Barcelona" took to read.
--
-- planns_earth_distance is the same number, bit for bit, as plain arithmetic that the planner
-- inlines into the statement: ll_to_earth's point on earthdistance's sphere (earth() = 6378168 m,
-- each coordinate multiplied in the same order), cube_distance's sum of the squared differences
-- (x, then y, then z, from 0), and sec_to_gc's great circle (2 R asin(chord / 2 R); a chord is
-- never negative, so its first branch is left out). Not STRICT, so that it is inlined (a strict
-- SQL function is inlined only when all of its body is strict, and CASE is not); a NULL coordinate
-- still gives NULL, as earth_distance's does. event-list-equivalence.test.ts compares the two on
-- points over the globe and checks that the list's statement holds no call to it.
CREATE FUNCTION planns_earth_distance(lat1 float8, lng1 float8, lat2 float8, lng2 float8) RETURNS float8
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN CASE
    WHEN sqrt(
        (6378168::float8 * cos(radians(lat1)) * cos(radians(lng1)) - 6378168::float8 * cos(radians(lat2)) * cos(radians(lng2)))
          * (6378168::float8 * cos(radians(lat1)) * cos(radians(lng1)) - 6378168::float8 * cos(radians(lat2)) * cos(radians(lng2)))
        + (6378168::float8 * cos(radians(lat1)) * sin(radians(lng1)) - 6378168::float8 * cos(radians(lat2)) * sin(radians(lng2)))
          * (6378168::float8 * cos(radians(lat1)) * sin(radians(lng1)) - 6378168::float8 * cos(radians(lat2)) * sin(radians(lng2)))
        + (6378168::float8 * sin(radians(lat1)) - 6378168::float8 * sin(radians(lat2)))
          * (6378168::float8 * sin(radians(lat1)) - 6378168::float8 * sin(radians(lat2)))
      ) / (2 * 6378168::float8) > 1
      THEN pi() * 6378168::float8
    ELSE 2 * 6378168::float8 * asin(sqrt(
        (6378168::float8 * cos(radians(lat1)) * cos(radians(lng1)) - 6378168::float8 * cos(radians(lat2)) * cos(radians(lng2)))
          * (6378168::float8 * cos(radians(lat1)) * cos(radians(lng1)) - 6378168::float8 * cos(radians(lat2)) * cos(radians(lng2)))
        + (6378168::float8 * cos(radians(lat1)) * sin(radians(lng1)) - 6378168::float8 * cos(radians(lat2)) * sin(radians(lng2)))
          * (6378168::float8 * cos(radians(lat1)) * sin(radians(lng1)) - 6378168::float8 * cos(radians(lat2)) * sin(radians(lng2)))
        + (6378168::float8 * sin(radians(lat1)) - 6378168::float8 * sin(radians(lat2)))
          * (6378168::float8 * sin(radians(lat1)) - 6378168::float8 * sin(radians(lat2)))
      ) / (2 * 6378168::float8))
  END;
