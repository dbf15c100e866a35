import type { MonitoringContext } from '@homestretch/contract/monitoring/monitoring-context';

/**
 * spec §4 monitoring contexts: a chat with a patient is desktop chat or mobile chat by the
 * device it happens on. Their idle rules differ (monitoring-rules.ts): desktop chat goes back to
 * the chat list, mobile chat only closes the chat.
 */
export function chatMonitoringContext(
  phone: boolean,
): Extract<MonitoringContext, 'desktop_chat' | 'mobile_chat'> {
  return phone ? 'mobile_chat' : 'desktop_chat';
}
