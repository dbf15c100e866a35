/**
 * Playback (contract VIDEO_MEDIA_PATHS): a film, its poster, a catalogue item's photos, the
 * figure of an exercise with a movement model. The
 * clinic's staff play its library and the catalogue; a patient only what their own program
 * holds. Anything else is "not found", another clinic's video included.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { figureStartEndSvg, figureSvg } from '@homestretch/contract/library/figure-svg';
import type { MovementModel } from '@homestretch/contract/library/movement';
import type { FigureFrame } from '@homestretch/contract/library/video';
import { type AuthedCtx, clinicScope } from '../../platform/context';
import type { ByteRange } from '../../platform/file-storage';
import { notFound } from '../../platform/errors';
import type { FileStorage } from '../../platform/file-storage';
import { EXERCISES_DIR } from './exercise-catalogue';
import { findPatientOfUser } from '../patients/patients.api';
import { type VideoMediaRow, findProgramVideoMedia, findStaffVideoMedia } from './playback.repo';

/** A file to answer, with what its headers need. */
export interface MediaFile {
  contentType: string;
  size: number;
  modifiedAt: Date;
  read(range?: ByteRange): Promise<Readable>;
}

export type MediaWanted = { kind: 'file' } | { kind: 'poster' } | { kind: 'frame'; index: number };

const IMAGE_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
};

/** The media of a video the caller may play; 404 for anything else. */
export async function findVideoMedia(
  ctx: AuthedCtx,
  videoId: number,
  wanted: MediaWanted,
): Promise<MediaFile> {
  const row = await playableVideo(ctx, videoId);
  const media = await mediaOf(ctx.files, row, wanted);
  if (!media) {
    throw notFound(wanted.kind === 'file' ? 'Film' : wanted.kind === 'poster' ? 'Poster' : 'Photo');
  }
  return media;
}

/**
 * The figure of a video the caller may play, drawn from its movement model as an SVG document
 * (contract VIDEO_MEDIA_PATHS.figure); 404 for a video without a model, or one not theirs.
 */
export async function drawVideoFigure(
  ctx: AuthedCtx,
  videoId: number,
  frame: FigureFrame,
): Promise<string> {
  const row = await playableVideo(ctx, videoId);
  if (!row.movement) {
    throw notFound('Figure');
  }
  return figureOf(row.movement, frame);
}

/** A figure's ETag: its content, so an unchanged drawing costs the browser a 304. */
export function figureEtag(svg: string): string {
  return `W/"${createHash('sha1').update(svg).digest('base64url').slice(0, 16)}"`;
}

/** One still of an exercise's movement model, as an SVG document. */
export function figureOf(movement: MovementModel, frame: FigureFrame): string {
  return frame === 'start'
    ? figureSvg(movement, { label: 'Start position' })
    : figureStartEndSvg(movement, { label: 'Start and end positions' });
}

async function playableVideo(ctx: AuthedCtx, videoId: number): Promise<NonNullable<VideoMediaRow>> {
  const scope = clinicScope(ctx);
  let row: VideoMediaRow;
  if (ctx.caller.user.role === 'patient') {
    const patient = await findPatientOfUser(ctx.db, ctx.caller.user.id, scope.clinicId);
    row = patient && (await findProgramVideoMedia(ctx.db, scope, patient.id, videoId));
  } else {
    row = await findStaffVideoMedia(ctx.db, scope, videoId);
  }
  if (!row) {
    throw notFound('Video');
  }
  return row;
}

async function mediaOf(
  files: FileStorage,
  row: NonNullable<VideoMediaRow>,
  wanted: MediaWanted,
): Promise<MediaFile | null> {
  switch (wanted.kind) {
    case 'file':
      // A film that could not be read as one is not offered (its status says `failed`).
      return row.storageKey && row.status !== 'failed'
        ? storedMedia(files, row.storageKey, row.mimeType ?? 'application/octet-stream')
        : null;
    case 'poster':
      if (row.thumbnailKey) {
        return storedMedia(files, row.thumbnailKey, 'image/jpeg');
      }
      // A catalogue item's poster is its first photo (VideoSchema thumbnail_url).
      return row.frameKeys[0] ? catalogueMedia(row.frameKeys[0]) : null;
    case 'frame': {
      const key = row.frameKeys[wanted.index];
      return key ? catalogueMedia(key) : null;
    }
  }
}

async function storedMedia(
  files: FileStorage,
  key: string,
  contentType: string,
): Promise<MediaFile | null> {
  const stat = await files.stat(key);
  return stat && { contentType, ...stat, read: (range) => files.read(key, range) };
}

/** A shipped photo under assets/exercises; a key that points outside it finds nothing. */
async function catalogueMedia(key: string): Promise<MediaFile | null> {
  const filePath = path.resolve(EXERCISES_DIR, key);
  const contentType = IMAGE_TYPES[path.extname(filePath).toLowerCase()];
  if (!filePath.startsWith(`${EXERCISES_DIR}${path.sep}`) || !contentType) {
    return null;
  }
  const stat = await fs.stat(filePath).catch(() => null);
  if (!stat?.isFile()) {
    return null;
  }
  return {
    contentType,
    size: stat.size,
    modifiedAt: stat.mtime,
    read: async (range) => createReadStream(filePath, range ?? {}),
  };
}
