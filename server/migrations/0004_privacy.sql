-- Hardening, round 2. One key per phone number (rink/forms/phone.ts, phoneKey: its digits, a US
-- "1" in front dropped), so searching and deleting find a number however it was written; the
-- rows already stored get theirs from their text. And the deletions the owner made, each as
-- a keyed hash of the email or phone (never the address), so that a restored backup has
-- them applied again (owner/deletions.ts).
ALTER TABLE submissions ADD COLUMN phone_key TEXT;
UPDATE submissions
SET phone_key = replace(replace(replace(replace(replace(replace(replace(
  json_extract(data, '$.phone'), '(', ''), ')', ''), '-', ''), ' ', ''), '.', ''), '+', ''), '/', '')
WHERE json_extract(data, '$.phone') IS NOT NULL;
UPDATE submissions SET phone_key = substr(phone_key, 2)
WHERE length(phone_key) = 11 AND phone_key LIKE '1%';
CREATE INDEX submissions_by_phone ON submissions (phone_key) WHERE phone_key IS NOT NULL;
CREATE TABLE deletions (
  key_hash TEXT PRIMARY KEY,
  deleted_at TEXT NOT NULL
) STRICT;
