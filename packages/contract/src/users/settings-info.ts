import { z } from 'zod';
import { defineRoute } from '../common/route';

export const SettingsInfoSchema = z.object({
  support_user_id: z.number().int().nullable(),
  initial_note: z.string(),
});
export type SettingsInfo = z.infer<typeof SettingsInfoSchema>;

export const settingsInfoRoute = defineRoute({
  method: 'GET',
  path: '/user/settings-info',
  summary: 'Support user id and initial note for the current clinic',
  tags: ['users'],
  response: { 200: SettingsInfoSchema },
});
