import { describe, expect, it } from 'vitest';
import type { CallerUser, SessionKind } from '../../platform/sessions';
import { isLoopbackAddress, outboxReader } from './outbox-access';

const caller = (role: CallerUser['role'], sessionKind: SessionKind = 'web') => ({
  user: { role, approvalStatus: 'approved', clinicId: 7 } as CallerUser,
  sessionKind,
});

describe('who reads the outbox', () => {
  it('knows loopback in IPv4, IPv6 and IPv4-mapped form, and nothing else', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) {
      expect(isLoopbackAddress(address), address).toBe(true);
    }
    for (const address of ['10.0.0.1', '::ffff:10.0.0.1', '1270.0.0.1', '::2', '', undefined]) {
      expect(isLoopbackAddress(address), String(address)).toBe(false);
    }
  });

  it('gives this machine everything, unless a proxy forwarded the request', () => {
    expect(outboxReader({ socketAddress: '127.0.0.1', forwarded: false, caller: null })).toEqual({
      scope: 'all',
    });
    expect(outboxReader({ socketAddress: '127.0.0.1', forwarded: true, caller: null })).toBeNull();
  });

  it("gives a signed-in admin their clinic's messages, and no one else anything", () => {
    const remote = { socketAddress: '198.51.100.4', forwarded: false };
    expect(outboxReader({ ...remote, caller: caller('admin') })).toEqual({
      scope: 'clinic',
      clinicId: 7,
    });
    for (const role of [
      'therapist',
      'remote_therapist',
      'manager',
      'supervisor',
      'patient',
    ] as const) {
      expect(outboxReader({ ...remote, caller: caller(role) }), role).toBeNull();
    }
    expect(outboxReader({ ...remote, caller: caller('admin', 'extension') })).toBeNull();
    expect(outboxReader({ ...remote, caller: null })).toBeNull();
  });
});
