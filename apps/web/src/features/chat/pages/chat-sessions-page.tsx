import { ComingSoon } from '../../../ui/coming-soon';

/** chat_sessions (/chat) — built in a later issue; no sample data until then. */
export function ChatSessionsPage() {
  return (
    <ComingSoon
      screen="Chat"
      description="Your conversations with patients and with Homestretch support, with unread counts."
    />
  );
}
