import { ComingSoon } from '../../../ui/coming-soon';

/** chat_messages (/chat/:id/messages) — built in a later issue; no sample data until then. */
export function ChatMessagesPage() {
  return (
    <ComingSoon
      screen="Messages"
      description="One conversation with a patient; new messages arrive as they are sent."
    />
  );
}
