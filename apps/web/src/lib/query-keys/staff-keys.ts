/** Query keys of the staff feature (one factory per feature, ARCHITECTURE.md "Web app"). */
export const staffKeys = {
  all: ['staff'] as const,
  lists: () => [...staffKeys.all, 'list'] as const,
  list: (params: { search: string; page: number; canTreat: boolean; role: string | null }) =>
    [...staffKeys.lists(), params] as const,
};
