import { useEffect, useEffectEvent } from 'react';
import { onMobileChatIdle } from '../stores/monitoring-store';

/**
 * spec §2: idle in mobile chat only closes the chat. The chat that is open says how to close it
 * while `active` (it monitors in the mobile_chat context); the last one mounted wins.
 */
export function useMobileChatIdle(active: boolean, close: () => void): void {
  const closeNow = useEffectEvent(close);
  useEffect(() => (active ? onMobileChatIdle(() => closeNow()) : undefined), [active]);
}
