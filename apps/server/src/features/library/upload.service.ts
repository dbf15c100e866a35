/**
 * Resumable uploads (ARCHITECTURE.md, Uploads and video; docs/decisions/019-tus-uploads.md): the
 * ticket that starts one, the checks every tus request passes, and what happens when the last
 * byte lands. The tus protocol itself is @tus/server's (upload-tus.ts).
 */
import { randomBytes } from 'node:crypto';
import type { CreateUploadBody, UploadTicket } from '@homestretch/contract/library/create-upload';
import { VIDEO_DEFAULTS } from '@homestretch/contract/library/video';
import type { AppDeps, AuthedCtx } from '../../platform/context';
import { clinicScope } from '../../platform/context';
import { AppError, notFound, unauthenticated } from '../../platform/errors';
import type { FileStorage } from '../../platform/file-storage';
import { type MediaTools, probeFilm, takePoster } from '../../platform/media-probe';
import { enforceLimits } from '../../platform/rate-limit';
import {
  type SignatureHeaders,
  checkSignature,
  checkUploadSize,
  isVideoType,
  openTicketsExpireAfter,
  parseUploadMetadata,
  SWEEP_GRACE_SECONDS,
  ticketExpiration,
  ticketIsForVideo,
  ticketsRunOutBy,
  uploadSignature,
  videoIdOfUpload,
} from './upload-rules';
import {
  claimUploadedFile,
  countOpenUploads,
  deleteStaleUploads,
  findUploadTarget,
  finishProcessing,
  insertUploadingVideo,
} from './upload.repo';

/** What signs and bounds uploads: from config, with the signing key resolved at start-up. */
export interface UploadSettings {
  signingKey: string;
  libraryId: string;
  uploadUrl: string;
  maxUploadBytes: number;
}

/** A clinic's uploads are kept together, as Bunny Stream keeps a collection. */
const collectionOf = (clinicId: number) => `clinic-${clinicId}`;

/**
 * Starts an upload: a video of the caller's clinic, owned by the caller, `uploading`, and the
 * signed ticket the browser presents to the tus endpoint (spec §7 create_by_therapist). The
 * ticket's expiry is kept with the video, the only one its tus requests may present. Tickets are
 * rate-limited per person, and one person holds a bounded number of uploads open (security
 * issue, finding 9).
 */
export async function createUpload(
  ctx: AuthedCtx,
  settings: UploadSettings,
  input: CreateUploadBody,
): Promise<UploadTicket> {
  const scope = clinicScope(ctx);
  const userId = ctx.caller.user.id;
  const now = ctx.clock.now();
  await enforceLimits(
    ctx.db,
    now,
    [{ key: `upload-ticket:user:${userId}`, limit: ctx.limits.uploadTicketPerUser }],
    ticketLimitWords,
  );
  const openLimit = ctx.limits.openUploadsPerUser;
  // Counted before the insert, unlocked: two tickets at one instant may both pass, and the
  // hourly rate bounds what that adds.
  const open = await countOpenUploads(
    ctx.db,
    scope,
    userId,
    openTicketsExpireAfter(now, openLimit.windowMs),
  );
  if (open >= openLimit.max) {
    throw new AppError(
      'conflict',
      `You have ${openLimit.max} uploads that have not finished. Finish or cancel one before starting another.`,
    );
  }
  const title = input.title?.trim() || VIDEO_DEFAULTS.title;
  const expiration = ticketExpiration(now);
  const video = await insertUploadingVideo(ctx.db, scope, {
    ownerUserId: userId,
    title,
    libraryId: settings.libraryId,
    collectionId: collectionOf(scope.clinicId),
    ticketExpiration: expiration,
  });
  const videoId = String(video.id);
  return {
    id: video.id,
    signature: uploadSignature({
      libraryId: settings.libraryId,
      apiKey: settings.signingKey,
      expiration,
      videoId,
    }),
    expiration,
    video_id: videoId,
    library_id: settings.libraryId,
    title: video.title,
    collection_id: collectionOf(scope.clinicId),
    upload_url: settings.uploadUrl,
    max_size_bytes: settings.maxUploadBytes,
  };
}

