-- Issue 32: the owner's updates are named for what they hold (the owner's posts: the site's
-- live update, and what went to the lists), not for the lists. The index of the site's read
-- follows the name. The outbox's reference to the table is renamed with it.
ALTER TABLE list_updates RENAME TO owner_updates;
DROP INDEX list_updates_in_force;
CREATE INDEX owner_updates_in_force ON owner_updates (ends_at) WHERE ended_at IS NULL;
