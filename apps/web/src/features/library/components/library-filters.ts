import {
  VIDEO_SCOPES,
  type VideoListQuery,
  type VideoScope,
} from '@homestretch/contract/library/list-videos';
import {
  BODY_PARTS,
  COLLECTION_LABELS,
  COLLECTIONS,
  EQUIPMENT,
  POSITIONS,
  PURPOSES,
  type BodyPart,
  type Collection,
  type Equipment,
  type Position,
  type Purpose,
} from '@homestretch/contract/library/video';

/*
 * The library's filters live in the address (?q=&body_parts=&purpose=&position=&equipment=
 * &scope=&collection=&folder=&page=), so going back from a video's page returns to the same
 * search, folder and page. These helpers are the only place that reads or writes them.
 */

/** A tag filter left open: every body part (purpose, position, equipment). */
export const ANY = 'any';
type Any = typeof ANY;

export interface LibraryFilters {
  search: string;
  bodyPart: BodyPart | Any;
  purpose: Purpose | Any;
  position: Position | Any;
  equipment: Equipment | Any;
  scope: VideoScope;
  /** One catalogue collection, or both; the clinic's own videos are in neither. */
  collection: Collection | Any;
  /** The open folder's id, or null for the whole library. */
  folder: number | null;
  page: number;
}

export const DEFAULT_FILTERS: LibraryFilters = {
  search: '',
  bodyPart: ANY,
  purpose: ANY,
  position: ANY,
  equipment: ANY,
  scope: 'all',
  collection: ANY,
  folder: null,
  page: 1,
};

export const SCOPE_LABELS: Record<VideoScope, string> = {
  all: 'All videos',
  mine: 'My videos',
  clinic: 'Clinic',
  catalogue: 'Catalogue',
};

export interface FilterOption<V extends string> {
  value: V;
  label: string;
}

function withAny<V extends string>(
  anyLabel: string,
  values: readonly V[],
): FilterOption<V | Any>[] {
  return [{ value: ANY, label: anyLabel }, ...values.map((value) => ({ value, label: value }))];
}

export const BODY_PART_OPTIONS = withAny('All body parts', BODY_PARTS);
export const PURPOSE_OPTIONS = withAny('All purposes', PURPOSES);
export const POSITION_OPTIONS = withAny('All positions', POSITIONS);
/** `-` is the contract's "not said": shown in words. */
export const EQUIPMENT_OPTIONS = withAny('All equipment', EQUIPMENT).map((option) =>
  option.value === '-' ? { ...option, label: 'Not stated' } : option,
);
export const COLLECTION_OPTIONS: FilterOption<Collection | Any>[] = [
  { value: ANY, label: 'Both collections' },
  ...COLLECTIONS.map((value) => ({ value, label: COLLECTION_LABELS[value] })),
];
export const SCOPE_OPTIONS: FilterOption<VideoScope>[] = VIDEO_SCOPES.map((value) => ({
  value,
  label: SCOPE_LABELS[value],
}));

/** The filters a dropdown narrows the library by (the search, folder and page are not). */
export type FilterField =
  'scope' | 'collection' | 'bodyPart' | 'purpose' | 'position' | 'equipment';

/** Each dropdown's label and options, in the order the library screen shows them. */
export const FILTER_FIELDS: {
  [K in FilterField]: { label: string; options: FilterOption<LibraryFilters[K]>[] };
} = {
  scope: { label: 'Show', options: SCOPE_OPTIONS },
  collection: { label: 'Collection', options: COLLECTION_OPTIONS },
  bodyPart: { label: 'Body part', options: BODY_PART_OPTIONS },
  purpose: { label: 'Purpose', options: PURPOSE_OPTIONS },
  position: { label: 'Position', options: POSITION_OPTIONS },
  equipment: { label: 'Equipment', options: EQUIPMENT_OPTIONS },
};

function oneOf<T extends string>(allowed: readonly T[], value: string | null): T | Any {
  return allowed.find((item) => item === value) ?? ANY;
}

