import type { z } from 'zod';
import { PAGE_SIZE } from '@homestretch/contract/common/constants';
import { pageOffset } from '@homestretch/contract/common/pagination';
import type {
  Icd10CodeResult,
  Icd10SearchQuerySchema,
} from '@homestretch/contract/icd10/search-icd10-codes';
import type { AuthedCtx } from '../../platform/context';
import { displayIcd10Code, planIcd10Search } from './icd10-search';
import { searchIcd10Codes } from './icd10.repo';

/**
 * Searches the full ICD-10-CM code set by code or words, best matches first, 25 a page.
 * Reference data, not patient data: nothing to audit.
 */
export async function findIcd10Codes(
  ctx: AuthedCtx,
  query: z.output<typeof Icd10SearchQuerySchema>,
): Promise<{ results: Icd10CodeResult[]; count: number }> {
  const { rows, count } = await searchIcd10Codes(ctx.db, planIcd10Search(query.search), {
    limit: PAGE_SIZE,
    offset: pageOffset(query.page),
  });
  return {
    count,
    results: rows.map((row) => ({
      code: row.code,
      display_code: displayIcd10Code(row.code),
      description: row.description,
      billable: row.billable,
    })),
  };
}
