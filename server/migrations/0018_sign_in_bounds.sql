-- The owner's known devices, and the sign-in emails an address is sent a day
-- (docs/decisions/013, "Amended by issue 51").
--
-- A browser that has signed in keeps a long-lived cookie naming it (the SHA-256 of its random
-- token is kept here, with the address it signed in as): its asks for that address's link skip
-- the ceilings that strangers' asks share, so the owner can always get a link there. A link
-- keeps the device it was asked from ('' for a browser not known), so the links a day to an
-- address are bounded for unknown browsers together, and for each known device on its own.
CREATE TABLE owner_devices (
  token_hash TEXT PRIMARY KEY,
  email TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
) STRICT;
CREATE INDEX owner_devices_by_email ON owner_devices (email);
CREATE INDEX owner_devices_by_expiry ON owner_devices (expires_at);
ALTER TABLE owner_links ADD COLUMN device_hash TEXT NOT NULL DEFAULT '';
CREATE INDEX owner_links_by_device ON owner_links (device_hash, created_at);
