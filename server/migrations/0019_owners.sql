-- The site's first run (docs/decisions/028): the owner made at /setup with the setup code is
-- kept here, beside the owners the settings name (OWNER_EMAILS, else NOTIFY_TO); either may
-- sign in. While this table and the settings name no owner, /setup is open; once it holds a
-- row, /setup is closed for good.
CREATE TABLE owners (
  email TEXT NOT NULL PRIMARY KEY COLLATE NOCASE,
  added_at TEXT NOT NULL,
  -- How the owner was added: 'setup code' (the first run).
  added_by TEXT NOT NULL
) STRICT;
-- The setup code's tries, each by the SHA-256 of its client's rate-limit key, kept an hour:
-- a client has a few tries in 15 minutes, and all clients together a few dozen an hour.
CREATE TABLE setup_tries (
  client_hash TEXT NOT NULL,
  at TEXT NOT NULL
) STRICT;
CREATE INDEX setup_tries_by_client ON setup_tries (client_hash, at);
CREATE INDEX setup_tries_by_time ON setup_tries (at);
