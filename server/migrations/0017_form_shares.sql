-- The forms' daily ceiling counts spam apart from real messages, and each client's share of a
-- form's day (forms/daily-ceiling.ts), so that one connection, or a bot's filled-in trap,
-- cannot close a form for everyone else.
--
-- Each form's real messages and its spam are counted apart, through this index.
DROP INDEX submissions_by_form_time;
CREATE INDEX submissions_by_form_spam_time ON submissions (form, spam, created_at);
-- A real message's claim on its client's share of the form's day: the client as the SHA-256
-- of its rate-limit key (the IPv4 address, or an IPv6 address's /64), never the address;
-- deleted once a day old.
CREATE TABLE form_shares (
  form TEXT NOT NULL,
  client_hash TEXT NOT NULL,
  at TEXT NOT NULL
) STRICT;
CREATE INDEX form_shares_by_client ON form_shares (form, client_hash, at);
CREATE INDEX form_shares_by_time ON form_shares (at);
