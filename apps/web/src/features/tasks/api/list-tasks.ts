import { type TaskList, listTasksRoute } from '@homestretch/contract/tasks/list-tasks';
import type { TaskStatus } from '@homestretch/contract/tasks/task-kinds';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { taskKeys } from '../../../lib/query-keys/task-keys';

/** GET /api/v1/tasks/?status&page: the caller's tasks of one status, 25 a page. */
export function listTasks(
  status: TaskStatus,
  page: number,
  signal?: AbortSignal,
): Promise<TaskList> {
  return apiCall(listTasksRoute, { query: { status, page }, signal });
}

export function tasksQueryOptions(status: TaskStatus, page: number) {
  return queryOptions({
    queryKey: taskKeys.list(status, page),
    queryFn: ({ signal }) => listTasks(status, page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useTasks(status: TaskStatus, page: number) {
  return useQuery(tasksQueryOptions(status, page));
}
