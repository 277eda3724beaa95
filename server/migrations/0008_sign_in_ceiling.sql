-- Issue 31: a daily ceiling on the inbox's sign-in emails, per address asked for and overall.
--
-- Each ask for a sign-in link (POST /inbox/sign-in), for any address typed, owner's or not, so
-- that the answer after the ceiling is the same for every address and tells nobody which are
-- the owners': the address only as the SHA-256 of its lower-case form, kept 24 hours.
CREATE TABLE owner_sign_in_asks (
  address_hash TEXT NOT NULL,
  at TEXT NOT NULL
) STRICT;
CREATE INDEX owner_sign_in_asks_by_address ON owner_sign_in_asks (address_hash, at);
CREATE INDEX owner_sign_in_asks_by_time ON owner_sign_in_asks (at);
-- The links sent in the last 24 hours, all addresses together (the overall ceiling).
CREATE INDEX owner_links_by_time ON owner_links (created_at);
