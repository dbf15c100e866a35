import { z } from 'zod';
import { PAGE_SIZE } from './constants';

/** Lists answer `{results, count}` (spec §3 "Lists are paged, with results and count"). */
export function PaginatedSchema<T extends z.ZodType>(item: T) {
  return z.object({ results: z.array(item), count: z.number().int().nonnegative() });
}

export const PageQuerySchema = z.object({
  page: z.coerce.number().int('Page must be a whole number').min(1, 'Page starts at 1').default(1),
});

export function pageOffset(page: number, pageSize: number = PAGE_SIZE): number {
  return (page - 1) * pageSize;
}
