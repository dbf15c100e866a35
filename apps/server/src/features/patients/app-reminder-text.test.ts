import { describe, expect, it } from 'vitest';
import { appReminderText } from './app-reminder-text';

const config = { publicUrl: 'https://clinic.example.com', patientAppUrl: undefined };
const ana = { firstName: 'Ana', userId: null, email: 'ana@example.com' };

describe('the app reminder text', () => {
  it('sends a patient without a login to their clinic sign-up page', () => {
    const text = appReminderText(config, ana, 'DEMO 26', 'Riverside PT');
    expect(text.link).toBe('https://clinic.example.com/patient/signup?code=DEMO%2026');
    expect(text.body).toBe(
      'Hello Ana, Riverside PT has your home exercise program ready in the Homestretch app. Create your account: https://clinic.example.com/patient/signup?code=DEMO%2026',
    );
  });

  it('links a patient with a login to the patient app this server serves, with their e-mail', () => {
    const text = appReminderText(config, { ...ana, userId: 7 }, 'DEMO26', 'Riverside PT');
    expect(text.link).toBe('https://clinic.example.com/app');
    expect(text.body).toBe(
      'Hello Ana, Riverside PT has your home exercise program ready in the Homestretch app. Open the app: https://clinic.example.com/app Sign in with ana@example.com.',
    );
  });

  it('links to the configured app address instead when there is one', () => {
    const text = appReminderText(
      { ...config, patientAppUrl: 'https://apps.example.com/homestretch' },
      { ...ana, userId: 7, email: null },
      'DEMO26',
      'Riverside PT',
    );
    expect(text.link).toBe('https://apps.example.com/homestretch');
    expect(text.body).toMatch(/Open the app: https:\/\/apps\.example\.com\/homestretch$/);
  });
});
