/**
 * The server's own tus 1.0 endpoint (ARCHITECTURE.md, Uploads and video): @tus/server keeps the
 * protocol (offsets, resumption, locks), storing under DATA_DIR/uploads or in S3; our checks
 * (upload.service.ts) run in front of it and our error shape comes out of it.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { TUS_UPLOAD_PATH } from '@homestretch/contract/library/create-upload';
import type { ErrorCode } from '@homestretch/contract/common/errors';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import { Server } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { NodeRequest, sendNodeResponse } from 'srvx/node';
import type { AppDeps } from '../../platform/context';
import { errorBody } from '../../platform/errors';
import { s3ClientConfig } from '../../platform/file-storage';
import type { MediaTools } from '../../platform/media-probe';
import type { UploadLocker } from './upload-locker';
import { SWEEP_GRACE_SECONDS, TICKET_LIFETIME_SECONDS, uploadIdFor } from './upload-rules';
import {
  type TusStore,
  type UploadSettings,
  authorizeTusRequest,
  finishUpload,
  sweepStaleUploads,
} from './upload.service';

/** GET is not tus; DELETE lets a client give up an unfinished upload (tus termination). */
const TUS_METHODS: HTTPMethods[] = ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'];

/** The headers Bunny Stream's tus endpoint reads, which a browser on another origin may send. */
const SIGNATURE_HEADERS = ['AuthorizationSignature', 'AuthorizationExpire', 'VideoId', 'LibraryId'];

/** S3 multipart parts: the smallest S3 takes, so a dropped connection loses little. */
const S3_PART_BYTES = 8 * 1024 * 1024;

/**
 * An unfinished upload is abandoned once its ticket has expired (no request for it can pass the
 * signature check any more): its partial file goes at the next sweep, an hour's grace later.
 */
const ABANDONED_AFTER_MS = (TICKET_LIFETIME_SECONDS + SWEEP_GRACE_SECONDS) * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};

/** What tus's own refusals mean in our codes (its bodies are plain text). */
function codeOfStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'unauthenticated';
    case 403:
      return 'forbidden';
    case 404:
    case 410:
      return 'not_found';
    case 409:
      return 'conflict';
    case 413:
      return 'payload_too_large';
    case 415:
      return 'unsupported_media_type';
    default:
      return status >= 500 ? 'internal' : 'bad_request';
  }
}

/** tus answers its refusals in plain text; the one error shape (ARCHITECTURE.md, HTTP) is JSON. */
async function inErrorShape(response: Response): Promise<Response> {
  if (response.status < 400) {
    return response;
  }
  const text = (await response.text()).trim();
  const body = text.startsWith('{"error"')
    ? text
    : JSON.stringify(errorBody(codeOfStatus(response.status), text || 'The upload was refused'));
  const headers = new Headers(response.headers);
  headers.set('content-type', 'application/json; charset=utf-8');
  headers.set('content-length', String(Buffer.byteLength(body)));
  return new Response(body, { status: response.status, headers });
}

export interface TusEndpointOptions {
  deps: AppDeps;
  settings: UploadSettings;
  tools: MediaTools | null;
  /** tus's per-upload lock: in memory, or in PostgreSQL for several nodes (upload-locker.ts). */
  locker: UploadLocker;
}

/**
 * Registers `/tusupload` and `/tusupload/:uploadId`. Returns the app's close step: it stops the
 * sweep, waits for the processing still running and lets go of the lock's connections.
 */
