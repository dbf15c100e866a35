import { PHASE_FIRST_WEEK, PHASES, type Phase } from '@homestretch/contract/library/phases';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The episode phase from whole weeks since onboarding (the contract's one table of it), for the
 * send event when no recommendations were asked; null when the patient was never onboarded.
 */
export function phaseSince(onboardedAt: string | null, now: Date = new Date()): Phase | null {
  if (!onboardedAt) {
    return null;
  }
  const start = Date.parse(onboardedAt);
  if (Number.isNaN(start)) {
    return null;
  }
  const weeks = Math.max(0, Math.floor((now.getTime() - start) / WEEK_MS));
  return [...PHASES].reverse().find((phase) => weeks >= PHASE_FIRST_WEEK[phase]) ?? 'early';
}
