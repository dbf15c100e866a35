/**
 * The exercise library (issue 11): the clinic's videos beside the shipped catalogue, their
 * details, deletion that never takes a video out of a patient's program, and folders.
 */
import type {
  CatalogueExercise,
  VideoDetail,
} from '@homestretch/contract/library/catalogue-exercise';
import type { DeleteVideosResult } from '@homestretch/contract/library/delete-videos';
import type { Folder } from '@homestretch/contract/library/folder';
import type { FolderList } from '@homestretch/contract/library/list-folders';
import type { VideoList } from '@homestretch/contract/library/list-videos';
import {
  type Video,
  videoFileUrl,
  videoFrameUrl,
  videoPosterUrl,
} from '@homestretch/contract/library/video';
import type { z } from 'zod';
import type { VideoListQuerySchema } from '@homestretch/contract/library/list-videos';
import type { UpdateVideoBodySchema } from '@homestretch/contract/library/update-video';
import type { FolderVideosBodySchema } from '@homestretch/contract/library/add-to-folders';
import type { UpdateFolderBodySchema } from '@homestretch/contract/library/update-folder';
import { type AuthedCtx, clinicScope } from '../../platform/context';
import { AppError, forbidden, notFound } from '../../platform/errors';
import { isUniqueViolation } from '../../platform/db-errors';
import {
  FOLDER_REFUSAL_MESSAGE,
  VIDEO_REFUSAL_MESSAGES,
  changesFolder,
  seesFolder,
  videoChangeRefusal,
} from './library-rules';
import {
  type FolderRow,
  type LibraryScope,
  type VideoRow,
  addFolderVideos,
  copyCatalogueVideo,
  deleteFolder as deleteFolderRow,
  catalogueWordsOfInitials,
  findCatalogueExercise,
  findExerciseLinks,
  findFolders,
  findLibraryVideos,
  findVideo,
  findSeenFolderNames,
  findVisibleVideoIds,
  heldByPrograms,
  insertFolder,
  listFolders as listFolderRows,
  listVideos,
  removeFolderVideos,
  removeVideos,
  updateFolders,
  updateVideo as updateVideoRow,
} from './library.repo';
import { ticketsRunOutBy } from './upload-rules';
import { MIN_CORRECTED_LENGTH, likelyWords } from './video-search';
import { searchTokens } from '../../platform/search-text';

function libraryScope(ctx: AuthedCtx): LibraryScope {
  return { ...clinicScope(ctx), userId: ctx.caller.user.id };
}

