import { TemplateBodySchema } from '@homestretch/contract/templates/template';
import { describe, expect, it } from 'vitest';
import { contractResolver } from '../../../lib/contract-form';
import { templateBody, templateErrorField, type TemplateForm } from './template-form';

const form: TemplateForm = {
  name: 'TKA week 2',
  condition: 'knee-replacement',
  phase: 'early',
  notes: '',
  items: [
    { video_id: 4, title: 'Quad set', sets: '3', reps: '10', hold: '5' },
    { video_id: 9, title: 'Heel slide', sets: '2', reps: ' 15 ', hold: '' },
  ],
};

const resolve = (values: TemplateForm) =>
  contractResolver(TemplateBodySchema, { toBody: templateBody, errorField: templateErrorField })(
    values,
    undefined,
    { fields: {}, shouldUseNativeValidation: false },
  );

describe('the template form', () => {
  it('sends the counts as numbers and no hold as null', () => {
    expect(templateBody(form).items).toEqual([
      { video_id: 4, sets: 3, reps: 10, hold_seconds: 5 },
      { video_id: 9, sets: 2, reps: 15, hold_seconds: null },
    ]);
  });

  it('puts a refused count beside its exercise, and a missing choice beside its field', async () => {
    const result = await resolve({
      ...form,
      condition: '',
      items: [
        { ...form.items[0]!, reps: 'ten' },
        { ...form.items[1]!, hold: '700' },
      ],
    });
    expect(Object.keys(result.errors).sort()).toEqual([
      'condition',
      'items.0.reps',
      'items.1.hold_seconds',
    ]);
  });

  it('asks for at least one exercise', async () => {
    const result = await resolve({ ...form, items: [] });
    expect(result.errors).toMatchObject({ items: { message: 'Choose at least one exercise' } });
  });
});
