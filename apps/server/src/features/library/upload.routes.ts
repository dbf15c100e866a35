import type { FastifyInstance } from 'fastify';
import { createUploadRoute } from '@homestretch/contract/library/create-upload';
import type { AppDeps } from '../../platform/context';
import { findMediaTools } from '../../platform/media-probe';
import { route } from '../../platform/route';
import { videoSigningKey } from '../../platform/video-signing-key';
import { createUploadLocker } from './upload-locker';
import { registerTusEndpoint } from './upload-tus';
import { type UploadSettings, createUpload } from './upload.service';

/**
 * Uploads: the ticket (spec §7 POST /video/create_by_therapist) and the tus endpoint it points
 * at, its locks held in the PostgreSQL the nodes share when there is one (upload-locker.ts).
 * Returns what the app waits for at close (films still being processed).
 */
export async function registerUploadRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  nodesDatabaseUrl: string | undefined,
): Promise<() => Promise<void>> {
  const settings: UploadSettings = {
    signingKey: await videoSigningKey(deps.config),
    libraryId: deps.config.video.libraryId,
    uploadUrl: deps.config.video.uploadUrl,
    maxUploadBytes: deps.config.video.maxUploadBytes,
  };
  route(app, createUploadRoute, 'library.manage', ({ ctx, body }) =>
    createUpload(ctx, settings, body),
  );
  return registerTusEndpoint(app, {
    deps,
    settings,
    tools: await findMediaTools(),
    locker: createUploadLocker(nodesDatabaseUrl, deps.log),
  });
}
