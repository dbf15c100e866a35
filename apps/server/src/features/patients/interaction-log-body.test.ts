// The contract imports only zod, so the rules it holds are pinned here, where the server applies them.
import { describe, expect, it } from 'vitest';
import { LogInteractionBodySchema } from '@homestretch/contract/patients/interaction-log';

function fieldsOf(log: Record<string, unknown>): Record<string, string> {
  const result = LogInteractionBodySchema.safeParse({ log });
  const fields: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    fields[issue.path.join('.')] ??= issue.message;
  }
  return fields;
}

const date = '2026-11-02T09:30:00-05:00';

describe('an interaction that counts toward RTM (domain/rtm.md)', () => {
  it('takes notes, a call, or both', () => {
    expect(fieldsOf({ date, notes: 'Reviewed the bridge hold by phone.' })).toEqual({});
    expect(fieldsOf({ date, call_duration_seconds: 1 })).toEqual({});
    expect(fieldsOf({ date, notes: 'Call about pain.', call_duration_seconds: 600 })).toEqual({});
  });

  it('refuses an entry with neither notes nor a call', () => {
    const nothing = { 'log.notes': 'Write what happened, or enter the length of the call' };
    expect(fieldsOf({ date })).toEqual(nothing);
    expect(fieldsOf({ date, notes: '   \n ', call_duration_seconds: 0 })).toEqual(nothing);
  });

  it('caps a call at 3 hours', () => {
    expect(fieldsOf({ date, notes: 'Long call.', call_duration_seconds: 10_800 })).toEqual({});
    expect(fieldsOf({ date, notes: 'Long call.', call_duration_seconds: 10_801 })).toEqual({
      'log.call_duration_seconds': 'A call is at most 3 hours',
    });
    // "8 h 20 min" was logged and counted toward RTM.
    expect(fieldsOf({ date, call_duration_seconds: 30_000 })).toEqual({
      'log.call_duration_seconds': 'A call is at most 3 hours',
    });
  });
});
