import type { FastifyInstance } from 'fastify';
import { completeTaskRoute } from '@homestretch/contract/tasks/complete-task';
import { listTasksRoute } from '@homestretch/contract/tasks/list-tasks';
import { route } from '../../platform/route';
import { completeTask, listTasks } from './tasks.service';

export function registerTaskRoutes(app: FastifyInstance): void {
  route(app, listTasksRoute, 'tasks.manage', ({ ctx, query }) => listTasks(ctx, query));
  route(app, completeTaskRoute, 'tasks.manage', ({ ctx, params }) =>
    completeTask(ctx, params.taskId),
  );
}
