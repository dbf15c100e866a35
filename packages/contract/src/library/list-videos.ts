import { z } from 'zod';
import { IdParamSchema, SearchQuerySchema } from '../common/fields';
import { PageQuerySchema, PaginatedSchema } from '../common/pagination';
import { defineRoute } from '../common/route';
import { BODY_PARTS, COLLECTIONS, EQUIPMENT, POSITIONS, PURPOSES, VideoSchema } from './video';

/**
 * Which videos: `all` the clinic's and the catalogue (the default), `mine` those the caller
 * uploaded, `clinic` all of the clinic's own, `catalogue` the shipped exercises.
 */
export const VIDEO_SCOPES = ['all', 'mine', 'clinic', 'catalogue'] as const;
export type VideoScope = (typeof VIDEO_SCOPES)[number];

const oneOf = <T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, { error: `${label} is one of ${values.join(', ')}` }).optional();

export const VideoListQuerySchema = PageQuerySchema.extend({
  /**
   * Words of the title, body part, purpose or equipment, each by its start and in any order,
   * ignoring case and accents ("hams str" finds "Hamstring Stretch").
   */
  search: SearchQuerySchema,
  body_parts: oneOf('Body part', BODY_PARTS),
  purpose: oneOf('Purpose', PURPOSES),
  position: oneOf('Position', POSITIONS),
  equipment: oneOf('Equipment', EQUIPMENT),
  scope: z.enum(VIDEO_SCOPES, { error: 'Scope is all, mine, clinic or catalogue' }).default('all'),
  /**
   * The one catalogue collection to list (the program builder asks for `physical-therapy` until
   * the therapist adds strength and conditioning); both when absent. The clinic's own videos are
   * in neither and are listed by `scope`.
   */
  collection: oneOf('Collection', COLLECTIONS),
  /** Only the videos of this folder (one the caller sees: their own, or a shared one). */
  folder: IdParamSchema.optional(),
});
export type VideoListQuery = z.input<typeof VideoListQuerySchema>;

export const VideoListSchema = PaginatedSchema(VideoSchema);
export type VideoList = z.infer<typeof VideoListSchema>;

/**
 * The library, 25 a page: the clinic's videos (not archived ones) and the catalogue, filtered.
 * The clinic's own come first, newest first; then the catalogue: the physical-therapy
 * collection first, each part by title. With a search, videos
 * whose title has every word lead within each of the two.
 */
export const listVideosRoute = defineRoute({
  method: 'GET',
  path: '/video/list',
  summary: "The clinic's exercise videos and the catalogue, filtered, 25 a page",
  tags: ['library'],
  querystring: VideoListQuerySchema,
  response: { 200: VideoListSchema },
});
