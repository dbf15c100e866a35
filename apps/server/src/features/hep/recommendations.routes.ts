import type { FastifyInstance } from 'fastify';
import { recommendationsRoute } from '@homestretch/contract/hep/recommendations';
import { route } from '../../platform/route';
import { recommend } from './recommendations.service';

export function registerRecommendationRoutes(app: FastifyInstance): void {
  route(app, recommendationsRoute, 'hep.read', ({ ctx, query }) => recommend(ctx, query));
}
