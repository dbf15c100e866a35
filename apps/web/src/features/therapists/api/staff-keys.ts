/** Query keys of the therapists feature (one factory per feature, ARCHITECTURE.md "Web app"). */
export const staffKeys = {
  all: ['staff'] as const,
  lists: () => [...staffKeys.all, 'list'] as const,
  list: (params: { search: string; page: number }) => [...staffKeys.lists(), params] as const,
};
