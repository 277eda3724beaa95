-- Issue 31: the text list by confirmed consent, and texts counted as carriers report them.
--
-- A newsletter signup with a phone asks that number, by one text, to reply YES: an outbox row
-- of the text list with no update (update_id NULL) is that confirmation request. Written in the
-- signup's own INSERT (so in its transaction on both databases), at most one a number in 24
-- hours, and none for a number that has already answered (YES/START: on the list; STOP: only
-- START or YES from that phone puts it back, never a web signup). The number joins the text
-- list when its YES arrives (list_consent 'in', list-hooks.ts).
CREATE TRIGGER outbox_confirm_on_signup AFTER INSERT ON submissions
WHEN NEW.form = 'newsletter' AND NEW.spam = 0 AND NEW.phone_key IS NOT NULL
BEGIN
  INSERT INTO outbox (list, action, submission_id, recipient, created_at, due_at)
  SELECT 'text', 'text', NEW.id, NEW.phone_key, NEW.created_at, NEW.created_at
  WHERE NOT EXISTS (
      SELECT 1 FROM outbox WHERE action = 'text' AND update_id IS NULL
        AND recipient = NEW.phone_key
        AND created_at > strftime('%Y-%m-%dT%H:%M:%fZ', NEW.created_at, '-1 day'))
    AND NOT EXISTS (
      SELECT 1 FROM list_consent WHERE list = 'text' AND person = NEW.phone_key);
END;
-- What the carrier made of a text Twilio accepted, from Twilio's signed status callback
-- (/hooks/twilio/status): 'delivered', or 'failed' (Twilio's "failed" or "undelivered") with
-- Twilio's error code (30006: a landline, 30034: the sender is not registered, ...); NULL
-- while no final status has come.
ALTER TABLE outbox ADD COLUMN delivery TEXT CHECK (delivery IS NULL OR delivery IN ('delivered', 'failed'));
ALTER TABLE outbox ADD COLUMN delivery_code INTEGER;
ALTER TABLE outbox ADD COLUMN delivery_at TEXT;
-- A status callback names the message by its SID (service_ref).
CREATE INDEX outbox_by_ref ON outbox (service_ref) WHERE service_ref IS NOT NULL;
