import { z } from 'zod';
import { defineRoute } from '../common/route';
import { MAX_TITLE_LENGTH } from './video';

export const CreateUploadBodySchema = z.object({
  /** The file's name, shown until the therapist edits it; default 'Untitled Video' (spec §3). */
  title: z
    .string()
    .trim()
    .max(MAX_TITLE_LENGTH, `Title is at most ${MAX_TITLE_LENGTH} characters`)
    .optional(),
});
export type CreateUploadBody = z.input<typeof CreateUploadBodySchema>;

/**
 * What a resumable upload needs, in the shape Bunny Stream's "create video" and tus signature
 * take (spec §7): `signature` = sha256 hex of library_id + API key + expiration + video_id,
 * `expiration` in Unix seconds. The browser sends them to the tus endpoint as the headers
 * AuthorizationSignature, AuthorizationExpire, VideoId and LibraryId. `id` is the video's id in
 * this API (GET /video/{id}, /exercise-edit/:id); `video_id` is the upload's id at the video host.
 */
export const UploadTicketSchema = z.object({
  id: z.number().int(),
  signature: z.string(),
  expiration: z.number().int(),
  video_id: z.string(),
  library_id: z.string(),
  title: z.string(),
  collection_id: z.string(),
  /** Where the tus upload goes: this server's `/tusupload`, or the video host's. */
  upload_url: z.string(),
  /** The largest file the endpoint takes, in bytes. */
  max_size_bytes: z.number().int(),
});
export type UploadTicket = z.infer<typeof UploadTicketSchema>;

/** Starts an upload: a new video of the caller's, `uploading` until the last byte lands (201). */
export const createUploadRoute = defineRoute({
  method: 'POST',
  path: '/video/create_by_therapist',
  summary: 'Start a resumable video upload',
  tags: ['library'],
  body: CreateUploadBodySchema,
  response: { 201: UploadTicketSchema },
});

/** The tus 1.0 endpoint (ARCHITECTURE.md, Uploads and video). */
export const TUS_UPLOAD_PATH = '/tusupload';
