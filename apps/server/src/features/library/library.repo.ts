/**
 * The library's queries (issue 11): videos (the clinic's and the shared catalogue), folders and
 * what they hold. Every function takes the caller's clinic; another clinic's row is never read.
 */
import { PAGE_SIZE } from '@homestretch/contract/common/constants';
import { pageOffset } from '@homestretch/contract/common/pagination';
import type { VideoScope } from '@homestretch/contract/library/list-videos';
import type { StoredExercise } from '@homestretch/contract/library/catalogue-exercise';
import type { MovementModel } from '@homestretch/contract/library/movement';
import type {
  BodyPart,
  Collection,
  Equipment,
  Position,
  Purpose,
} from '@homestretch/contract/library/video';
import { type SQL, and, asc, desc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  catalogueExercises,
  catalogueWords,
  hepItems,
  libraryFolderVideos,
  libraryFolders,
  users,
  videos,
} from '../../db/schema';
import { col, queryRows } from '../../platform/sql-rows';
import type { ClinicScope } from '../../platform/context';
import { onlyRow } from '../../platform/db-errors';
import { intArray } from '../../platform/sql-arrays';
import { videoSearchQueries, videoSearchVector } from './video-search';

export interface LibraryScope extends ClinicScope {
  userId: number;
}

export type VideoRow = Omit<typeof videos.$inferSelect, 'searchVector' | 'ticketExpiration'> & {
  ownerFirstName: string | null;
  ownerLastName: string | null;
  /** The movement model of the catalogue exercise it follows (movementId), drawn as its figure. */
  movement: MovementModel | null;
};

/**
 * The movement model a video follows (its catalogue exercise's), as a column of any query that
 * reads `videos`: the library, programs and recommendations draw their figures from it.
 */
export const videoMovement = sql<MovementModel | null>`(select ${catalogueExercises.movement} from ${catalogueExercises} where ${catalogueExercises.id} = ${videos.movementId})`;

const videoColumns = {
  id: videos.id,
  clinicId: videos.clinicId,
  ownerUserId: videos.ownerUserId,
  title: videos.title,
  description: videos.description,
  bodyParts: videos.bodyParts,
  purpose: videos.purpose,
  position: videos.position,
  equipment: videos.equipment,
  reps: videos.reps,
  sets: videos.sets,
  holdSeconds: videos.holdSeconds,
  unhealthyBodyPart: videos.unhealthyBodyPart,
  purposeOfTreatment: videos.purposeOfTreatment,
  level: videos.level,
  collection: videos.collection,
  movementId: videos.movementId,
  movement: videoMovement,
  status: videos.status,
  storageKey: videos.storageKey,
  sizeBytes: videos.sizeBytes,
  mimeType: videos.mimeType,
  thumbnailKey: videos.thumbnailKey,
  frameKeys: videos.frameKeys,
  durationSeconds: videos.durationSeconds,
  libraryId: videos.libraryId,
  collectionId: videos.collectionId,
  externalId: videos.externalId,
  createdAt: videos.createdAt,
  updatedAt: videos.updatedAt,
  archivedAt: videos.archivedAt,
  ownerFirstName: users.firstName,
  ownerLastName: users.lastName,
};

const selectVideos = (db: Db) =>
  db.select(videoColumns).from(videos).leftJoin(users, eq(users.id, videos.ownerUserId));

/** The clinic's own videos still in the library. */
const inClinicLibrary = (scope: ClinicScope) =>
  and(eq(videos.clinicId, scope.clinicId), isNull(videos.archivedAt));
const inCatalogue = isNull(videos.clinicId);

export interface VideoFilters {
  search?: string;
  bodyParts?: BodyPart;
  purpose?: Purpose;
  position?: Position;
  equipment?: Equipment;
  scope: VideoScope;
  /** The one catalogue collection to list; both when absent. Clinic videos are in neither. */
  collection?: Collection;
  /** The catalogue words each misspelt search word was probably meant to be (video-search.ts). */
  likelyWords?: ReadonlyMap<string, readonly string[]>;
  folderId?: number;
  /**
   * Unix seconds (upload-rules.ts ticketsRunOutBy): an upload whose ticket ran out by then never
   * gets its film, and is not listed (security issue, finding 9).
   */
  ticketsRunOutBy: number;
}

