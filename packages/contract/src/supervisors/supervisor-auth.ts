import { z } from 'zod';
import {
  ClinicCodeSchema,
  EmailSchema,
  NewPasswordSchema,
  PasswordSchema,
  PersonNameSchema,
} from '../common/fields';
import { defineRoute } from '../common/route';
import { UserSchema } from '../users/user';

export const SupervisorSignInBodySchema = z.strictObject({
  code: ClinicCodeSchema,
  password: PasswordSchema,
});
export type SupervisorSignInBody = z.input<typeof SupervisorSignInBodySchema>;

export const SupervisorSignInResponseSchema = z.object({ token: z.string(), user: UserSchema });

/** spec §6/§7: supervisors sign in with the clinic code and their password; answers a token. */
export const supervisorSignInRoute = defineRoute({
  method: 'POST',
  path: '/clinic/supervisor/signin',
  summary: 'Supervisor sign-in with clinic code and password',
  tags: ['supervisors'],
  body: SupervisorSignInBodySchema,
  response: { 200: SupervisorSignInResponseSchema },
});

export const UpdateSupervisorBodySchema = z
  .strictObject({
    first_name: PersonNameSchema.optional(),
    last_name: PersonNameSchema.optional(),
    supervisor_email: EmailSchema.optional(),
    new_password: NewPasswordSchema.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Send at least one of first_name, last_name, supervisor_email, new_password',
  });
export type UpdateSupervisorBody = z.input<typeof UpdateSupervisorBodySchema>;

export const updateSupervisorRoute = defineRoute({
  method: 'PATCH',
  path: '/clinic/supervisor',
  summary: "Update the signed-in supervisor's own profile",
  tags: ['supervisors'],
  body: UpdateSupervisorBodySchema,
  response: { 200: UserSchema },
});
