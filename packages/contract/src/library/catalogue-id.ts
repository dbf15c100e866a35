import { z } from 'zod';

/**
 * A catalogue exercise's id: a lower-case slug, the id other entries link to and programs store.
 * Its own module because every video and program item carries one (`movement_id`): the patient
 * app parses them without loading the catalogue entry's schema and its reading-level check.
 */
export const CatalogueIdSchema = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Use lower-case words joined by hyphens')
  .max(60);
