-- The inbox's first schema. Read by the Node server (node:sqlite, tracked in PRAGMA
-- user_version) and applied to D1 by `wrangler d1 migrations apply` (tracked in d1_migrations).
-- Add a new numbered file for a change; never edit one that has shipped.
CREATE TABLE submissions (
  id INTEGER PRIMARY KEY,
  form TEXT NOT NULL,
  created_at TEXT NOT NULL,
  data TEXT NOT NULL CHECK (json_valid(data)),
  spam INTEGER NOT NULL DEFAULT 0 CHECK (spam IN (0, 1)),
  notify_sent_at TEXT,
  notify_attempts INTEGER NOT NULL DEFAULT 0,
  notify_last_error TEXT
) STRICT;
CREATE INDEX submissions_by_form ON submissions (form, id);
CREATE INDEX submissions_unsent ON submissions (id)
  WHERE notify_sent_at IS NULL AND spam = 0;
