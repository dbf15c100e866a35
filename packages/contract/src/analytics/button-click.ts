import { z } from 'zod';
import { IdSchema } from '../common/fields';
import { defineRoute } from '../common/route';

/** What the button was; free text from the client's own names, kept short. */
export const ButtonTypeSchema = z
  .string()
  .trim()
  .min(1, 'button_type is required')
  .max(100, 'button_type is at most 100 characters');

export const ButtonClickBodySchema = z.object({
  button_type: ButtonTypeSchema,
  /** The patient whose page the button was on, when there was one; it must be of the clinic. */
  patient: IdSchema.nullable().optional(),
});
export type ButtonClickBody = z.input<typeof ButtonClickBodySchema>;

export const RecordedSchema = z.object({ id: z.number().int() });

/** Stores a button click (spec §7; the client swallows this call's errors). */
export const buttonClickRoute = defineRoute({
  method: 'POST',
  path: '/analytics/button-click',
  summary: 'Record a button click',
  tags: ['analytics'],
  body: ButtonClickBodySchema,
  response: { 201: RecordedSchema },
});

export const PriorityButtonClickBodySchema = z.object({ button_type: ButtonTypeSchema });
export type PriorityButtonClickBody = z.input<typeof PriorityButtonClickBodySchema>;

/** Stores a click in priority monitoring (spec §7; errors swallowed by the client). */
export const priorityMonitoringButtonClickRoute = defineRoute({
  method: 'POST',
  path: '/analytics/priority-monitoring-button-click',
  summary: 'Record a priority-monitoring button click',
  tags: ['analytics'],
  body: PriorityButtonClickBodySchema,
  response: { 201: RecordedSchema },
});
