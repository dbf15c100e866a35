import { IdParamsSchema } from '../common/fields';
import { defineRoute } from '../common/route';
import { TaskSchema } from './list-tasks';

/** Marks a task done (spec §4: it leaves the `new` list); a task already done is a 409. */
export const completeTaskRoute = defineRoute({
  method: 'POST',
  path: '/api/v1/tasks/:id/done/',
  summary: 'Mark a task done',
  tags: ['tasks'],
  params: IdParamsSchema,
  response: { 200: TaskSchema },
});