/** The two halves a scope reads: the clinic's own videos (maybe only the caller's), the catalogue. */
function halvesOf(
  scope: LibraryScope,
  which: VideoScope,
  ticketsRunOutBy: number,
  collection: Collection | undefined,
) {
  const clinic =
    which === 'catalogue'
      ? null
      : and(
          inClinicLibrary(scope),
          which === 'mine' ? eq(videos.ownerUserId, scope.userId) : undefined,
          or(ne(videos.status, 'uploading'), gt(videos.ticketExpiration, ticketsRunOutBy)),
        );
  const catalogue =
    which === 'all' || which === 'catalogue'
      ? and(inCatalogue, collection ? eq(videos.collection, collection) : undefined)
      : null;
  return { clinic, catalogue };
}

/**
 * A page of the library and how many match. The clinic's own come first, newest first, then the
 * catalogue: the physical-therapy collection first, each part by title; with a search, title
 * matches lead within each. The two halves are read
 * apart, each in its own index order (videos_library_idx, videos_catalogue_title_idx), so a
 * page reads about its own rows rather than sorting the whole library. The folder, when given,
 * is one the service checked the caller sees.
 */
export async function listVideos(
  db: Db,
  scope: LibraryScope,
  filters: VideoFilters,
  page: number,
): Promise<{ rows: VideoRow[]; count: number }> {
  const queries = filters.search ? videoSearchQueries(filters.search, filters.likelyWords) : null;
  const filtered = and(
    filters.bodyParts ? eq(videos.bodyParts, filters.bodyParts) : undefined,
    filters.purpose ? eq(videos.purpose, filters.purpose) : undefined,
    filters.position ? eq(videos.position, filters.position) : undefined,
    filters.equipment ? eq(videos.equipment, filters.equipment) : undefined,
    queries ? sql`${videos.searchVector} @@ ${queries.any}::tsquery` : undefined,
    filters.folderId === undefined
      ? undefined
      : sql`exists (select 1 from ${libraryFolderVideos} where ${libraryFolderVideos.folderId} = ${filters.folderId} and ${libraryFolderVideos.videoId} = ${videos.id})`,
  );
  const halves = halvesOf(scope, filters.scope, filters.ticketsRunOutBy, filters.collection);
  const clinicWhere = halves.clinic ? and(halves.clinic, filtered) : null;
  const catalogueWhere = halves.catalogue ? and(halves.catalogue, filtered) : null;
  const countOf = (where: SQL | undefined | null) =>
    where ? sql`(select count(*)::int from ${videos} where ${where})` : sql`0`;
  const [counts] = await queryRows(
    db,
    sql`select ${countOf(clinicWhere)} as clinic, ${countOf(catalogueWhere)} as catalogue`,
    (row) => ({ clinic: col.number(row, 'clinic'), catalogue: col.number(row, 'catalogue') }),
  );
  const clinicCount = counts?.clinic ?? 0;
  const count = clinicCount + (counts?.catalogue ?? 0);

  const titleFirst = queries
    ? [
        sql`${videos.searchVector} @@ ${queries.name}::tsquery desc`,
        sql`${videos.searchVector} @@ ${queries.title}::tsquery desc`,
      ]
    : [];
  const offset = pageOffset(page);
  const fromClinic = Math.max(0, Math.min(PAGE_SIZE, clinicCount - offset));
  const [clinicRows, catalogueRows] = await Promise.all([
    clinicWhere && fromClinic > 0
      ? selectVideos(db)
          .where(clinicWhere)
          .orderBy(...titleFirst, desc(videos.createdAt), desc(videos.id))
          .limit(fromClinic)
          .offset(offset)
      : [],
    catalogueWhere && fromClinic < PAGE_SIZE && offset + PAGE_SIZE > clinicCount
      ? selectVideos(db)
          .where(catalogueWhere)
          .orderBy(
            ...titleFirst,
            sql`(${videos.collection} <> 'physical-therapy')`,
            sql`lower(${videos.title})`,
            asc(videos.id),
          )
          .limit(PAGE_SIZE - fromClinic)
          .offset(Math.max(0, offset - clinicCount))
      : [],
  ]);
  return { rows: [...clinicRows, ...catalogueRows], count };
}

