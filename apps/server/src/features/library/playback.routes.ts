import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  FIGURE_FRAMES,
  VIDEO_MEDIA_PATHS,
  VideoIdParamsSchema,
} from '@homestretch/contract/library/video';
import { parseRange } from '../../platform/byte-range';
import {
  AppError,
  fieldsFromValidation,
  invalidInput,
  zodValidationIssues,
} from '../../platform/errors';
import { authorizedCtx } from '../../platform/route';
import { type MediaWanted, drawVideoFigure, figureEtag, findVideoMedia } from './playback.service';

const FrameParamsSchema = VideoIdParamsSchema.extend({
  index: z.coerce
    .number({ error: 'The photo index is a whole number' })
    .int('The photo index is a whole number')
    .min(0, 'The photo index is a whole number')
    .max(99, 'A video has at most 100 photos'),
});

const FigureParamsSchema = VideoIdParamsSchema.extend({
  frame: z.enum(FIGURE_FRAMES, { error: `The figure is one of ${FIGURE_FRAMES.join(', ')}` }),
});

/**
 * A day on the caller's own device: a film does not change under its key, and a patient taken
 * off a program only keeps what their browser already holds. Never in a shared cache.
 */
const CACHE_CONTROL = 'private, max-age=86400';

/**
 * Films, posters and photos (contract VIDEO_MEDIA_PATHS): bytes, not JSON, so plain routes that
 * run route()'s own permission check first (authorizedCtx), then answer range requests.
 */
export function registerPlaybackRoutes(app: FastifyInstance): void {
  const serve =
    (wanted: (params: Record<string, unknown>) => MediaWanted, schema: z.ZodType<{ id: number }>) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const ctx = authorizedCtx(request.ctx, 'library.play');
      const parsed = schema.safeParse(request.params);
      if (!parsed.success) {
        throw invalidInput(fieldsFromValidation(zodValidationIssues(parsed.error)));
      }
      const media = await findVideoMedia(ctx, parsed.data.id, wanted(parsed.data));
      const etag = `W/"${media.size.toString(36)}-${media.modifiedAt.getTime().toString(36)}"`;
      // A Range for another version of the file (If-Range) gets the whole current one.
      const ifRange = request.headers['if-range'];
      const verdict = parseRange(
        ifRange === undefined || ifRange === etag ? request.headers.range : undefined,
        media.size,
      );
      if (verdict.kind === 'unsatisfiable') {
        throw new AppError(
          'range_not_satisfiable',
          `The file has ${media.size} bytes; the range asked for is past its end`,
          undefined,
          { 'content-range': `bytes */${media.size}` },
        );
      }
      void reply.headers({
        'cache-control': CACHE_CONTROL,
        etag,
        'last-modified': media.modifiedAt.toUTCString(),
        'accept-ranges': 'bytes',
      });
      if (request.headers['if-none-match'] === etag) {
        return reply.status(304).send();
      }
      void reply.type(media.contentType);
      if (verdict.kind === 'partial') {
        return reply
          .status(206)
          .headers({
            'content-range': `bytes ${verdict.start}-${verdict.end}/${media.size}`,
            'content-length': verdict.end - verdict.start + 1,
          })
          .send(await media.read(verdict));
      }
      return reply.header('content-length', media.size).send(await media.read());
    };

  // Films and JPEGs are compressed already; compressing would also break byte ranges.
  const options = { compress: false as const, schema: { hide: true } };
  app.get(
    VIDEO_MEDIA_PATHS.file,
    options,
    serve(() => ({ kind: 'file' }), VideoIdParamsSchema),
  );
  app.get(
    VIDEO_MEDIA_PATHS.poster,
    options,
    serve(() => ({ kind: 'poster' }), VideoIdParamsSchema),
  );
  app.get(
    VIDEO_MEDIA_PATHS.frame,
    options,
    serve((params) => ({ kind: 'frame', index: Number(params.index) }), FrameParamsSchema),
  );
  // A figure follows the model its video takes, which a clinic may change for its own film: the
  // browser asks again each time and an unchanged drawing costs a 304 (its ETag is its content).
  app.get(VIDEO_MEDIA_PATHS.figure, { schema: { hide: true } }, async (request, reply) => {
    const ctx = authorizedCtx(request.ctx, 'library.play');
    const parsed = FigureParamsSchema.safeParse(request.params);
    if (!parsed.success) {
      throw invalidInput(fieldsFromValidation(zodValidationIssues(parsed.error)));
    }
    const svg = await drawVideoFigure(ctx, parsed.data.id, parsed.data.frame);
    const etag = figureEtag(svg);
    void reply.headers({ 'cache-control': 'private, no-cache', etag });
    if (request.headers['if-none-match'] === etag) {
      return reply.status(304).send();
    }
    return reply.type('image/svg+xml').send(svg);
  });
}
