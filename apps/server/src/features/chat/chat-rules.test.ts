import { describe, expect, it } from 'vitest';
import { chatRecency } from '@homestretch/contract/chat/chat-rules';
import { mayOpenPatientChat } from './chat-rules';

describe('mayOpenPatientChat', () => {
  it('lets the admin open any patient conversation, treating or not', () => {
    expect(mayOpenPatientChat('admin', false)).toBe(true);
  });

  it('lets therapists and remote PTs open the conversations of the patients they treat', () => {
    expect(mayOpenPatientChat('therapist', true)).toBe(true);
    expect(mayOpenPatientChat('remote_therapist', true)).toBe(true);
    expect(mayOpenPatientChat('therapist', false)).toBe(false);
    expect(mayOpenPatientChat('remote_therapist', false)).toBe(false);
  });

  it('never lets office managers, supervisors or patients open one', () => {
    expect(mayOpenPatientChat('manager', true)).toBe(false);
    expect(mayOpenPatientChat('supervisor', true)).toBe(false);
    expect(mayOpenPatientChat('patient', true)).toBe(false);
  });
});

describe('chatRecency', () => {
  const now = new Date('2026-11-26T12:00:00Z');

  it('is CHAT_RECENT up to seven days after the last message, CHAT_OUTDATED after', () => {
    expect(chatRecency(new Date('2026-11-26T11:59:00Z'), now)).toBe('CHAT_RECENT');
    expect(chatRecency(new Date('2026-11-19T12:00:00Z'), now)).toBe('CHAT_RECENT');
    expect(chatRecency(new Date('2026-11-19T11:59:59Z'), now)).toBe('CHAT_OUTDATED');
  });
});
