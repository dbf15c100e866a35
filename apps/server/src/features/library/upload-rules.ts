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

/**
 * Bunny Stream's tus authorization: sha256 hex of library id + API key + expiration + video id.
 * The parts are joined with no separator, so one signature also covers the same digits split
 * elsewhere between expiry and video id; checkSignature and ticketIsForVideo close that.
 */
export function uploadSignature(parts: SignatureParts): string {
  return createHash('sha256')
    .update(`${parts.libraryId}${parts.apiKey}${parts.expiration}${parts.videoId}`)
    .digest('hex');
}

/** When a ticket issued now stops being accepted, in Unix seconds. */
export function ticketExpiration(now: Date): number {
  return Math.floor(now.getTime() / 1000) + TICKET_LIFETIME_SECONDS;
}

/**
 * Unix seconds: a ticket whose expiry is at or before this has run out, and an upload still
 * waiting for its file under it never receives one. The library stops listing it then.
 */
export function ticketsRunOutBy(now: Date): number {
  return Math.floor(now.getTime() / 1000);
}

/**
 * How long past its ticket an unfinished upload is kept before it is swept (its partial file and
 * its video): a PATCH let in just before the expiry may still be streaming.
 */
export const SWEEP_GRACE_SECONDS = 60 * 60;

/**
 * The ticket expiry (Unix seconds) an upload must have passed for it to count as open: its ticket
 * still good, and issued within the window (a window longer than a ticket's life adds nothing).
 */
export function openTicketsExpireAfter(now: Date, windowMs: number): number {
  const issuedAfter = Math.floor((now.getTime() - windowMs) / 1000);
  return Math.max(Math.floor(now.getTime() / 1000), issuedAfter + TICKET_LIFETIME_SECONDS);
}

/**
 * A whole number written one way only: digits, no leading zero, no sign or space. With two
 * spellings of one number ("077" and "77") the same signed text would name several videos.
 */
const CANONICAL_EXPIRE = /^[1-9]\d{0,11}$/;
const CANONICAL_VIDEO_ID = /^[1-9]\d{0,14}$/;

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
 * date. An expired ticket is told apart so the client can say "start the upload again". An expiry
 * later than a ticket issued now would have is refused: moving a video id's first digit to the
 * end of the expiry keeps the signature (security issue, finding 1) but multiplies the expiry by
 * ten, centuries past any ticket this server issues.
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
  if (
    !CANONICAL_EXPIRE.test(expire) ||
    !CANONICAL_VIDEO_ID.test(videoId) ||
    (libraryId !== undefined && libraryId !== secret.libraryId)
  ) {
    return 'invalid';
  }
  const expiration = Number(expire);
  const expected = uploadSignature({ ...secret, expiration, videoId });
  if (!sameHex(expected, signature.toLowerCase()) || expiration > ticketExpiration(now)) {
    return 'invalid';
  }
  return expiration * 1000 <= now.getTime() ? 'expired' : 'valid';
}

/**
 * Whether a checked signature is the ticket issued for this video: a clinic's video that holds
 * exactly the presented expiry. The signature alone names a video only up to the regrouping of
 * its digits; the stored expiry pins the one split the server issued.
 */
export function ticketIsForVideo(
  expiration: number,
  video: { clinicId: number | null; ticketExpiration: number | null },
): boolean {
  return video.clinicId !== null && video.ticketExpiration === expiration;
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
