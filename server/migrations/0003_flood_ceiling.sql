-- A flood from many addresses is bounded (docs/hardening.md). The per-form daily ceiling
-- counts a form's rows of the last 24 hours through this index (form-endpoint.ts).
CREATE INDEX submissions_by_form_time ON submissions (form, created_at);
-- The owner's emails one by one, so many an hour at most (notify.ts): when a row's email was
-- claimed, set just before it is sent and cleared if the send fails; the claims of the last
-- hour are counted.
ALTER TABLE submissions ADD COLUMN notify_claimed_at TEXT;
CREATE INDEX submissions_notify_claims ON submissions (notify_claimed_at)
  WHERE notify_claimed_at IS NOT NULL;
-- Past that, one digest email an hour tells of the rest: each digest, how many submissions it
-- told of and the newest of them (their notify_sent_at is when it went out).
CREATE TABLE notify_digests (
  id INTEGER PRIMARY KEY,
  sent_at TEXT NOT NULL,
  submissions INTEGER NOT NULL,
  last_id INTEGER NOT NULL
) STRICT;
CREATE INDEX notify_digests_by_time ON notify_digests (sent_at);
