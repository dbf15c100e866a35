import { CONDITION_LABELS, PHASE_LABELS } from '@homestretch/contract/library/catalogue-exercise';
import {
  CONDITIONS,
  PHASES,
  type Condition,
  type Phase,
} from '@homestretch/contract/library/catalogue-entry';
import type { TemplateSummary } from '@homestretch/contract/templates/template';

export const CONDITION_OPTIONS = CONDITIONS.map((value) => ({
  value,
  label: CONDITION_LABELS[value],
}));
export const PHASE_OPTIONS = PHASES.map((value) => ({
  value,
  label: `${PHASE_LABELS[value]} phase`,
}));

/** "Knee replacement · Early phase". */
export function conditionPhaseLabel(template: { condition: Condition; phase: Phase }): string {
  return `${CONDITION_LABELS[template.condition]} · ${PHASE_LABELS[template.phase]} phase`;
}

/** Whose template it is, as its card says. */
export function sourceLabel(template: Pick<TemplateSummary, 'source' | 'author'>): string {
  if (template.source === 'shipped') {
    return 'Shipped with Homestretch';
  }
  return template.author
    ? `Your clinic · ${template.author.first_name} ${template.author.last_name}`
    : 'Your clinic';
}

/** "3 × 10, hold 5 s". */
export function doseLabel(dose: {
  sets: number;
  reps: number;
  hold_seconds: number | null;
}): string {
  const hold = dose.hold_seconds ? `, hold ${dose.hold_seconds} s` : '';
  return `${dose.sets} × ${dose.reps}${hold}`;
}