/** A video as the caller sees it (spec §3 Video). */
export function toVideo(ctx: AuthedCtx, row: VideoRow): Video {
  const isCatalogue = row.clinicId === null;
  const hasFilm = row.storageKey !== null && row.status === 'ready';
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    body_parts: row.bodyParts,
    purpose: row.purpose,
    position: row.position,
    equipment: row.equipment,
    reps: row.reps,
    sets: row.sets,
    hold_seconds: row.holdSeconds,
    unhealthy_body_part: row.unhealthyBodyPart,
    purpose_of_treatment: row.purposeOfTreatment,
    source: isCatalogue ? 'catalogue' : 'clinic',
    collection: row.collection,
    level: row.level,
    movement_id: row.movementId,
    movement: row.movement,
    status: row.status,
    is_mine: row.ownerUserId === ctx.caller.user.id,
    can_edit: row.archivedAt === null && videoChangeRefusal(ctx.caller.user, row) === null,
    owner:
      row.ownerUserId === null
        ? null
        : {
            id: row.ownerUserId,
            first_name: row.ownerFirstName ?? '',
            last_name: row.ownerLastName ?? '',
          },
    video_url: hasFilm ? videoFileUrl(row.id) : null,
    // A film's poster frame, or a catalogue item's first photo (playback.service.ts).
    thumbnail_url:
      row.thumbnailKey !== null || row.frameKeys.length > 0 ? videoPosterUrl(row.id) : null,
    frame_urls: row.frameKeys.map((_, index) => videoFrameUrl(row.id, index)),
    duration_seconds: row.durationSeconds,
    is_archived: row.archivedAt !== null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * For each search word that starts no word of the catalogue, the words it was probably meant to
 * be ("hamstring strech" also searches "stretch"); a word that starts one is being typed, not
 * misspelt, and a clinic's own word the catalogue lacks still finds the clinic's video.
 */
async function likelySearchWords(ctx: AuthedCtx, search: string): Promise<Map<string, string[]>> {
  const likely = new Map<string, string[]>();
  const tokens = searchTokens(search).filter((token) => token.length >= MIN_CORRECTED_LENGTH);
  if (tokens.length === 0) {
    return likely;
  }
  // By code point, as SQL's left() counts: a letter outside the BMP is one initial.
  const initialOf = (word: string) => [...word][0] ?? '';
  const words = await catalogueWordsOfInitials(ctx.db, [...new Set(tokens.map(initialOf))]);
  for (const token of tokens) {
    const sameInitial = words.filter((word) => initialOf(word) === initialOf(token));
    if (!sameInitial.some((word) => word.startsWith(token))) {
      likely.set(token, likelyWords(token, sameInitial));
    }
  }
  return likely;
}

/** The library page the caller asked for; a folder they do not see is a 404. */
export async function findVideos(
  ctx: AuthedCtx,
  query: z.output<typeof VideoListQuerySchema>,
): Promise<VideoList> {
  const scope = libraryScope(ctx);
  if (query.folder !== undefined) {
    await visibleFolder(ctx, query.folder);
  }
  const likely = query.search ? await likelySearchWords(ctx, query.search) : undefined;
  const { rows, count } = await listVideos(
    ctx.db,
    scope,
    {
      search: query.search,
      bodyParts: query.body_parts,
      purpose: query.purpose,
      position: query.position,
      equipment: query.equipment,
      scope: query.scope,
      collection: query.collection,
      likelyWords: likely,
      folderId: query.folder,
      ticketsRunOutBy: ticketsRunOutBy(ctx.clock.now()),
    },
    query.page,
  );
  return { results: rows.map((row) => toVideo(ctx, row)), count };
}

/** A video the caller's clinic sees (its own, archived too, or the catalogue's), or a 404. */
async function visibleVideo(ctx: AuthedCtx, id: number): Promise<VideoRow> {
  const row = await findVideo(ctx.db, clinicScope(ctx), id);
  if (!row) {
    throw notFound('Video');
  }
  return row;
}

/** The catalogue exercise a video follows, as the therapist reads it beside the figure. */
async function catalogueExercise(ctx: AuthedCtx, id: string): Promise<CatalogueExercise | null> {
  const stored = await findCatalogueExercise(ctx.db, id);
  if (!stored) {
    return null;
  }
  const links = await findExerciseLinks(ctx.db, [...stored.easier, ...stored.harder]);
  const linksOf = (ids: string[]) =>
    links
      .filter((link) => ids.includes(link.id))
      .map((link) => ({ id: link.id, name: link.name, video_id: link.videoId }));
  const { movement: _movement, ...exercise } = stored;
  return { ...exercise, easier: linksOf(stored.easier), harder: linksOf(stored.harder) };
}

export async function getVideo(ctx: AuthedCtx, id: number): Promise<VideoDetail> {
  const row = await visibleVideo(ctx, id);
  return {
    ...toVideo(ctx, row),
    exercise: row.movementId === null ? null : await catalogueExercise(ctx, row.movementId),
  };
}

/** A video still in the library that the caller may change, or the refusal that says why not. */
async function changeableVideo(ctx: AuthedCtx, id: number): Promise<VideoRow> {
  const row = await findVideo(ctx.db, clinicScope(ctx), id);
  if (!row || row.archivedAt !== null) {
    throw notFound('Video');
  }
  assertChangeable(ctx, row);
  return row;
}

function assertChangeable(ctx: AuthedCtx, row: VideoRow): void {
  const refused = videoChangeRefusal(ctx.caller.user, row);
  if (refused === 'catalogue') {
    throw new AppError('rule_violation', VIDEO_REFUSAL_MESSAGES.catalogue);
  }
  if (refused) {
    throw forbidden(VIDEO_REFUSAL_MESSAGES[refused]);
  }
}

export async function updateVideo(
  ctx: AuthedCtx,
  id: number,
  body: z.output<typeof UpdateVideoBodySchema>,
): Promise<Video> {
  const row = await changeableVideo(ctx, id);
  if (body.movement_id && !(await findCatalogueExercise(ctx.db, body.movement_id))) {
    throw new AppError(
      'rule_violation',
      `No catalogue exercise has the id ${body.movement_id}: choose one from the library.`,
    );
  }
  await updateVideoRow(ctx.db, clinicScope(ctx), row, {
    title: body.title,
    description: body.description,
    bodyParts: body.body_parts,
    purpose: body.purpose,
    position: body.position,
    equipment: body.equipment,
    sets: body.sets,
    reps: body.reps,
    unhealthyBodyPart: body.unhealthy_body_part,
    purposeOfTreatment: body.purpose_of_treatment,
    movementId: body.movement_id,
  });
  return toVideo(ctx, await visibleVideo(ctx, id));
}

/** A catalogue item copied into the clinic's library as the caller's, to edit. */
export async function copyVideo(ctx: AuthedCtx, id: number): Promise<Video> {
  const source = await findVideo(ctx.db, clinicScope(ctx), id);
  if (!source) {
    throw notFound('Video');
  }
  if (source.clinicId !== null) {
    throw new AppError(
      'rule_violation',
      'Only catalogue exercises are copied; this video is already in your clinic library.',
    );
  }
  return toVideo(
    ctx,
    await visibleVideo(ctx, await copyCatalogueVideo(ctx.db, libraryScope(ctx), source)),
  );
}

/** The library rows of these ids, all of them, or a 404 naming the first that is not there. */
async function libraryVideos(ctx: AuthedCtx, ids: number[]): Promise<VideoRow[]> {
  const rows = await findLibraryVideos(ctx.db, clinicScope(ctx), ids);
  const found = new Set(rows.map((row) => row.id));
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) {
    throw notFound(`Video ${missing}`);
  }
  return rows;
}

