import type { FastifyReply } from 'fastify';
import type { Config } from '../config';
import { SESSION_COOKIE } from './http-security';
import { setDeviceCookie } from './known-devices';

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

/** After a proven sign-in: the session, and the browser remembered for the account. */
/** The cookies of a sign-in: what features/auth/sign-in.ts answers with. */
export interface SignInCookies {
  token: string;
  expiresAt: Date;
  /** The hs_device cookie's token, once a password was proven from this browser. */
  deviceToken?: string;
}

export function setSignInCookies(
  reply: FastifyReply,
  config: Config,
  session: SignInCookies,
): void {
  setSessionCookie(reply, config, session.token, session.expiresAt);
  if (session.deviceToken) {
    setDeviceCookie(reply, config, session.deviceToken);
  }
}
