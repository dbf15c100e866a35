import type { VoiceCall } from '@homestretch/contract/voice/call-status';

/** `mm:ss` of a live call's talk time. */
export function clockTime(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * Where a call stands in a few words: Calling…, Ringing, In call 01:05, Ended — Reached /
 * Not reached. `now` is when the status was last read (the talk time of a live call).
 */
export function callStatusWords(call: VoiceCall, now: number): string {
  switch (call.status) {
    case 'queued':
      return 'Calling…';
    case 'ringing':
      return 'Ringing';
    case 'in-progress':
      return call.started_at
        ? `In call ${clockTime((now - Date.parse(call.started_at)) / 1000)}`
        : 'In call';
    case 'completed':
    case 'busy':
    case 'no-answer':
    case 'failed':
    case 'canceled':
      return call.outcome === 'CALL_OK' ? 'Ended — Reached' : 'Ended — Not reached';
  }
}
