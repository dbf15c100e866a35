/**
 * Who may change what in the library (issue 11). Pure, so each rule is pinned by a unit test.
 * Which role may use the library at all is permissions.ts's; these decide per video and folder.
 */
import type { Role } from '@homestretch/contract/common/enums';

export interface LibraryUser {
  id: number;
  role: Role;
}

export interface VideoOwnership {
  /** Null for the shared catalogue. */
  clinicId: number | null;
  ownerUserId: number | null;
}

export interface FolderOwnership {
  ownerUserId: number;
  isShared: boolean;
}

/** Why a video may not be changed (edited, deleted), or null when it may. */
export type VideoChangeRefusal = 'catalogue' | 'not_owner';

/**
 * A clinic video is changed by the therapist who uploaded it, or by the clinic's administrator
 * (who tidies up after staff who left); a colleague's video is used, not rewritten. The shipped
 * catalogue is read-only for everyone: a copy is edited instead.
 */
export function videoChangeRefusal(
  user: LibraryUser,
  video: VideoOwnership,
): VideoChangeRefusal | null {
  if (video.clinicId === null) {
    return 'catalogue';
  }
  return video.ownerUserId === user.id || user.role === 'admin' ? null : 'not_owner';
}

/** A private folder is its owner's alone; a shared one is seen by the whole clinic. */
export function seesFolder(user: LibraryUser, folder: FolderOwnership): boolean {
  return folder.isShared || folder.ownerUserId === user.id;
}

/**
 * Renaming, sharing, filling and deleting a folder: its owner, or the administrator for a shared
 * folder (a private folder stays out of anyone else's reach, administrator included).
 */
export function changesFolder(user: LibraryUser, folder: FolderOwnership): boolean {
  return seesFolder(user, folder) && (folder.ownerUserId === user.id || user.role === 'admin');
}

/** The words of a refused change, for the 403 or 422 that says so. */
export const VIDEO_REFUSAL_MESSAGES: Record<VideoChangeRefusal, string> = {
  catalogue:
    'Catalogue exercises are read-only. Copy this exercise into your library to change it.',
  not_owner:
    "Only the therapist who uploaded this video, or the clinic's administrator, can change it.",
};

export const FOLDER_REFUSAL_MESSAGE =
  "Only the folder's owner, or the clinic's administrator for a shared folder, can change it.";
