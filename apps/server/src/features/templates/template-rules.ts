/**
 * The rules of program templates (issue 32 item 6), pure so each is pinned by a unit test: who
 * may change a template, how a shipped template is built from the catalogue and checked, what a
 * copy is called and the order a list shows them in.
 */
import type { Role } from '@homestretch/contract/common/enums';
import {
  CONDITIONS,
  type CatalogueEntry,
  type Condition,
  PHASES,
  type Phase,
} from '@homestretch/contract/library/catalogue-entry';
import { CONDITION_LABELS } from '@homestretch/contract/library/catalogue-exercise';
import { MAX_TEMPLATE_NAME_LENGTH } from '@homestretch/contract/templates/template';
import type { ShippedTemplate } from './shipped-templates';

export interface TemplateUser {
  id: number;
  role: Role;
}

export interface TemplateOwnership {
  /** Null for a shipped template. */
  clinicId: number | null;
  authorUserId: number | null;
}

export type TemplateChangeRefusal = 'shipped' | 'not_author';

/**
 * A shipped template is read-only for everyone (a clinic copies it). A clinic template is changed
 * by the clinician who wrote it or by the clinic's administrator, as a clinic video is
 * (library-rules.ts): a colleague's template is used or copied, not rewritten under them
 * (docs/decisions/034-program-templates.md).
 */
export function templateChangeRefusal(
  user: TemplateUser,
  template: TemplateOwnership,
): TemplateChangeRefusal | null {
  if (template.clinicId === null) {
    return 'shipped';
  }
  return template.authorUserId === user.id || user.role === 'admin' ? null : 'not_author';
}

export const TEMPLATE_REFUSAL_MESSAGES: Record<TemplateChangeRefusal, string> = {
  shipped: 'Shipped templates are read-only. Copy this template to change it.',
  not_author:
    "Only the clinician who wrote this template, or the clinic's administrator, can change it.",
};

/** A copy of a shipped template is the clinic's version of it; of a clinic one, a second. */
export function copyName(template: TemplateOwnership & { name: string }): string {
  return template.clinicId === null
    ? template.name
    : `Copy of ${template.name}`.slice(0, MAX_TEMPLATE_NAME_LENGTH);
}

/** "Knee replacement, early phase". */
export function shippedName(condition: Condition, phase: Phase): string {
  return `${CONDITION_LABELS[condition]}, ${phase} phase`;
}

/** The shipped template's stable key: one per condition and phase. */
export function shippedKey(template: Pick<ShippedTemplate, 'condition' | 'phase'>): string {
  return `${template.condition}/${template.phase}`;
}

export const MIN_SHIPPED_EXERCISES = 4;
export const MAX_SHIPPED_EXERCISES = 6;

/**
 * What is wrong with a shipped template against the catalogue: an exercise that is not there, or
 * not tagged for the template's condition and phase, one listed twice, too few or too many.
 */
export function shippedTemplateProblems(
  template: ShippedTemplate,
  catalogue: ReadonlyMap<string, Pick<CatalogueEntry, 'conditions' | 'phases'>>,
): string[] {
  const where = shippedKey(template);
  const problems: string[] = [];
  const count = template.exercises.length;
  if (count < MIN_SHIPPED_EXERCISES || count > MAX_SHIPPED_EXERCISES) {
    problems.push(
      `${where}: ${count} exercises, not ${MIN_SHIPPED_EXERCISES} to ${MAX_SHIPPED_EXERCISES}`,
    );
  }
  if (new Set(template.exercises).size !== count) {
    problems.push(`${where}: an exercise is listed twice`);
  }
  for (const id of template.exercises) {
    const entry = catalogue.get(id);
    if (!entry) {
      problems.push(`${where}: ${id} is not in the catalogue`);
    } else if (!entry.conditions.includes(template.condition)) {
      problems.push(`${where}: ${id} is not tagged for ${template.condition}`);
    } else if (!entry.phases.includes(template.phase)) {
      problems.push(`${where}: ${id} is not tagged for the ${template.phase} phase`);
    }
  }
  return problems;
}

export interface ListedTemplate {
  condition: Condition;
  phase: Phase;
  clinicId: number | null;
  name: string;
  id: number;
}

/**
 * A list's order: by condition as the catalogue lists them, then phase, the clinic's own before
 * the shipped one (a clinic's version is the one it means to use), then by name.
 */
export function compareTemplates(a: ListedTemplate, b: ListedTemplate): number {
  return (
    CONDITIONS.indexOf(a.condition) - CONDITIONS.indexOf(b.condition) ||
    PHASES.indexOf(a.phase) - PHASES.indexOf(b.phase) ||
    Number(a.clinicId === null) - Number(b.clinicId === null) ||
    a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) ||
    a.id - b.id
  );
}