/**
 * Checks that every id names a video the clinic's staff may see (its own, archived too, or the
 * catalogue's): a 404 naming the first that is not.
 */
export async function requireVisibleVideos(ctx: AuthedCtx, ids: number[]): Promise<void> {
  if (ids.length === 0) {
    return;
  }
  const found = await findVisibleVideoIds(ctx.db, clinicScope(ctx), ids);
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) {
    throw notFound(`Video ${missing}`);
  }
}

/**
 * The names of the folders a program entry names, each one the caller sees: a 404 naming the
 * first that is not (security issue 28: a private folder's name came back on a program item).
 * `known` are folders the caller was shown already, on the program or the request they decide.
 */
export async function requireVisibleFolderNames(
  ctx: AuthedCtx,
  ids: number[],
  known: ReadonlyMap<number, string> = new Map(),
): Promise<Map<number, string>> {
  const asked = ids.filter((id) => !known.has(id));
  const names = await findSeenFolderNames(ctx.db, libraryScope(ctx), asked);
  const missing = asked.find((id) => !names.has(id));
  if (missing !== undefined) {
    throw notFound(`Library folder ${missing}`);
  }
  return new Map([...known, ...names]);
}

/**
 * Deletes clinic videos, all or none. One a patient's program holds is archived instead: the
 * program keeps playing it, and its history still names it.
 */
export async function deleteVideos(ctx: AuthedCtx, ids: number[]): Promise<DeleteVideosResult> {
  const scope = clinicScope(ctx);
  const rows = await libraryVideos(ctx, ids);
  for (const row of rows) {
    assertChangeable(ctx, row);
  }
  const held = await heldByPrograms(ctx.db, scope, ids);
  const archived = ids.filter((id) => held.has(id));
  const deleted = ids.filter((id) => !held.has(id));
  const freed = await removeVideos(ctx.db, scope, archived, deleted);
  // After the rows are gone: a removal that fails leaves only bytes on disk, never a row whose
  // film is missing, so it is logged rather than answered as an error.
  await Promise.all(
    freed.map((key) =>
      ctx.files.remove(key).catch((error: unknown) => {
        ctx.log.warn({ err: error, key }, 'file of a deleted video not removed');
      }),
    ),
  );
  return { deleted, archived };
}

// ── Folders ───────────────────────────────────────────────────────────────────

