import { z } from 'zod';
import { PageQuerySchema, PaginatedSchema } from '../common/pagination';
import { defineRoute } from '../common/route';
import { TASK_KINDS, TASK_STATUSES } from './task-kinds';

/** spec §3 Task: id and status, and what a clinician needs to act on it. */
export const TaskSchema = z.object({
  id: z.number().int(),
  status: z.enum(TASK_STATUSES),
  kind: z.enum(TASK_KINDS),
  /** Why, in words a clinician understands ("No data from the app since Nov 21"). */
  reason: z.string(),
  /** The clinic day it should be done by (`YYYY-MM-DD`): today, or the month's last day. */
  due_on: z.string().nullable(),
  created_at: z.string(),
  done_at: z.string().nullable(),
  patient: z.object({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
  }),
});
export type Task = z.infer<typeof TaskSchema>;

export const ListTasksQuerySchema = PageQuerySchema.extend({
  /** spec §4: the list's default filter is `new`. */
  status: z.enum(TASK_STATUSES, { message: 'Status is new or done' }).default('new'),
});
export type ListTasksQuery = z.input<typeof ListTasksQuerySchema>;

export const TaskListSchema = PaginatedSchema(TaskSchema);
export type TaskList = z.infer<typeof TaskListSchema>;

/**
 * The tasks about the patients the caller treats (the clinic's admin: every patient), 25 a page:
 * new ones by due day, done ones most recently done first.
 */
export const listTasksRoute = defineRoute({
  method: 'GET',
  path: '/api/v1/tasks/',
  summary: 'Tasks about the patients the caller treats',
  tags: ['tasks'],
  querystring: ListTasksQuerySchema,
  response: { 200: TaskListSchema },
});
