import type { FastifyInstance } from 'fastify';
import { searchIcd10CodesRoute } from '@homestretch/contract/icd10/search-icd10-codes';
import { route } from '../../platform/route';
import { findIcd10Codes } from './icd10.service';

export function registerIcd10Routes(app: FastifyInstance): void {
  route(app, searchIcd10CodesRoute, 'icd10.search', ({ ctx, query }) => findIcd10Codes(ctx, query));
}
