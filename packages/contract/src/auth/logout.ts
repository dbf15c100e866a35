import { EmptyResponseSchema } from '../common/fields';
import { defineRoute } from '../common/route';

/** Ends the session; answers ok also when nobody was signed in (idempotent). */
export const logoutRoute = defineRoute({
  method: 'POST',
  path: '/authentication/logout',
  summary: 'Sign out',
  tags: ['auth'],
  response: { 200: EmptyResponseSchema },
});
