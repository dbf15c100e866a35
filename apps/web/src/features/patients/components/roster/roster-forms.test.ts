import { describe, expect, it } from 'vitest';
import { initialRegisterForm, registerBody } from './register-patient-modal';
import { togglePicked } from './therapist-picker';

const THERAPIST = { id: 7, first_name: 'Dana', last_name: 'Reyes', role: 'therapist' } as const;

describe('registerBody', () => {
  it('leaves blank optional fields out and always sends the picked therapists', () => {
    const form = { ...initialRegisterForm(THERAPIST), firstName: 'Lena', lastName: 'Berg' };
    expect(registerBody(form)).toEqual({
      first_name: 'Lena',
      last_name: 'Berg',
      is_rtm_covered: false,
      therapists: [7],
    });
  });

  it('sends a code only with diagnosis words', () => {
    const form = {
      ...initialRegisterForm({ ...THERAPIST, role: 'manager' }),
      firstName: 'Lena',
      lastName: 'Berg',
      diagnosis: { diagnosis: '  ', code: 'M5450' },
    };
    expect(registerBody(form)).toEqual({
      first_name: 'Lena',
      last_name: 'Berg',
      is_rtm_covered: false,
      therapists: [],
    });
  });
});

describe('togglePicked', () => {
  it('adds once, in picking order, and removes', () => {
    const ada = { id: 1, name: 'Ada' };
    const ben = { id: 2, name: 'Ben' };
    expect(togglePicked([ada], ben, true)).toEqual([ada, ben]);
    expect(togglePicked([ada, ben], ada, true)).toEqual([ben, ada]);
    expect(togglePicked([ada, ben], ada, false)).toEqual([ben]);
  });
});
