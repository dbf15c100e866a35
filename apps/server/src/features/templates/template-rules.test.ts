import { describe, expect, it } from 'vitest';
import { CONDITIONS, PHASES } from '@homestretch/contract/library/catalogue-entry';
import { PT_CATALOGUE } from '../library/library.api';
import { SHIPPED_TEMPLATES } from './shipped-templates';
import {
  compareTemplates,
  copyName,
  shippedKey,
  shippedName,
  shippedTemplateProblems,
  templateChangeRefusal,
} from './template-rules';

const catalogue = new Map(PT_CATALOGUE.map((entry) => [entry.id, entry]));

describe('the shipped templates', () => {
  it('name only catalogue exercises tagged for their condition and phase, four to six each', () => {
    expect(
      SHIPPED_TEMPLATES.flatMap((template) => shippedTemplateProblems(template, catalogue)),
    ).toEqual([]);
  });

  it('give every condition each of its three phases, once', () => {
    const keys = SHIPPED_TEMPLATES.map(shippedKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect([...keys].sort()).toEqual(
      CONDITIONS.flatMap((condition) => PHASES.map((phase) => `${condition}/${phase}`)).sort(),
    );
  });

  it('say why their exercises were chosen', () => {
    for (const template of SHIPPED_TEMPLATES) {
      expect(template.why.length, shippedKey(template)).toBeGreaterThan(40);
    }
  });

  it('spot an exercise missing, untagged, repeated, and a list too short', () => {
    const problems = shippedTemplateProblems(
      {
        condition: 'neck-pain',
        phase: 'early',
        why: '',
        exercises: ['chin-tuck', 'chin-tuck', 'bridge', 'no-such'],
      },
      catalogue,
    );
    expect(problems).toEqual([
      'neck-pain/early: an exercise is listed twice',
      'neck-pain/early: bridge is not tagged for neck-pain',
      'neck-pain/early: no-such is not in the catalogue',
    ]);
    expect(
      shippedTemplateProblems(
        {
          condition: 'neck-pain',
          phase: 'late',
          why: '',
          exercises: ['chin-tuck', 'band-row', 'doorway-pec-stretch'],
        },
        catalogue,
      ),
    ).toEqual([
      'neck-pain/late: 3 exercises, not 4 to 6',
      'neck-pain/late: chin-tuck is not tagged for the late phase',
    ]);
  });
});

describe('who may change a template', () => {
  const author = { id: 7, role: 'therapist' as const };
  const colleague = { id: 8, role: 'remote_therapist' as const };
  const admin = { id: 9, role: 'admin' as const };
  const clinicTemplate = { clinicId: 1, authorUserId: 7 };

  it('keeps a shipped template read-only for everyone, the administrator included', () => {
    for (const user of [author, colleague, admin]) {
      expect(templateChangeRefusal(user, { clinicId: null, authorUserId: null })).toBe('shipped');
    }
  });

  it('lets a clinic template be changed by its author and the administrator only', () => {
    expect(templateChangeRefusal(author, clinicTemplate)).toBeNull();
    expect(templateChangeRefusal(admin, clinicTemplate)).toBeNull();
    expect(templateChangeRefusal(colleague, clinicTemplate)).toBe('not_author');
    // An author whose account is gone leaves the template to the administrator.
    expect(templateChangeRefusal(author, { clinicId: 1, authorUserId: null })).toBe('not_author');
  });
});

describe('names, doses and order', () => {
  it('keeps a shipped template’s name on its copy and marks a copy of a clinic one', () => {
    expect(copyName({ clinicId: null, authorUserId: null, name: 'Neck pain, early phase' })).toBe(
      'Neck pain, early phase',
    );
    expect(copyName({ clinicId: 1, authorUserId: 7, name: 'Our TKA week 2' })).toBe(
      'Copy of Our TKA week 2',
    );
    expect(copyName({ clinicId: 1, authorUserId: 7, name: 'x'.repeat(100) })).toHaveLength(100);
    expect(shippedName('knee-replacement', 'early')).toBe('Knee replacement, early phase');
  });

  it('lists by condition, phase, the clinic’s own before the shipped one, then name', () => {
    const row = (id: number, values: Partial<Parameters<typeof compareTemplates>[0]>) => ({
      id,
      condition: 'knee-osteoarthritis' as const,
      phase: 'early' as const,
      clinicId: 1 as number | null,
      name: 'A',
      ...values,
    });
    const rows = [
      row(1, { condition: 'posture' }),
      row(2, { phase: 'late' }),
      row(3, { clinicId: null }),
      row(4, { name: 'b' }),
      row(5, { name: 'A' }),
    ];
    expect([...rows].sort(compareTemplates).map((r) => r.id)).toEqual([5, 4, 3, 2, 1]);
  });
});
