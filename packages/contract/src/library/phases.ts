import { z } from 'zod';

/**
 * The phases of care, apart from the conditions (clinical-tags.ts re-exports them): the patient
 * dashboard reads a patient's phase on first load, the conditions only when an exercise is added.
 */

/**
 * Early: protect and move (days to weeks after surgery or injury, or a flare); middle: build
 * strength and control; late: load, balance and return to activity.
 */
export const PHASES = ['early', 'middle', 'late'] as const;
export const PhaseSchema = z.enum(PHASES);
export type Phase = z.infer<typeof PhaseSchema>;

/**
 * Where a patient is in their episode, from whole weeks since onboarding (issue 12): early
 * weeks 0–2, middle 3–6, late 7 and on. After surgery the protocol's own weeks decide instead
 * (server features/hep/recommendation-rules.ts, issue 32).
 */
export const PHASE_FIRST_WEEK: Record<Phase, number> = { early: 0, middle: 3, late: 7 };

export const PHASE_LABELS: Record<Phase, string> = {
  early: 'Early',
  middle: 'Middle',
  late: 'Late',
};
