-- Issue 25: the signups reach the services that send to them (a newsletter service for email,
-- a text service for texts), through an outbox, and what people tell those services comes back.
--
-- An update from the owner: the note, what it means, until when, and the lists it goes to.
CREATE TABLE list_updates (
  id TEXT PRIMARY KEY,
  created_at TEXT NOT NULL,
  kind TEXT NOT NULL,
  note TEXT NOT NULL,
  ends_at TEXT,
  -- What was sent, composed when it was queued (the owner's preview is what goes out).
  subject TEXT NOT NULL,
  text_body TEXT NOT NULL,
  -- Per list asked for: "queued", or why nothing was (the service is not set up).
  lists TEXT NOT NULL CHECK (json_valid(lists))
) STRICT;
-- The outbox: one row per call to a service (add a signup to the email list, send an update's
-- broadcast, send one text). Claimed before it is sent ('sending'), so no two passes send it;
-- 'waiting' again with a later due_at while the service is unavailable; 'failed' with the
-- service's words when it refuses; 'skipped' when the person opted out before it went. A
-- signup's row goes with the signup when the owner deletes a person's data.
CREATE TABLE outbox (
  id INTEGER PRIMARY KEY,
  list TEXT NOT NULL CHECK (list IN ('email', 'text')),
  action TEXT NOT NULL CHECK (action IN ('subscribe', 'broadcast', 'text')),
  submission_id INTEGER REFERENCES submissions (id) ON DELETE CASCADE,
  update_id TEXT REFERENCES list_updates (id) ON DELETE CASCADE,
  -- subscribe: the email, lower-case; text: the phone's key (rink/forms/phone.ts); broadcast: ''.
  recipient TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  state TEXT NOT NULL DEFAULT 'waiting'
    CHECK (state IN ('waiting', 'sending', 'sent', 'failed', 'skipped')),
  attempts INTEGER NOT NULL DEFAULT 0,
  due_at TEXT NOT NULL,
  claimed_at TEXT,
  done_at TEXT,
  last_error TEXT,
  -- What the service called it (a broadcast's id, a message's SID).
  service_ref TEXT
) STRICT;
CREATE INDEX outbox_due ON outbox (list, due_at) WHERE state = 'waiting';
CREATE INDEX outbox_claims ON outbox (claimed_at) WHERE state = 'sending';
CREATE INDEX outbox_by_update ON outbox (update_id) WHERE update_id IS NOT NULL;
CREATE INDEX outbox_by_submission ON outbox (submission_id) WHERE submission_id IS NOT NULL;
CREATE INDEX outbox_by_recipient ON outbox (recipient) WHERE recipient <> '';
-- One text per number per update, however often it is queued.
CREATE UNIQUE INDEX outbox_one_text ON outbox (update_id, recipient) WHERE action = 'text';
-- In the signup's own statement, so in its transaction on both databases (a group commit under
-- Node, D1's batch or single insert): a newsletter signup with an email asks to be added to the
-- email list. Texts have no such call: the text list is this database's own signups.
CREATE TRIGGER outbox_on_signup AFTER INSERT ON submissions
WHEN NEW.form = 'newsletter' AND NEW.spam = 0
  AND coalesce(json_extract(NEW.data, '$.email'), '') <> ''
BEGIN
  INSERT INTO outbox (list, action, submission_id, recipient, created_at, due_at)
  VALUES ('email', 'subscribe', NEW.id, lower(trim(json_extract(NEW.data, '$.email'))),
          NEW.created_at, NEW.created_at);
END;
-- What people told the services after signing up, the latest per list and person (a lower-case
-- email, a phone's key): 'out' (unsubscribed, bounced, complained, STOP) or 'in' (START). A
-- signup made after an 'out' is consent given again.
CREATE TABLE list_consent (
  list TEXT NOT NULL CHECK (list IN ('email', 'text')),
  person TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('in', 'out')),
  reason TEXT NOT NULL,
  at TEXT NOT NULL,
  PRIMARY KEY (list, person)
) STRICT;
