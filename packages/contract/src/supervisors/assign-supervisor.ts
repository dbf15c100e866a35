import { z } from 'zod';
import { IdSchema } from '../common/fields';
import { defineRoute } from '../common/route';

/** The most therapists one call names: a clinic's whole team, with room to spare. */
export const MAX_ASSIGNED_THERAPISTS = 500;

export const AssignSupervisorBodySchema = z.strictObject({
  /** A supervisor of the admin's clinic. */
  user_id: IdSchema,
  /**
   * Therapists and remote PTs of the same clinic. Absent: every approved one of the clinic who has
   * no supervisor yet.
   */
  therapist_ids: z
    .array(IdSchema)
    .min(1, 'Name at least one therapist, or leave therapist_ids out')
    .max(MAX_ASSIGNED_THERAPISTS, `At most ${MAX_ASSIGNED_THERAPISTS} therapists at once`)
    .optional(),
});
export type AssignSupervisorBody = z.input<typeof AssignSupervisorBodySchema>;

const PersonSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
});

export const SupervisorTeamSchema = z.object({
  supervisor: PersonSchema,
  /** Every therapist now assigned to the supervisor (this call's and earlier ones), by name. */
  therapists: z.array(PersonSchema.extend({ role: z.enum(['therapist', 'remote_therapist']) })),
  /** Those this call assigned (a therapist already theirs is not counted again). */
  assigned_ids: z.array(z.number().int()),
});
export type SupervisorTeam = z.infer<typeof SupervisorTeamSchema>;

/**
 * spec §6/§7: the administrator assigns a supervisor to therapists. A therapist has one
 * supervisor: assigning moves them from the one they had. 404 for another clinic's user; 422 when
 * `user_id` is not a supervisor or a listed id is not a therapist.
 */
export const assignSupervisorRoute = defineRoute({
  method: 'PATCH',
  path: '/admin/clinic/update/supervisor',
  summary: 'Assign a supervisor to therapists',
  tags: ['supervisors', 'admin'],
  body: AssignSupervisorBodySchema,
  response: { 200: SupervisorTeamSchema },
});
