import type { TaskStatus } from '@homestretch/contract/tasks/task-kinds';

/** Query keys of the tasks feature (one factory per feature, ARCHITECTURE.md "Web app"). */
export const taskKeys = {
  all: ['tasks'] as const,
  lists: () => [...taskKeys.all, 'list'] as const,
  list: (status: TaskStatus, page: number) => [...taskKeys.lists(), status, page] as const,
};
