import {
  createUploadRoute,
  type CreateUploadBody,
  type UploadTicket,
} from '@homestretch/contract/library/create-upload';
import { apiCall } from '../../../lib/api-client';

/**
 * POST /video/create_by_therapist {title}: a new video of the caller's, `uploading` until the
 * last byte lands, and the signature its resumable upload needs. Not a hook: the upload's own
 * state machine (components/use-video-upload.ts) calls it, and the library learns of the video
 * when the upload ends.
 */
export function createUpload(body: CreateUploadBody): Promise<UploadTicket> {
  return apiCall(createUploadRoute, { body });
}
