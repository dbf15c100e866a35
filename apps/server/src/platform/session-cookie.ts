import type { FastifyReply } from 'fastify';
import type { Config } from '../config';
import { SESSION_COOKIE } from './http-security';

/**
 * httpOnly so page scripts never see it. SameSite is COOKIE_SAMESITE: Lax by default, so other
 * sites' forms and frames do not carry it; None only for a web app on another site, and then
 * always Secure (config refuses otherwise; docs/decisions/005-cookie-samesite.md).
 */
export function setSessionCookie(
  reply: FastifyReply,
  config: Config,
  token: string,
  expiresAt: Date,
): void {
  void reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: config.cookieSameSite,
    secure: config.cookieSecure,
    path: '/',
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  void reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: config.cookieSameSite,
    secure: config.cookieSecure,
    path: '/',
  });
}
