/**
 * Who may read the development outbox. It holds password-reset links and sign-in codes, so it is
 * a way into every account it names: served only when DEV_OUTBOX=on (never in production), and
 * then only to a person at the server's own machine, or to a clinic's signed-in admin for that
 * clinic's messages. Everyone else is told there is nothing here (404).
 */
import { can } from '../../platform/permissions';
import type { Caller } from '../../platform/sessions';

export type OutboxReader = { scope: 'all' } | { scope: 'clinic'; clinicId: number } | null;

export interface OutboxRequest {
  /** The TCP peer, never a header: X-Forwarded-For is whatever the client says. */
  socketAddress: string | undefined;
  /** A proxy forwarded the request, so a loopback peer speaks for someone elsewhere. */
  forwarded: boolean;
  caller: Pick<Caller, 'user' | 'sessionKind'> | null;
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 addresses. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) {
    return false;
  }
  const ipv4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return ipv4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(ipv4);
}

export function outboxReader(request: OutboxRequest): OutboxReader {
  if (isLoopbackAddress(request.socketAddress) && !request.forwarded) {
    return { scope: 'all' };
  }
  const caller = request.caller;
  if (
    caller &&
    caller.user.clinicId !== null &&
    can(caller.user, 'dev.outbox', caller.sessionKind)
  ) {
    return { scope: 'clinic', clinicId: caller.user.clinicId };
  }
  return null;
}
