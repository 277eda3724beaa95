-- A text's final status that Twilio reported before the pass that sent it had written down its
-- SID: a pass writes its texts' outcomes together after their calls (lists/outbox.ts), and a
-- carrier can answer sooner. Kept here, keyed by the SID alone (no number), and moved onto the
-- text's row when the pass writes it (lists/outbox-outcome.ts earlyStatus); one that no row
-- claims within 10 minutes is dropped by the next pass (lists/outbox-store.ts recoverStale).
CREATE TABLE text_status_early (
  sid TEXT PRIMARY KEY,
  delivery TEXT NOT NULL CHECK (delivery IN ('delivered', 'failed')),
  code INTEGER,
  at TEXT NOT NULL
) STRICT;
