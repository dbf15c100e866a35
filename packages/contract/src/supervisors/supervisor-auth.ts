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

/**
 * The e-mail (where reset links go) and the password are the keys to the account: changing either
 * takes the current password, so a borrowed or stolen token cannot take the account over.
 */
export const UpdateSupervisorBodySchema = z
  .strictObject({
    first_name: PersonNameSchema.optional(),
    last_name: PersonNameSchema.optional(),
    supervisor_email: EmailSchema.optional(),
    new_password: NewPasswordSchema.optional(),
    current_password: PasswordSchema.optional(),
  })
  .refine(
    (body) =>
      [body.first_name, body.last_name, body.supervisor_email, body.new_password].some(
        (value) => value !== undefined,
      ),
    { message: 'Send at least one of first_name, last_name, supervisor_email, new_password' },
  )
  .refine(
    (body) =>
      body.current_password !== undefined ||
      (body.supervisor_email === undefined && body.new_password === undefined),
    {
      path: ['current_password'],
      message: 'Enter your current password to change your e-mail or password',
    },
  );
export type UpdateSupervisorBody = z.input<typeof UpdateSupervisorBodySchema>;

export const updateSupervisorRoute = defineRoute({
  method: 'PATCH',
  path: '/clinic/supervisor',
  summary: "Update the signed-in supervisor's own profile",
  description:
    'Names change on their own; a new e-mail or password needs `current_password` (400 naming it when missing or wrong). A new password ends every other session of the supervisor.',
  tags: ['supervisors'],
  body: UpdateSupervisorBodySchema,
  response: { 200: UserSchema },
});
