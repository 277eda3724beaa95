-- The outbox's passes read only what waits, whatever its history, and a signup's
-- rows carry the client it came from, so that one connection cannot spend the day's texts or
-- Kit's opt-in emails (docs/decisions/027-outbox-bounds-and-client-shares.md).
--
-- The client a signup's row came from: the SHA-256 of its rate-limit key (the IPv4 address, or
-- an IPv6 address's /64), never the address; NULL when unknown, for an owner's row, for a row
-- past its client's share, and once the row is a day old (the hourly chore clears it). The
-- row's place in its client's share of the day: 1 for a client's first signup, 2 for its second.
ALTER TABLE outbox ADD COLUMN client_hash TEXT;
ALTER TABLE outbox ADD COLUMN client_rank INTEGER NOT NULL DEFAULT 1;
-- One text per number per update, as before; no longer an index of the confirmation requests
-- (update_id NULL, never alike in a unique index), which the planner read whole through it.
DROP INDEX outbox_one_text;
CREATE UNIQUE INDEX outbox_one_text ON outbox (update_id, recipient)
  WHERE action = 'text' AND update_id IS NOT NULL;
-- A client's signups of the day, counted when it signs up again.
CREATE INDEX outbox_by_client ON outbox (client_hash, action, created_at)
  WHERE client_hash IS NOT NULL;
-- The text list's waiting rows, in two: an update's texts by due time, and the signups'
-- confirmation requests by each client's share then oldest first. The email list keeps
-- outbox_due.
CREATE INDEX outbox_update_texts_due ON outbox (due_at)
  WHERE state = 'waiting' AND list = 'text' AND update_id IS NOT NULL;
CREATE INDEX outbox_confirmations_due ON outbox (client_rank, created_at)
  WHERE state = 'waiting' AND action = 'text' AND update_id IS NULL;
-- The confirmation requests claimed in the last 24 hours: the day's ceiling, a range of a day.
CREATE INDEX outbox_confirmations_claimed ON outbox (claimed_at)
  WHERE action = 'text' AND update_id IS NULL AND state IN ('sent', 'sending');
-- The confirmation requests not sent (dropped, or past their client's share): the signups page.
CREATE INDEX outbox_confirmations_skipped ON outbox (submission_id)
  WHERE action = 'text' AND update_id IS NULL AND state = 'skipped';
-- Finished rows by when, so those 30 days old can go.
CREATE INDEX outbox_done ON outbox (done_at) WHERE state IN ('sent', 'failed', 'skipped');
-- When the outbox's hourly chore last ran (drop day-old confirmation requests, delete finished
-- rows 30 days old, clear day-old client hashes): claimed by one conditional UPDATE, so one
-- pass an hour runs it, across processes and Worker isolates.
CREATE TABLE outbox_chores (
  chore TEXT PRIMARY KEY,
  at TEXT NOT NULL
) STRICT;
INSERT INTO outbox_chores (chore, at) VALUES ('hourly', '');
