-- Issue 42: the sign-in's limits counted per client too, so that a stranger's asks for the
-- owner's address, from their own connection, cannot keep the owner's link back
-- (docs/decisions/013, "Amended by issue 42").
--
-- Each ask and each link keeps the client it came from as the SHA-256 of its rate-limit key
-- (the IPv4 address, or an IPv6 address's /64): an ask is kept 24 hours, as before, and a
-- link, long expired after its 15 minutes, is now also deleted once a day old.
ALTER TABLE owner_sign_in_asks ADD COLUMN client_hash TEXT NOT NULL DEFAULT '';
CREATE INDEX owner_sign_in_asks_by_client ON owner_sign_in_asks (client_hash, at);
ALTER TABLE owner_links ADD COLUMN client_hash TEXT NOT NULL DEFAULT '';
