-- The beacon's bounds (server/insights/): what a stranger can make it write is bounded per client
-- and per day, and the owner's reads are bounded by the tables' keys, never by their history.
--
-- Today's clients replace today's visitors. A client is its address (the rate limit's key: an
-- IPv6 address by its /64) as SHA-256 of the day's salt and the address, cut to 128 bits;
-- `beacons` the beacons stored for it today (its share of the day: store.ts), `views` its page
-- views, `agents` the short salted hashes of the user agents it viewed pages with (",a1b2c3d4,"),
-- at most a few (a family's devices), so a changing user agent is not a new visitor each time.
-- `fresh`: whether the last beacon stored brought a new agent (a visit); `last`: that beacon's
-- random key, which the batch's later statements look for (stored, or past a bound). Deleted
-- when the day ends, with the salt.
DROP TABLE insight_visitors;
CREATE TABLE insight_clients (
  day TEXT NOT NULL,
  client TEXT NOT NULL,
  beacons INTEGER NOT NULL,
  views INTEGER NOT NULL,
  agents TEXT NOT NULL,
  fresh INTEGER NOT NULL,
  last INTEGER NOT NULL,
  PRIMARY KEY (day, client)
) STRICT, WITHOUT ROWID;
-- Other sites that sent visitors today, each with the clients whose first view of the day came
-- from it: a site is named in the counts once several have, else counted as "other" unnamed.
-- Deleted when the day ends.
CREATE TABLE insight_referrers (
  day TEXT NOT NULL,
  site TEXT NOT NULL,
  clients INTEGER NOT NULL,
  PRIMARY KEY (day, site)
) STRICT, WITHOUT ROWID;
-- One row a day: the day's totals the owner's home, page and Monday email read (visits, page
-- views, each action, vitals samples kept), and `written`, the rows the beacons and the day's
-- end wrote that day, which the beacon's daily budget is held to. One column per action of
-- rink/insights.ts's beaconActions.
CREATE TABLE insight_days (
  day TEXT NOT NULL PRIMARY KEY,
  written INTEGER NOT NULL DEFAULT 0,
  beacons INTEGER NOT NULL DEFAULT 0,
  visits INTEGER NOT NULL DEFAULT 0,
  views INTEGER NOT NULL DEFAULT 0,
  call INTEGER NOT NULL DEFAULT 0,
  directions INTEGER NOT NULL DEFAULT 0,
  newsletter_signup INTEGER NOT NULL DEFAULT 0,
  message_sent INTEGER NOT NULL DEFAULT 0,
  add_to_calendar INTEGER NOT NULL DEFAULT 0,
  calendar_feed INTEGER NOT NULL DEFAULT 0,
  vitals INTEGER NOT NULL DEFAULT 0
) STRICT, WITHOUT ROWID;
-- The days counted so far, rolled up once from their count rows.
INSERT INTO insight_days
  (day, visits, views, call, directions, newsletter_signup, message_sent, add_to_calendar,
   calendar_feed, vitals)
SELECT day,
  sum(CASE WHEN action = '' THEN visitors ELSE 0 END),
  sum(CASE WHEN action = '' THEN hits ELSE 0 END),
  sum(CASE WHEN action = 'call' THEN hits ELSE 0 END),
  sum(CASE WHEN action = 'directions' THEN hits ELSE 0 END),
  sum(CASE WHEN action = 'newsletter_signup' THEN hits ELSE 0 END),
  sum(CASE WHEN action = 'message_sent' THEN hits ELSE 0 END),
  sum(CASE WHEN action = 'add_to_calendar' THEN hits ELSE 0 END),
  sum(CASE WHEN action = 'calendar_feed' THEN hits ELSE 0 END),
  0
FROM insight_counts GROUP BY day;
