import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

export const SESSION_COOKIE = 'hs_session';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** The page origins allowed to call the API: the server's own and the configured web origins. */
export function allowedOrigins(
  request: FastifyRequest,
  webOrigins: string[],
  publicUrl: string,
): Set<string> {
  return new Set([
    `${request.protocol}://${request.host}`,
    originOf(publicUrl) ?? publicUrl,
    ...webOrigins,
  ]);
}

/**
 * CSRF defence for state-changing requests (README, Security). Browsers attach Origin to every
 * cross-origin and same-origin POST/PUT/PATCH/DELETE, and Sec-Fetch-Site where supported; a page
 * on another site cannot forge either. A request that names a foreign origin is refused. A request
 * with neither header is not from a browser page (curl, the patient app) and has no ambient
 * cookie to abuse, unless Sec-Fetch-Site says it is cross-site.
 */
export function checkCsrf(request: FastifyRequest, allowed: Set<string>): void {
  if (!UNSAFE_METHODS.has(request.method)) {
    return;
  }
  const origin = request.headers.origin ?? originOf(request.headers.referer ?? '');
  if (origin && origin !== 'null') {
    if (!allowed.has(origin)) {
      throw new AppError('csrf_rejected', `Requests from ${origin} are not allowed`);
    }
    return;
  }
  if (origin === 'null' || request.headers['sec-fetch-site'] === 'cross-site') {
    throw new AppError('csrf_rejected', 'Cross-site requests are not allowed');
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's requests carry their own credential (a signature), never a session. */
    signatureAuthorised?: boolean;
  }
}

/**
 * The tus upload endpoint authorises each request by the upload ticket's signature alone
 * (features/library/upload.service.ts): it reads no cookie, so a page on another site gains
 * nothing by sending one, and the CSRF check, which guards cookie-authenticated changes, has
 * nothing to guard there. A forged request without the ticket's signature is refused by that
 * check; one with it was made by whoever holds the ticket, which is the point of a ticket.
 */
export function signatureAuthorised(request: FastifyRequest): boolean {
  return request.routeOptions.config.signatureAuthorised === true;
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) {
    return null;
  }
  const token = header.slice('Bearer '.length).trim();
  return token.length > 0 ? token : null;
}
