import type { FastifyInstance } from 'fastify';
import {
  supervisorSignInRoute,
  updateSupervisorRoute,
} from '@homestretch/contract/supervisors/supervisor-auth';
import { assignSupervisorRoute } from '@homestretch/contract/supervisors/assign-supervisor';
import { route } from '../../platform/route';
import { setSignInCookies } from '../../platform/session-cookie';
import {
  assignSupervisor,
  supervisorSignIn,
  updateOwnSupervisorProfile,
} from './supervisors.service';

export function registerSupervisorRoutes(app: FastifyInstance): void {
  route(app, supervisorSignInRoute, 'public', async ({ ctx, body, reply }) => {
    const session = await supervisorSignIn(ctx, body);
    // The token of spec §7 for token clients, and the cookie for this web app.
    setSignInCookies(reply, ctx.config, session);
    return { token: session.token, user: session.user };
  });

  route(app, updateSupervisorRoute, 'supervisor.profile', async ({ ctx, body }) =>
    updateOwnSupervisorProfile(ctx, body),
  );

  route(app, assignSupervisorRoute, 'admin.assign_supervisor', ({ ctx, body }) =>
    assignSupervisor(ctx, body),
  );
}
