-- Issue 25, the owner's "Post an update" page and the site's live read of it
-- (/updates/current.json): what an update says about the rink's calendar, and its end.
--
-- The rink's date it is about ("YYYY-MM-DD"): the closure's date, or the day of different
-- hours; NULL for news.
ALTER TABLE list_updates ADD COLUMN applies_on TEXT;
-- "Different hours today": the day's hours as the content files write them,
-- [{"start": "14:00", "end": "17:00"}]; NULL otherwise.
ALTER TABLE list_updates ADD COLUMN hours TEXT CHECK (hours IS NULL OR json_valid(hours));
-- When the owner pressed "End now", or a newer update replaced it on the site.
ALTER TABLE list_updates ADD COLUMN ended_at TEXT;
-- The site's read: the updates not ended whose end is still ahead (a handful at most).
CREATE INDEX list_updates_in_force ON list_updates (ends_at) WHERE ended_at IS NULL;