/** A video the clinic's staff may see: the clinic's own (archived too) or a catalogue item. */
export async function findVideo(db: Db, scope: ClinicScope, id: number): Promise<VideoRow | null> {
  const [row] = await selectVideos(db)
    .where(and(eq(videos.id, id), or(eq(videos.clinicId, scope.clinicId), inCatalogue)))
    .limit(1);
  return row ?? null;
}

/** Which of these ids are videos the clinic's staff may see: its own (archived too), the catalogue. */
export async function findVisibleVideoIds(
  db: Db,
  scope: ClinicScope,
  ids: number[],
): Promise<Set<number>> {
  const rows = await db
    .select({ id: videos.id })
    .from(videos)
    .where(and(inArray(videos.id, ids), or(eq(videos.clinicId, scope.clinicId), inCatalogue)));
  return new Set(rows.map((row) => row.id));
}

/** The videos of these ids the clinic sees in its library (archived ones are not). */
export async function findLibraryVideos(
  db: Db,
  scope: ClinicScope,
  ids: number[],
): Promise<VideoRow[]> {
  return selectVideos(db).where(
    and(inArray(videos.id, ids), or(inClinicLibrary(scope), inCatalogue)),
  );
}

export type VideoChanges = Partial<
  Pick<
    typeof videos.$inferInsert,
    | 'title'
    | 'description'
    | 'bodyParts'
    | 'purpose'
    | 'position'
    | 'equipment'
    | 'sets'
    | 'reps'
    | 'unhealthyBodyPart'
    | 'purposeOfTreatment'
    | 'movementId'
  >
>;

/** Writes the changes and the search words they make, in one statement. */
export async function updateVideo(
  db: Db,
  scope: ClinicScope,
  current: VideoRow,
  changes: VideoChanges,
): Promise<void> {
  const given = Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined),
  ) as VideoChanges;
  await db
    .update(videos)
    .set({
      ...given,
      searchVector: videoSearchVector({ ...current, ...given }),
      updatedAt: sql`now()`,
    })
    .where(and(eq(videos.id, current.id), eq(videos.clinicId, scope.clinicId)));
}

/** The catalogue fields a copy starts from; a copy is its owner's to adjust. */
type CatalogueSource = Pick<
  typeof videos.$inferSelect,
  | 'title'
  | 'description'
  | 'bodyParts'
  | 'purpose'
  | 'position'
  | 'equipment'
  | 'reps'
  | 'sets'
  | 'unhealthyBodyPart'
  | 'purposeOfTreatment'
  | 'level'
  | 'frameKeys'
  | 'externalId'
  | 'holdSeconds'
  | 'movementId'
>;

/**
 * The row of a clinic video copied from a catalogue item, owned by `scope.userId`, with the
 * owner's adjustments (the demo seed's copies come with theirs). Its photos stay the shipped ones.
 */
export function catalogueCopyValues(
  scope: LibraryScope,
  source: CatalogueSource,
  changes: VideoChanges = {},
): typeof videos.$inferInsert {
  const fields = {
    title: source.title,
    description: source.description,
    bodyParts: source.bodyParts,
    purpose: source.purpose,
    position: source.position,
    equipment: source.equipment,
    reps: source.reps,
    sets: source.sets,
    unhealthyBodyPart: source.unhealthyBodyPart,
    purposeOfTreatment: source.purposeOfTreatment,
    ...changes,
  };
  return {
    clinicId: scope.clinicId,
    ownerUserId: scope.userId,
    ...fields,
    level: source.level,
    holdSeconds: source.holdSeconds,
    movementId: source.movementId,
    status: 'ready',
    frameKeys: source.frameKeys,
    externalId: source.externalId,
    searchVector: videoSearchVector(fields),
  };
}

/** The catalogue exercise of this id as stored, or null when there is none. */
export async function findCatalogueExercise(db: Db, id: string): Promise<StoredExercise | null> {
  const [row] = await db
    .select({ entry: catalogueExercises.entry })
    .from(catalogueExercises)
    .where(eq(catalogueExercises.id, id));
  return row?.entry ?? null;
}

