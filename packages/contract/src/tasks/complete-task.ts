import { z } from 'zod';
import { IdParamSchema } from '../common/fields';
import { defineRoute } from '../common/route';
import { TaskSchema } from './list-tasks';

/**
 * The task's id is `taskId`, not `id`: a refused request on patient data is audited with the
 * route's `id` read as the patient's (platform/route.ts auditRefusal).
 */
export const TaskIdParamsSchema = z.object({ taskId: IdParamSchema });

/** Marks a task done (spec §4: it leaves the `new` list); a task already done is a 409. */
export const completeTaskRoute = defineRoute({
  method: 'POST',
  path: '/api/v1/tasks/:taskId/done/',
  summary: 'Mark a task done',
  tags: ['tasks'],
  params: TaskIdParamsSchema,
  response: { 200: TaskSchema },
});
