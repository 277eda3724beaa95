-- Issue 45: how the site does, counted on the site itself without a cookie (server/insights/).
-- Nothing here holds an address, a user agent or a full referrer: a referrer is kept as its
-- kind and bare site name, a user agent as a device class, and a visitor as a salted hash that
-- lives only for its day. Every table is WITHOUT ROWID with no second index, so a row written
-- is one row in D1's count (docs/deploy.md: the free plan's writes).
--
-- Each day's counts (`day`: the rink's date), one row per page, source, device and action.
-- A page view's row has action '' and `source` its referrer's kind ('search', 'social',
-- 'direct', 'other': another site, named in `site`); an action's row ("call", "directions",
-- "newsletter_signup" with its label, rink/insights.ts) has source ''. `hits`: views or taps;
-- `visitors`: the visitors first seen that day on this row's view, so a day's visits are the
-- sum of its view rows' `visitors`, each visitor counted once, by where they came from.
CREATE TABLE insight_counts (
  day TEXT NOT NULL,
  page TEXT NOT NULL,
  action TEXT NOT NULL,
  label TEXT NOT NULL,
  source TEXT NOT NULL CHECK (source IN ('', 'search', 'social', 'direct', 'other')),
  site TEXT NOT NULL,
  device TEXT NOT NULL CHECK (device IN ('phone', 'tablet', 'laptop')),
  hits INTEGER NOT NULL DEFAULT 0,
  visitors INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (day, page, action, label, source, site, device)
) STRICT, WITHOUT ROWID;
-- Today's visitors as SHA-256(the day's salt, the client's address, its user agent), so a
-- second view the same day is not a second visit. Deleted when the day ends, with the salt:
-- nobody, not even with the database, can then tell whether two days' visits were one person.
CREATE TABLE insight_visitors (
  day TEXT NOT NULL,
  hash TEXT NOT NULL,
  PRIMARY KEY (day, hash)
) STRICT, WITHOUT ROWID;
-- One random salt a day, made before its day begins and deleted after it.
CREATE TABLE insight_salts (
  day TEXT NOT NULL PRIMARY KEY,
  salt TEXT NOT NULL
) STRICT, WITHOUT ROWID;
-- Real phones' Core Web Vitals, one row per page view that sent them (`sample`: a random
-- number, the row's own key), kept 28 days for each page's 75th percentile. Milliseconds, but
-- CLS (no unit); NULL where the view did not measure it (INP needs a tap).
CREATE TABLE insight_vitals (
  day TEXT NOT NULL,
  page TEXT NOT NULL,
  sample INTEGER NOT NULL,
  lcp REAL,
  inp REAL,
  cls REAL,
  fcp REAL,
  ttfb REAL,
  PRIMARY KEY (day, page, sample)
) STRICT, WITHOUT ROWID;
-- The Monday summary email, by the rink's date of the Monday it went on: claimed before it is
-- sent (one send however many timers or Cron runs see 8 AM), `sent_at` once it went.
CREATE TABLE insight_summaries (
  week TEXT NOT NULL PRIMARY KEY,
  claimed_at TEXT NOT NULL,
  sent_at TEXT
) STRICT, WITHOUT ROWID;
-- The owners who turned the Monday summary off on "How the site is doing".
CREATE TABLE insight_summary_off (
  email TEXT NOT NULL PRIMARY KEY,
  at TEXT NOT NULL
) STRICT, WITHOUT ROWID;