/** The catalogue videos that show these exercises, with the exercises' names, in the given order. */
export async function findExerciseLinks(
  db: Db,
  ids: string[],
): Promise<{ id: string; name: string; videoId: number }[]> {
  if (ids.length === 0) {
    return [];
  }
  const rows = await db
    .select({ id: catalogueExercises.id, name: videos.title, videoId: videos.id })
    .from(catalogueExercises)
    .innerJoin(
      videos,
      and(
        eq(videos.movementId, catalogueExercises.id),
        inCatalogue,
        eq(videos.collection, 'physical-therapy'),
      ),
    )
    .where(inArray(catalogueExercises.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A clinic video made from a catalogue item, the caller's own. Answers its id. */
export async function copyCatalogueVideo(
  db: Db,
  scope: LibraryScope,
  source: VideoRow,
): Promise<number> {
  const rows = await db
    .insert(videos)
    .values(catalogueCopyValues(scope, source))
    .returning({ id: videos.id });
  return onlyRow(rows, 'insert videos').id;
}

/** Which of these videos a patient's program holds (a deleted program item counts: it can be restored). */
export async function heldByPrograms(
  db: Db,
  scope: ClinicScope,
  ids: number[],
): Promise<Set<number>> {
  const rows = await db
    .selectDistinct({ videoId: hepItems.videoId })
    .from(hepItems)
    .where(and(eq(hepItems.clinicId, scope.clinicId), inArray(hepItems.videoId, ids)));
  return new Set(rows.map((row) => row.videoId));
}

/**
 * Takes videos out of the library: archived (and out of every folder) when a program holds them,
 * deleted otherwise. Answers the storage keys of the deleted ones, whose files can now go.
 */
export async function removeVideos(
  db: Db,
  scope: ClinicScope,
  archive: number[],
  remove: number[],
): Promise<string[]> {
  return db.transaction(async (tx) => {
    if (archive.length > 0) {
      await tx
        .update(videos)
        .set({ archivedAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(videos.clinicId, scope.clinicId), inArray(videos.id, archive)));
      await tx
        .delete(libraryFolderVideos)
        .where(
          and(
            eq(libraryFolderVideos.clinicId, scope.clinicId),
            inArray(libraryFolderVideos.videoId, archive),
          ),
        );
    }
    if (remove.length === 0) {
      return [];
    }
    const deleted = await tx
      .delete(videos)
      .where(and(eq(videos.clinicId, scope.clinicId), inArray(videos.id, remove)))
      .returning({ storageKey: videos.storageKey, thumbnailKey: videos.thumbnailKey });
    // Only uploads have stored files; a copied catalogue item's photos are the shipped ones.
    return deleted.flatMap((row) =>
      [row.storageKey, row.thumbnailKey].filter((key): key is string => key !== null),
    );
  });
}

// ── Folders ───────────────────────────────────────────────────────────────────

export interface FolderRow {
  id: number;
  name: string;
  isShared: boolean;
  ownerUserId: number;
  ownerFirstName: string;
  ownerLastName: string;
  videoIds: number[];
  createdAt: Date;
  updatedAt: Date;
}

const folderColumns = {
  id: libraryFolders.id,
  name: libraryFolders.name,
  isShared: libraryFolders.isShared,
  ownerUserId: libraryFolders.ownerUserId,
  ownerFirstName: users.firstName,
  ownerLastName: users.lastName,
  videoIds: sql<
    number[]
  >`coalesce((select array_agg(${libraryFolderVideos.videoId} order by ${libraryFolderVideos.addedAt}, ${libraryFolderVideos.videoId}) from ${libraryFolderVideos} where ${libraryFolderVideos.folderId} = ${libraryFolders.id}), '{}')`,
  createdAt: libraryFolders.createdAt,
  updatedAt: libraryFolders.updatedAt,
};

const selectFolders = (db: Db) =>
  db
    .select(folderColumns)
    .from(libraryFolders)
    .innerJoin(users, eq(users.id, libraryFolders.ownerUserId));

/** library-rules.ts `seesFolder` in SQL: a private folder is its owner's alone. */
const seenBy = (scope: LibraryScope) =>
  and(
    eq(libraryFolders.clinicId, scope.clinicId),
    or(eq(libraryFolders.ownerUserId, scope.userId), eq(libraryFolders.isShared, true)),
  );

/** The folders the caller sees: their own first, then the shared ones, each by name. */
export async function listFolders(db: Db, scope: LibraryScope): Promise<FolderRow[]> {
  return selectFolders(db)
    .where(seenBy(scope))
    .orderBy(
      sql`${libraryFolders.ownerUserId} <> ${scope.userId}`,
      sql`lower(${libraryFolders.name})`,
      asc(libraryFolders.id),
    );
}

/** The clinic's folders of these ids; whether the caller sees them is the service's to say. */
export async function findFolders(db: Db, scope: ClinicScope, ids: number[]): Promise<FolderRow[]> {
  return selectFolders(db).where(
    and(eq(libraryFolders.clinicId, scope.clinicId), inArray(libraryFolders.id, ids)),
  );
}

/** The names of those of these folders the caller sees (a folder named by a program entry). */
export async function findSeenFolderNames(
  db: Db,
  scope: LibraryScope,
  ids: number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) {
    return new Map();
  }
  const rows = await db
    .select({ id: libraryFolders.id, name: libraryFolders.name })
    .from(libraryFolders)
    .where(and(seenBy(scope), inArray(libraryFolders.id, ids)));
  return new Map(rows.map((row) => [row.id, row.name]));
}

export async function insertFolder(db: Db, scope: LibraryScope, name: string): Promise<number> {
  const rows = await db
    .insert(libraryFolders)
    .values({ clinicId: scope.clinicId, ownerUserId: scope.userId, name })
    .returning({ id: libraryFolders.id });
  return onlyRow(rows, 'insert libraryFolders').id;
}

export async function updateFolders(
  db: Db,
  scope: ClinicScope,
  ids: number[],
  changes: { name?: string; isShared?: boolean },
): Promise<void> {
  await db
    .update(libraryFolders)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(libraryFolders.clinicId, scope.clinicId), inArray(libraryFolders.id, ids)));
}

