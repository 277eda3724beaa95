-- One name for an update's end (issue 32): `until`, as the owner's form and the pages' JSON
-- (/updates/current.json) have always called it; the code says `until` too. The partial index
-- owner_updates_in_force follows the column (SQLite and D1 rename it inside the index).
ALTER TABLE owner_updates RENAME COLUMN ends_at TO until;
