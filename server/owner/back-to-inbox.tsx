// "Back to the inbox", the way back from an answer, a deletion's question and the updates.

/** Where "Back to the inbox" goes: the messages (the home is /inbox/ itself). */
export const messagesPath = "/inbox/?view=messages";

export function BackToInbox() {
  return (
    <p>
      <a href={messagesPath}>Back to the inbox</a>
    </p>
  );
}