export async function deleteFolder(db: Db, scope: ClinicScope, id: number): Promise<void> {
  await db
    .delete(libraryFolders)
    .where(and(eq(libraryFolders.clinicId, scope.clinicId), eq(libraryFolders.id, id)));
}

/**
 * Every video into every folder; one already there keeps its place. One statement whatever the
 * sizes: a row of parameters per pair (500 videos into 100 folders) passed PostgreSQL's 65,535.
 */
export async function addFolderVideos(
  db: Db,
  scope: ClinicScope,
  folderIds: number[],
  videoIds: number[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into ${libraryFolderVideos} (folder_id, video_id, clinic_id)
      select folder_id, video_id, ${scope.clinicId}::int
      from unnest(${intArray(folderIds)}) as folder_id
      cross join unnest(${intArray(videoIds)}) as video_id
      on conflict do nothing`);
    await touchFolders(tx, scope, folderIds);
  });
}

export async function removeFolderVideos(
  db: Db,
  scope: ClinicScope,
  folderIds: number[],
  videoIds: number[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .delete(libraryFolderVideos)
      .where(
        and(
          eq(libraryFolderVideos.clinicId, scope.clinicId),
          inArray(libraryFolderVideos.folderId, folderIds),
          inArray(libraryFolderVideos.videoId, videoIds),
        ),
      );
    await touchFolders(tx, scope, folderIds);
  });
}

async function touchFolders(db: Db, scope: ClinicScope, ids: number[]): Promise<void> {
  await db
    .update(libraryFolders)
    .set({ updatedAt: sql`now()` })
    .where(and(eq(libraryFolders.clinicId, scope.clinicId), inArray(libraryFolders.id, ids)));
}

/**
 * The shipped catalogue's words that begin with one of these letters (a few hundred a letter),
 * for the service to tell a typo from a word being typed, in one query for a whole search. Shared
 * by every clinic.
 */
export async function catalogueWordsOfInitials(db: Db, initials: string[]): Promise<string[]> {
  const rows = await db
    .select({ word: catalogueWords.word })
    .from(catalogueWords)
    .where(inArray(sql`left(${catalogueWords.word}, 1)`, initials));
  return rows.map((row) => row.word);
}