/** The words of a 429, with the wait from the limit's Retry-After. */
function ticketLimitWords(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `You have started as many uploads as we allow in an hour. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/** What the tus endpoint's store does for the checks: where an upload lands, and removing one. */
export interface TusStore {
  /** The file-storage key of an upload's finished file (platform/file-storage.ts). */
  storageKeyOf(uploadId: string): string;
  discard(uploadId: string): Promise<void>;
}

/** A tus request as the checks read it: its method, the upload it names and its headers. */
export interface TusRequest {
  method: string;
  /** The upload id of the URL; null for the POST that creates one. */
  uploadId: string | null;
  signature: SignatureHeaders;
  uploadLength: string | undefined;
  uploadMetadata: string | undefined;
}

/**
 * Every tus request carries the ticket's signature, for the video its upload was made for: the
 * signature is the credential (no session is read), so a caller with a ticket for one video can
 * neither create nor append to nor read the offset of another's upload. The presented expiry and
 * video id must be exactly those issued and stored with the video, which pins the clinic too. A
 * new upload must also fit the size limit and be a film. A later upload of a video whose film
 * already landed is refused and its bytes removed; the landed upload itself is kept.
 */
export async function authorizeTusRequest(
  deps: AppDeps,
  settings: UploadSettings,
  store: TusStore,
  request: TusRequest,
): Promise<{ videoId: number }> {
  const verdict = checkSignature(
    request.signature,
    { apiKey: settings.signingKey, libraryId: settings.libraryId },
    deps.clock.now(),
  );
  if (verdict === 'missing') {
    throw unauthenticated(
      'This upload needs the signature of its ticket (AuthorizationSignature, AuthorizationExpire, VideoId)',
    );
  }
  if (verdict === 'expired') {
    throw unauthenticated('This upload ticket has expired: start the upload again');
  }
  if (verdict === 'invalid') {
    throw new AppError('forbidden', 'The upload signature is not valid for this video');
  }
  const videoIdText = request.signature.videoId ?? '';
  if (request.uploadId !== null && videoIdOfUpload(request.uploadId) !== videoIdText) {
    throw notFound('Upload');
  }
  const videoId = Number(videoIdText);
  const video = Number.isSafeInteger(videoId)
    ? await findUploadTarget(deps.db, videoId)
    : undefined;
  if (!video) {
    throw notFound('Video');
  }
  if (!ticketIsForVideo(Number(request.signature.expire), video)) {
    throw new AppError('forbidden', 'The upload signature is not valid for this video');
  }
  if ((request.method === 'POST' || request.method === 'PATCH') && video.status !== 'uploading') {
    // A tus client that lost the answer to its last PATCH sends it again: removing that upload
    // would take the video's film (security issue, finding 3).
    if (request.uploadId !== null && video.storageKey === store.storageKeyOf(request.uploadId)) {
      throw new AppError('conflict', 'This upload has finished: its film is kept');
    }
    if (request.uploadId !== null) {
      await store.discard(request.uploadId);
    }
    throw new AppError('conflict', 'This video already has its file: start a new upload');
  }
  if (request.method === 'POST') {
    checkNewUpload(settings, request);
  }
  return { videoId };
}

function checkNewUpload(settings: UploadSettings, request: TusRequest): void {
  const size = checkUploadSize(request.uploadLength, settings.maxUploadBytes);
  if (size === 'missing') {
    throw new AppError('bad_request', 'Upload-Length must give the file size in bytes');
  }
  if (size === 'too_large') {
    const megabytes = Math.floor(settings.maxUploadBytes / (1024 * 1024));
    throw new AppError('payload_too_large', `The file is larger than the ${megabytes} MB limit`);
  }
  const metadata = parseUploadMetadata(request.uploadMetadata);
  if (metadata === null) {
    throw new AppError('bad_request', 'Upload-Metadata is not valid tus metadata');
  }
  if (!isVideoType(metadata.filetype)) {
    throw new AppError(
      'unsupported_media_type',
      `Only video files can be uploaded${metadata.filetype ? ` (this one is ${metadata.filetype})` : ''}`,
    );
  }
}

/**
 * Deletes the videos whose upload ticket ran out, an hour ago, before their film landed: no
 * request can reach them any more, and the library stopped listing them when it ran out.
 */
export async function sweepStaleUploads(deps: AppDeps): Promise<void> {
  await deleteStaleUploads(deps.db, ticketsRunOutBy(deps.clock.now()) - SWEEP_GRACE_SECONDS);
}

/** The landed file of an upload, as the tus store kept it. */
export interface LandedFile {
  uploadId: string;
  storageKey: string;
  sizeBytes: number;
  mimeType: string;
}

/**
 * Records a finished upload as its video's film, if it is the first to finish; a later upload
 * of the same video is refused (the endpoint removes its file). Processing then runs in the
 * background and its promise is returned for the app to wait on at close.
 */
export async function finishUpload(
  deps: AppDeps,
  media: { storage: FileStorage; tools: MediaTools | null },
  file: LandedFile,
): Promise<{ processing: Promise<void> } | null> {
  const videoId = Number(videoIdOfUpload(file.uploadId));
  const claimed = await claimUploadedFile(
    deps.db,
    videoId,
    { storageKey: file.storageKey, sizeBytes: file.sizeBytes, mimeType: file.mimeType },
    deps.clock.now(),
  );
  if (!claimed) {
    return null;
  }
  return { processing: processFilm(deps, media, videoId, file.storageKey) };
}

/**
 * Reads the duration and takes a poster with ffmpeg where installed; without it the film is
 * `ready` with neither (the player shows its first frame). A file ffprobe cannot read as a
 * video is `failed`: the library says so instead of offering a film that will not play.
 */
async function processFilm(
  deps: AppDeps,
  media: { storage: FileStorage; tools: MediaTools | null },
  videoId: number,
  storageKey: string,
): Promise<void> {
  const { tools, storage } = media;
  try {
    if (!tools) {
      await finishProcessing(
        deps.db,
        videoId,
        { status: 'ready', durationSeconds: null, thumbnailKey: null },
        deps.clock.now(),
      );
      return;
    }
    const outcome = await storage.withLocalCopy(storageKey, async (filePath) => {
      const facts = await probeFilm(tools, filePath);
      if (!facts) {
        return null;
      }
      return { facts, poster: await takePoster(tools, filePath) };
    });
    if (!outcome) {
      await finishProcessing(deps.db, videoId, { status: 'failed' }, deps.clock.now());
      return;
    }
    let thumbnailKey: string | null = null;
    if (outcome.poster) {
      thumbnailKey = `posters/${videoId}-${randomBytes(8).toString('hex')}.jpg`;
      await storage.write(thumbnailKey, outcome.poster, 'image/jpeg');
    }
    await finishProcessing(
      deps.db,
      videoId,
      { status: 'ready', durationSeconds: outcome.facts.durationSeconds, thumbnailKey },
      deps.clock.now(),
    );
  } catch (error) {
    deps.log.error({ err: error, videoId }, 'video processing failed');
    await finishProcessing(deps.db, videoId, { status: 'failed' }, deps.clock.now()).catch(
      (cause: unknown) => deps.log.error({ err: cause, videoId }, 'video not marked failed'),
    );
  }
}