function positiveInteger(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) {
    return null;
  }
  const number = Number(value);
  return Number.isSafeInteger(number) && number > 0 ? number : null;
}

/** Unknown or hand-edited values fall back to the defaults instead of failing the screen. */
export function readLibraryFilters(params: URLSearchParams): LibraryFilters {
  const scope = VIDEO_SCOPES.find((item) => item === params.get('scope'));
  return {
    search: (params.get('q') ?? '').trim(),
    bodyPart: oneOf(BODY_PARTS, params.get('body_parts')),
    purpose: oneOf(PURPOSES, params.get('purpose')),
    position: oneOf(POSITIONS, params.get('position')),
    equipment: oneOf(EQUIPMENT, params.get('equipment')),
    scope: scope ?? DEFAULT_FILTERS.scope,
    collection: oneOf(COLLECTIONS, params.get('collection')),
    folder: positiveInteger(params.get('folder')),
    page: positiveInteger(params.get('page')) ?? DEFAULT_FILTERS.page,
  };
}

/** Only what differs from the defaults goes in the address, so /exercise-library stays short. */
export function writeLibraryFilters(filters: LibraryFilters): URLSearchParams {
  const params = new URLSearchParams();
  const set = (key: string, value: string, fallback: string) => {
    if (value !== fallback) {
      params.set(key, value);
    }
  };
  set('q', filters.search, DEFAULT_FILTERS.search);
  set('body_parts', filters.bodyPart, ANY);
  set('purpose', filters.purpose, ANY);
  set('position', filters.position, ANY);
  set('equipment', filters.equipment, ANY);
  set('scope', filters.scope, DEFAULT_FILTERS.scope);
  set('collection', filters.collection, ANY);
  if (filters.folder !== null) {
    params.set('folder', String(filters.folder));
  }
  set('page', String(filters.page), String(DEFAULT_FILTERS.page));
  return params;
}

/** The list endpoint's query for a set of filters (contract library/list-videos). */
export function toListQuery(filters: LibraryFilters): VideoListQuery {
  return {
    page: filters.page,
    scope: filters.scope,
    ...(filters.search ? { search: filters.search } : {}),
    ...(filters.bodyPart === ANY ? {} : { body_parts: filters.bodyPart }),
    ...(filters.purpose === ANY ? {} : { purpose: filters.purpose }),
    ...(filters.position === ANY ? {} : { position: filters.position }),
    ...(filters.equipment === ANY ? {} : { equipment: filters.equipment }),
    ...(filters.collection === ANY ? {} : { collection: filters.collection }),
    ...(filters.folder === null ? {} : { folder: filters.folder }),
  };
}

/** How many of the narrowing filters (not the search, folder or page) are set: the phone's badge. */
export function activeFilterCount(filters: LibraryFilters): number {
  return [
    filters.bodyPart !== ANY,
    filters.purpose !== ANY,
    filters.position !== ANY,
    filters.equipment !== ANY,
    filters.scope !== DEFAULT_FILTERS.scope,
    filters.collection !== ANY,
  ].filter(Boolean).length;
}

/** The same folder and nothing else: what "Clear filters" leaves. */
export function clearedFilters(filters: LibraryFilters): LibraryFilters {
  return { ...DEFAULT_FILTERS, folder: filters.folder };
}

/** What an empty page means: an empty folder, or a search or filters that match nothing. */
export function emptyLibraryMessage(filters: LibraryFilters): {
  title: string;
  description: string;
  canClear: boolean;
} {
  const narrowed = filters.search !== '' || activeFilterCount(filters) > 0;
  if (narrowed) {
    return {
      title: filters.search
        ? `No videos match “${filters.search}”`
        : 'No videos match these filters',
      description: 'Check the spelling, or clear the filters to see every video.',
      canClear: true,
    };
  }
  if (filters.folder !== null) {
    return {
      title: 'This folder is empty',
      description: 'Open the library, tick the videos you want and choose “Add to folder”.',
      canClear: false,
    };
  }
  return {
    title: 'No videos yet',
    description: 'Upload a video of an exercise, or copy one from the catalogue.',
    canClear: false,
  };
}
