import { UnreadBadge } from '../../ui/unread-badge';
import { useMyUnreadCount } from '../api/chat';

/** The clinic's unread messages, on the program's way to the chat. */
export function ChatUnreadBadge() {
  return <UnreadBadge count={useMyUnreadCount().data ?? 0} large />;
}