export async function registerTusEndpoint(
  app: FastifyInstance,
  { deps, settings, tools, locker }: TusEndpointOptions,
): Promise<() => Promise<void>> {
  const { config } = deps;
  const datastore = config.s3
    ? new S3Store({
        partSize: S3_PART_BYTES,
        s3ClientConfig: { bucket: config.s3.bucket, ...s3ClientConfig(config.s3) },
      })
    : new FileStore({
        directory: path.join(config.dataDir, 'uploads'),
        expirationPeriodInMilliseconds: ABANDONED_AFTER_MS,
      });
  const store: TusStore = {
    // Where the finished file is, as platform/file-storage.ts names it.
    storageKeyOf: (uploadId) => (config.s3 ? uploadId : `uploads/${uploadId}`),
    discard: (uploadId) =>
      datastore.remove(uploadId).catch((error: unknown) => {
        deps.log.warn({ err: error, uploadId }, 'refused upload not removed');
      }),
  };
  const processing = new Set<Promise<void>>();

  const tus = new Server({
    path: TUS_UPLOAD_PATH,
    datastore,
    locker,
    relativeLocation: true,
    respectForwardedHeaders: config.trustProxy,
    maxSize: settings.maxUploadBytes,
    allowedHeaders: SIGNATURE_HEADERS,
    allowedOrigins: [new URL(config.publicUrl).origin, ...config.webOrigins],
    disableTerminationForFinishedUploads: true,
    // Checked in front (authorizeTusRequest): VideoId is a video this ticket signed for.
    namingFunction: (request) =>
      uploadIdFor(request.headers.get('videoid') ?? '', randomBytes(16).toString('hex')),
    onUploadFinish: async (_request, upload) => {
      const finished = await finishUpload(
        deps,
        { storage: deps.files, tools },
        {
          uploadId: upload.id,
          storageKey: store.storageKeyOf(upload.id),
          sizeBytes: upload.size ?? upload.offset,
          mimeType: upload.metadata?.filetype ?? 'application/octet-stream',
        },
      );
      if (!finished) {
        // Another upload of this video finished first: this file is nobody's.
        await store.discard(upload.id);
        throw {
          status_code: 409,
          body: JSON.stringify(
            errorBody(
              'conflict',
              'Another upload of this video finished first: this one was discarded',
            ),
          ),
        };
      }
      const work = finished.processing.finally(() => processing.delete(work));
      processing.add(work);
      return {};
    },
  });

  async function handle(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const uploadId = (request.params as { uploadId?: string }).uploadId ?? null;
    if (request.method !== 'OPTIONS') {
      await authorizeTusRequest(request.ctx, settings, store, {
        method: request.method,
        uploadId,
        signature: {
          signature: header(request, 'AuthorizationSignature'),
          expire: header(request, 'AuthorizationExpire'),
          videoId: header(request, 'VideoId'),
          libraryId: header(request, 'LibraryId'),
        },
        uploadLength: header(request, 'Upload-Length'),
        uploadMetadata: header(request, 'Upload-Metadata'),
      });
    }
    void reply.hijack();
    try {
      const response = await tus.handleWeb(new NodeRequest({ req: request.raw, res: reply.raw }));
      await sendNodeResponse(reply.raw, await inErrorShape(response));
    } catch (error) {
      // Past hijack() Fastify's error handler no longer answers: the same 500, said here.
      request.log.error({ err: error }, 'tus request failed');
      if (!reply.raw.headersSent) {
        reply.raw.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
        reply.raw.end(
          JSON.stringify(
            errorBody('internal', `Something went wrong on our side (reference ${request.id})`),
          ),
        );
      } else {
        reply.raw.destroy();
      }
    }
  }

  // At start and hourly: the videos of abandoned uploads, and their partial files on disk. In a
  // bucket, S3's own lifecycle rule removes the files (AbortIncompleteMultipartUpload; README,
  // Configuration).
  const sweep = async () => {
    // With a hosted video service the films go there and nothing here marks a video ready: an
    // `uploading` row may hold a film, so only this server's own uploads are swept.
    if (settings.uploadUrl === TUS_UPLOAD_PATH) {
      await sweepStaleUploads(deps).catch((error: unknown) => {
        deps.log.error({ err: error }, 'abandoned upload videos not swept');
      });
    }
    if (!config.s3) {
      await tus.cleanUpExpiredUploads().catch((error: unknown) => {
        deps.log.error({ err: error }, 'abandoned uploads not swept');
      });
    }
  };
  await sweep();
  const sweeper = setInterval(() => void sweep(), SWEEP_EVERY_MS).unref();

  await app.register(async (scope) => {
    // tus bodies are raw file bytes for @tus/server to stream to the store: no parser reads
    // them, so the JSON body limit never applies; the upload's own limit is Upload-Length.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    for (const url of [TUS_UPLOAD_PATH, `${TUS_UPLOAD_PATH}/:uploadId`]) {
      scope.route({
        method: TUS_METHODS,
        url,
        config: { signatureAuthorised: true },
        schema: { hide: true },
        handler: handle,
      });
    }
  });

  return async () => {
    clearInterval(sweeper);
    await Promise.allSettled([...processing]);
    await locker.close();
  };
}
