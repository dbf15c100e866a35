import type { FastifyInstance } from 'fastify';
import { extensionTokenRoute } from '@homestretch/contract/auth/extension-token';
import { logoutRoute } from '@homestretch/contract/auth/logout';
import {
  checkResetLinkRoute,
  resetPasswordConfirmRoute,
  resetPasswordRoute,
} from '@homestretch/contract/auth/reset-password';
import { signInRoute } from '@homestretch/contract/auth/sign-in';
import { confirmSignUpRoute, signUpRoute } from '@homestretch/contract/auth/sign-up';
import { route } from '../../platform/route';
import { clearSessionCookie, setSignInCookies } from '../../platform/session-cookie';
import {
  RESET_REQUESTED_MESSAGE,
  SIGN_UP_REQUESTED_MESSAGE,
  checkResetLink,
  confirmPasswordReset,
  confirmSignUp,
  issueExtensionToken,
  requestPasswordReset,
  signIn,
  signOut,
  signUp,
} from './auth.service';

export function registerAuthRoutes(app: FastifyInstance): void {
  route(app, signInRoute, 'public', async ({ ctx, body, reply }) => {
    const session = await signIn(ctx, body);
    setSignInCookies(reply, ctx.config, session);
    return { user: session.user };
  });

  route(app, signUpRoute, 'public', async ({ ctx, body }) => {
    await signUp(ctx, body);
    return { ok: true as const, message: SIGN_UP_REQUESTED_MESSAGE };
  });

  route(app, confirmSignUpRoute, 'public', async ({ ctx, body, reply }) => {
    const session = await confirmSignUp(ctx, body);
    setSignInCookies(reply, ctx.config, session);
    return { user: session.user };
  });

  route(app, resetPasswordRoute, 'public', async ({ ctx, body }) => {
    await requestPasswordReset(ctx, body);
    return { ok: true as const, message: RESET_REQUESTED_MESSAGE };
  });

  route(app, checkResetLinkRoute, 'public', async ({ ctx, query }) => checkResetLink(ctx, query));

  route(app, resetPasswordConfirmRoute, 'public', async ({ ctx, body }) => ({
    user: await confirmPasswordReset(ctx, body),
  }));

  route(app, logoutRoute, 'public', async ({ ctx, reply }) => {
    await signOut(ctx);
    clearSessionCookie(reply, ctx.config);
    return { ok: true as const };
  });

  route(app, extensionTokenRoute, 'extension.token', async ({ ctx }) => {
    const { token, expiresAt } = await issueExtensionToken(ctx);
    return { token, expires_at: expiresAt.toISOString() };
  });
}
