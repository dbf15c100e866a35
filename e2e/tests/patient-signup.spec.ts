import type { APIRequestContext } from '@playwright/test';
import { DEMO_CLINIC_CODE, expect, expectAccessible, test, uniqueEmail } from './fixtures';

/**
 * A number of its own per test: the server limits texts per phone (and counts per IP), so a
 * reused number would make the suite fail on its second run within the hour.
 */
function uniquePhone(): { typed: string; e164: string } {
  // (212) 5xx-xxxx: a real New York shape, since the server checks the numbering plan.
  const line = String(Math.floor(Math.random() * 1e6)).padStart(6, '0');
  const digits = `2125${line}`;
  return {
    typed: `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`,
    e164: `+1${digits}`,
  };
}

/** The newest code texted to `phone`, from the development outbox (no SMS provider in e2e). */
async function latestCode(request: APIRequestContext, phone: string): Promise<string> {
  let code: string | undefined;
  await expect(async () => {
    const response = await request.get('/dev/outbox/messages', { params: { recipient: phone } });
    expect(response.ok()).toBe(true);
    const { results } = (await response.json()) as {
      results: { channel: string; body_text: string; created_at: string }[];
    };
    const newest = results
      .filter((message) => message.channel === 'sms')
      .sort((a, b) => b.created_at.localeCompare(a.created_at))[0];
    code = /\b(\d{6})\b/.exec(newest?.body_text ?? '')?.[1];
    expect(code).toBeDefined();
  }).toPass({ timeout: 10_000 });
  return code as string;
}

test.describe('patient self sign-up from the clinic QR code', () => {
  test(
    'a patient verifies their phone, creates an account and learns what happens next',
    { tag: '@phone' },
    async ({ page }) => {
      const phone = uniquePhone();
      const email = uniqueEmail('patient');
      await page.goto(`/patient/signup?code=${DEMO_CLINIC_CODE}`);

      await expect(page.getByText('Riverside Physical Therapy', { exact: true })).toBeVisible();
      await expect(
        page.getByRole('heading', { level: 1, name: 'Verify your phone' }),
      ).toBeVisible();
      await expectAccessible(page);
      await page.getByLabel('Mobile phone number').fill(phone.typed);
      await page.getByRole('button', { name: 'Text me a code' }).click();

      const heading = page.getByRole('heading', { level: 1, name: 'Enter your code' });
      await expect(heading).toBeFocused();
      await expect(page.getByRole('button', { name: /Send a new code in \d:\d\d/ })).toBeDisabled();
      await expectAccessible(page);
      const code = await latestCode(page.request, phone.e164);
      const wrong = code.replace(/\d/g, (digit) => String((Number(digit) + 1) % 10));
      const codeField = page.getByLabel('6-digit code');
      await codeField.fill(wrong);
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page.getByText('Incorrect code. 4 tries left.')).toBeVisible();
      await expect(codeField).toHaveAttribute('aria-invalid', 'true');
      await codeField.fill(code);
      await page.getByRole('button', { name: 'Verify' }).click();

      await expect(
        page.getByRole('heading', { level: 1, name: 'Create your account' }),
      ).toBeFocused();
      await expectAccessible(page);
      await page.getByLabel('First name').fill('Ana');
      await page.getByLabel('Last name').fill('Silva');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('short');
      await page.getByRole('button', { name: 'Create my account' }).click();
      await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute(
        'aria-invalid',
        'true',
      );
      await page.getByLabel('Password', { exact: true }).fill('three calm words');
      await page.getByLabel('Date of birth (optional)').fill('1961-04-12');
      await page.getByRole('button', { name: 'Create my account' }).click();

      await expect(
        page.getByRole('heading', { level: 1, name: "You're all set, Ana" }),
      ).toBeFocused();
      await expect(page.getByText(email)).toBeVisible();
      await expect(
        page.getByText(/Riverside Physical Therapy sets up your home exercise/),
      ).toBeVisible();
      await expectAccessible(page);
    },
  );

  test(
    'a wrong clinic code says what to do instead of showing a form',
    { tag: '@phone' },
    async ({ page }) => {
      await page.goto('/patient/signup?code=NOSUCH42');
      await expect(
        page.getByRole('heading', { level: 1, name: "We can't find your clinic" }),
      ).toBeVisible();
      await expect(page.getByRole('alert')).toContainText('No clinic on Homestretch has the code');
      await expect(page.getByText(/Ask your clinic for a new QR code/)).toBeVisible();
      await expect(page.getByLabel('Mobile phone number')).toHaveCount(0);
      await expectAccessible(page);
    },
  );

  test(
    'a patient who types the address from the poster gives the clinic code printed under it',
    { tag: '@phone' },
    async ({ page }) => {
      await page.goto('/patient/signup');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Enter your clinic code' }),
      ).toBeVisible();
      await expectAccessible(page);
      const code = page.getByRole('textbox', { name: 'Clinic code' });
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(code).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByText('Clinic code is required')).toBeVisible();
      await code.fill('NOSUCH42');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByText(/No clinic has this code/)).toBeVisible();

      await code.fill(DEMO_CLINIC_CODE.toLowerCase());
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page).toHaveURL(new RegExp(`/patient/signup\\?code=${DEMO_CLINIC_CODE}$`));
      await expect(page.getByText('Riverside Physical Therapy', { exact: true })).toBeVisible();
      await expect(
        page.getByRole('heading', { level: 1, name: 'Verify your phone' }),
      ).toBeVisible();
    },
  );
});
