import type { TemplateListQuery } from '@homestretch/contract/templates/list-templates';

/** Query keys of the program templates: the filtered lists and one template. */
export const templateKeys = {
  all: ['templates'] as const,
  lists: () => [...templateKeys.all, 'list'] as const,
  list: (query: TemplateListQuery) => [...templateKeys.lists(), query] as const,
  details: () => [...templateKeys.all, 'detail'] as const,
  detail: (id: number) => [...templateKeys.details(), id] as const,
};
