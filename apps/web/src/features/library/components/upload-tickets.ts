import { UploadTicketSchema, type UploadTicket } from '@homestretch/contract/library/create-upload';

/*
 * An interrupted upload resumes after a reload only if it goes on under the same video: tus
 * remembers where the bytes went (its URL storage, keyed by the file's fingerprint), and this
 * remembers the ticket (video id and signature) under the same fingerprint. Without it a reload
 * would start a second video and leave the first one `uploading` for ever.
 */

const TICKET_PREFIX = 'homestretch.upload-ticket.';
const MAX_SIZE_KEY = 'homestretch.upload-max-bytes';

/** The same file picked again (after a reload) gives the same fingerprint. */
export function fileFingerprint(file: File): string {
  return ['exercise-upload', file.name, file.type, file.size, file.lastModified].join('-');
}

export function storedTicket(fingerprint: string): UploadTicket | null {
  const raw = window.localStorage.getItem(TICKET_PREFIX + fingerprint);
  if (raw === null) {
    return null;
  }
  try {
    const parsed = UploadTicketSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function storeTicket(fingerprint: string, ticket: UploadTicket): void {
  window.localStorage.setItem(TICKET_PREFIX + fingerprint, JSON.stringify(ticket));
  window.localStorage.setItem(MAX_SIZE_KEY, String(ticket.max_size_bytes));
}

export function forgetTicket(fingerprint: string): void {
  window.localStorage.removeItem(TICKET_PREFIX + fingerprint);
}

/** The largest file the last ticket allowed: a bigger one is refused before a video is made. */
export function knownMaxSize(): number | null {
  const value = Number(window.localStorage.getItem(MAX_SIZE_KEY));
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

export function rememberMaxSize(bytes: number): void {
  window.localStorage.setItem(MAX_SIZE_KEY, String(bytes));
}

/** A signature past its expiry (Unix seconds) would be refused by the upload endpoint. */
export function ticketExpired(ticket: UploadTicket, now: number = Date.now()): boolean {
  return ticket.expiration * 1000 <= now;
}

/** "1.4 GB", "820 MB": a file size as a clinician reads it. */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${value.toFixed(digits)} ${units[unit]}`;
}
