import { completeTaskRoute } from '@homestretch/contract/tasks/complete-task';
import type { Task, TaskList } from '@homestretch/contract/tasks/list-tasks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { taskKeys } from '../../../lib/query-keys/task-keys';

/** POST /api/v1/tasks/{id}/done/: the task, done (409 when it was done already). */
export function completeTask(id: number): Promise<Task> {
  return apiCall(completeTaskRoute, { params: { taskId: id } });
}

/**
 * spec §4: completing a task removes it from the list. It leaves the `new` pages at once
 * (optimistic); a failure puts them back as they were, and either way the lists are refetched.
 */
export function useCompleteTask() {
  const queryClient = useQueryClient();
  const newLists = { queryKey: [...taskKeys.lists(), 'new'] };
  return useMutation({
    mutationFn: completeTask,
    onMutate: async (id: number) => {
      await queryClient.cancelQueries(newLists);
      const before = queryClient.getQueriesData<TaskList>(newLists);
      queryClient.setQueriesData<TaskList>(newLists, (page) =>
        page && page.results.some((task) => task.id === id)
          ? { results: page.results.filter((task) => task.id !== id), count: page.count - 1 }
          : page,
      );
      return { before };
    },
    onError: (_error, _id, context) => {
      for (const [key, page] of context?.before ?? []) {
        queryClient.setQueryData(key, page);
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: taskKeys.lists() }),
  });
}
