-- The owner's inbox (/inbox/): submissions the owner has dealt with, the emailed sign-in links
-- and the sessions they open (both by the SHA-256 of their token, never the token), and a log
-- of what the owner did.
ALTER TABLE submissions ADD COLUMN handled_at TEXT;
CREATE TABLE owner_links (
  token_hash TEXT PRIMARY KEY,
  email TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT
) STRICT;
CREATE INDEX owner_links_by_email ON owner_links (email, created_at);
CREATE TABLE owner_sessions (
  token_hash TEXT PRIMARY KEY,
  email TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  revoked_at TEXT
) STRICT;
CREATE INDEX owner_sessions_by_email ON owner_sessions (email);
CREATE TABLE owner_log (
  id INTEGER PRIMARY KEY,
  at TEXT NOT NULL,
  email TEXT NOT NULL,
  action TEXT NOT NULL,
  detail TEXT NOT NULL DEFAULT ''
) STRICT;
