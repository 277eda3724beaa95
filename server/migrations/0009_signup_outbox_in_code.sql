-- Issue 32: a signup's rows in the outbox are written by the code beside its insert, in the
-- same transaction (server/lists/signup-outbox.ts, run by server/node/database.ts and
-- server/edge/d1-store.ts), with the form and its fields named where the forms are
-- (rink/forms/), not in SQL. The triggers of 0005 and 0007 that wrote them go: a migrated
-- database has no trigger that writes outbox rows.
DROP TRIGGER IF EXISTS outbox_on_signup;
DROP TRIGGER IF EXISTS outbox_confirm_on_signup;
