/**
 * The rules of a resumable upload, as pure functions (docs/decisions/019-tus-uploads.md): the
 * signature Bunny Stream's tus endpoint checks, its expiry, the size limit and what counts as a
 * video. The create route signs with them and the tus endpoint checks with the same ones.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

/** A ticket is good for a day: long enough for a slow connection to resume a large film. */
export const TICKET_LIFETIME_SECONDS = 24 * 60 * 60;

export interface SignatureParts {
  libraryId: string;
  /** The server's secret (VIDEO_SIGNING_KEY), or the hosted library's API key. */
  apiKey: string;
  /** Unix seconds. */
  expiration: number;
  videoId: string;
}

/** Bunny Stream's tus authorization: sha256 hex of library id + API key + expiration + video id. */
export function uploadSignature(parts: SignatureParts): string {
  return createHash('sha256')
    .update(`${parts.libraryId}${parts.apiKey}${parts.expiration}${parts.videoId}`)
    .digest('hex');
}

/** When a ticket issued now stops being accepted, in Unix seconds. */
export function ticketExpiration(now: Date): number {
  return Math.floor(now.getTime() / 1000) + TICKET_LIFETIME_SECONDS;
}

/** The headers Bunny's tus endpoint reads; a browser sends them with every tus request. */
export interface SignatureHeaders {
  signature: string | undefined;
  expire: string | undefined;
  videoId: string | undefined;
  libraryId: string | undefined;
}

export type SignatureVerdict = 'valid' | 'missing' | 'invalid' | 'expired';

/**
 * Whether the headers carry a signature this server made for that video id and library, still in
 * date. An expired ticket is told apart so the client can say "start the upload again".
 */
export function checkSignature(
  headers: SignatureHeaders,
  secret: { apiKey: string; libraryId: string },
  now: Date,
): SignatureVerdict {
  const { signature, expire, videoId, libraryId } = headers;
  if (!signature || !expire || !videoId) {
    return 'missing';
  }
  // LibraryId is optional on the wire (Bunny takes it from the signature); when sent it must match.
  if (!/^\d{1,12}$/.test(expire) || (libraryId !== undefined && libraryId !== secret.libraryId)) {
    return 'invalid';
  }
  const expiration = Number(expire);
  const expected = uploadSignature({ ...secret, expiration, videoId });
  if (!sameHex(expected, signature.toLowerCase())) {
    return 'invalid';
  }
  return expiration * 1000 <= now.getTime() ? 'expired' : 'valid';
}

/** Constant-time: a byte-by-byte compare would leak how much of a guessed signature is right. */
function sameHex(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The declared length of an upload, when it is a whole number of bytes within the limit. */
export type SizeVerdict = 'ok' | 'missing' | 'too_large';

export function checkUploadSize(declared: string | undefined, maxBytes: number): SizeVerdict {
  if (declared === undefined || !/^\d{1,16}$/.test(declared)) {
    return 'missing';
  }
  return Number(declared) > maxBytes ? 'too_large' : 'ok';
}

/** A media type a browser gives a film: `video/mp4`, `video/quicktime`, `video/webm`, … */
export function isVideoType(filetype: string | null | undefined): boolean {
  return typeof filetype === 'string' && /^video\/[a-z0-9][\w.+-]*$/i.test(filetype);
}

/**
 * Each creation gets its own upload id, the video's id and a random part, so two uploads of one
 * video never write to the same file; the video id in front ties every later request to it.
 */
export function uploadIdFor(videoId: string, random: string): string {
  return `${videoId}-${random}`;
}

/** The video id an upload id was made for, or null for an id this server did not make. */
export function videoIdOfUpload(uploadId: string): string | null {
  const match = /^(\d{1,15})-[0-9a-f]{16,64}$/.exec(uploadId);
  return match?.[1] ?? null;
}

/**
 * tus's Upload-Metadata: comma-separated `key base64value` pairs (a key alone means no value).
 * Null for a header that does not parse, which the endpoint refuses.
 */
export function parseUploadMetadata(
  header: string | undefined,
): Record<string, string | null> | null {
  const metadata: Record<string, string | null> = {};
  if (header === undefined || header.trim() === '') {
    return metadata;
  }
  for (const pair of header.split(',')) {
    const [key, value, ...rest] = pair.trim().split(' ');
    if (!key || rest.length > 0 || !/^[\x21-\x7e]+$/.test(key)) {
      return null;
    }
    if (value !== undefined && !/^[A-Za-z0-9+/]*={0,2}$/.test(value)) {
      return null;
    }
    metadata[key] = value === undefined ? null : Buffer.from(value, 'base64').toString('utf8');
  }
  return metadata;
}