function toFolder(ctx: AuthedCtx, row: FolderRow): Folder {
  return {
    id: row.id,
    name: row.name,
    is_shared: row.isShared,
    is_mine: row.ownerUserId === ctx.caller.user.id,
    can_edit: changesFolder(ctx.caller.user, row),
    owner: { id: row.ownerUserId, first_name: row.ownerFirstName, last_name: row.ownerLastName },
    videos: row.videoIds,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listFolders(ctx: AuthedCtx): Promise<FolderList> {
  const rows = await listFolderRows(ctx.db, libraryScope(ctx));
  return { results: rows.map((row) => toFolder(ctx, row)), count: rows.length };
}

/** Folders the caller sees, all of them, or a 404 naming the first that is not one. */
async function visibleFolders(ctx: AuthedCtx, ids: number[]): Promise<FolderRow[]> {
  const rows = (await findFolders(ctx.db, clinicScope(ctx), ids)).filter((row) =>
    seesFolder(ctx.caller.user, row),
  );
  const found = new Set(rows.map((row) => row.id));
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) {
    throw notFound(`Folder ${missing}`);
  }
  return rows;
}

async function visibleFolder(ctx: AuthedCtx, id: number): Promise<FolderRow> {
  const [row] = await visibleFolders(ctx, [id]);
  if (!row) {
    throw notFound('Folder');
  }
  return row;
}

async function changeableFolders(ctx: AuthedCtx, ids: number[]): Promise<FolderRow[]> {
  const rows = await visibleFolders(ctx, ids);
  if (!rows.every((row) => changesFolder(ctx.caller.user, row))) {
    throw forbidden(FOLDER_REFUSAL_MESSAGE);
  }
  return rows;
}

async function foldersByIds(ctx: AuthedCtx, ids: number[]): Promise<Folder[]> {
  const rows = await findFolders(ctx.db, clinicScope(ctx), ids);
  return rows.map((row) => toFolder(ctx, row));
}

export async function getFolder(ctx: AuthedCtx, id: number): Promise<Folder> {
  return toFolder(ctx, await visibleFolder(ctx, id));
}

function duplicateName(name: string): AppError {
  return new AppError('conflict', `You already have a folder named "${name}"`, {
    name: 'You already have a folder with this name',
  });
}

export async function createFolder(ctx: AuthedCtx, name: string): Promise<Folder> {
  try {
    return getFolder(ctx, await insertFolder(ctx.db, libraryScope(ctx), name));
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw duplicateName(name);
    }
    throw error;
  }
}

export async function updateFolder(
  ctx: AuthedCtx,
  id: number,
  body: z.output<typeof UpdateFolderBodySchema>,
): Promise<Folder> {
  await changeableFolders(ctx, [id]);
  try {
    await updateFolders(ctx.db, clinicScope(ctx), [id], {
      name: body.name,
      isShared: body.is_shared,
    });
  } catch (error) {
    if (isUniqueViolation(error) && body.name !== undefined) {
      throw duplicateName(body.name);
    }
    throw error;
  }
  return getFolder(ctx, id);
}

export async function deleteFolder(ctx: AuthedCtx, id: number): Promise<void> {
  await changeableFolders(ctx, [id]);
  await deleteFolderRow(ctx.db, clinicScope(ctx), id);
}

export async function shareFolders(
  ctx: AuthedCtx,
  ids: number[],
  isShared: boolean,
): Promise<{ results: Folder[] }> {
  await changeableFolders(ctx, ids);
  await updateFolders(ctx.db, clinicScope(ctx), ids, { isShared });
  return { results: await foldersByIds(ctx, ids) };
}

type FolderVideos = z.output<typeof FolderVideosBodySchema>;

/** Videos into folders: library videos (the clinic's or the catalogue's) and changeable folders. */
export async function addToFolders(
  ctx: AuthedCtx,
  body: FolderVideos,
): Promise<{ results: Folder[] }> {
  await changeableFolders(ctx, body.libraryfolder_ids);
  await libraryVideos(ctx, body.video_ids);
  await addFolderVideos(ctx.db, clinicScope(ctx), body.libraryfolder_ids, body.video_ids);
  return { results: await foldersByIds(ctx, body.libraryfolder_ids) };
}

export async function removeFromFolders(
  ctx: AuthedCtx,
  body: FolderVideos,
): Promise<{ results: Folder[] }> {
  await changeableFolders(ctx, body.libraryfolder_ids);
  await removeFolderVideos(ctx.db, clinicScope(ctx), body.libraryfolder_ids, body.video_ids);
  return { results: await foldersByIds(ctx, body.libraryfolder_ids) };
}
