import { z } from 'zod';

/**
 * The clinical tags a recommendation, a template and a catalogue exercise share: the conditions
 * of issue 32 and the phases of care, with how they read on screen. A module of their own, so a
 * screen that shows a recommendation's condition does not load the catalogue entry's schema and
 * its movement model (catalogue-entry.ts re-exports them).
 */

/** The conditions of issue 32 the catalogue must cover, each in every phase. */
export const CONDITIONS = [
  'knee-osteoarthritis',
  'knee-replacement',
  'acl-reconstruction',
  'patellofemoral-pain',
  'hip-osteoarthritis',
  'hip-replacement',
  'low-back-pain',
  'neck-pain',
  'shoulder-impingement',
  'rotator-cuff-repair',
  'frozen-shoulder',
  'ankle-sprain',
  'plantar-fasciitis',
  'falls-prevention',
  'posture',
] as const;
export const ConditionSchema = z.enum(CONDITIONS);
export type Condition = z.infer<typeof ConditionSchema>;

/** How the conditions read on screen. */
export const CONDITION_LABELS: Record<Condition, string> = {
  'knee-osteoarthritis': 'Knee osteoarthritis',
  'knee-replacement': 'Knee replacement',
  'acl-reconstruction': 'ACL reconstruction',
  'patellofemoral-pain': 'Patellofemoral pain',
  'hip-osteoarthritis': 'Hip osteoarthritis',
  'hip-replacement': 'Hip replacement',
  'low-back-pain': 'Low back pain',
  'neck-pain': 'Neck pain',
  'shoulder-impingement': 'Shoulder impingement',
  'rotator-cuff-repair': 'Rotator cuff repair',
  'frozen-shoulder': 'Frozen shoulder',
  'ankle-sprain': 'Ankle sprain',
  'plantar-fasciitis': 'Plantar fasciitis',
  'falls-prevention': 'Falls prevention',
  posture: 'Posture',
};

export * from './phases';
