import {
  DEMO_CLINIC_CODE,
  expect,
  expectAccessible,
  signIn,
  signOut,
  staffEmail,
  test,
  uniqueEmail,
} from './fixtures';

test.describe('staff authentication', () => {
  test('a new therapist signs up with the demo clinic code, signs in again and lands on the patient list', async ({
    page,
  }) => {
    const email = uniqueEmail('signup');
    await page.goto('/therapist-signup');
    await page.getByLabel('First name').fill('Jordan');
    await page.getByLabel('Last name').fill('Reyes');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('a-long-passphrase');
    await page.getByLabel('Clinic code').fill(DEMO_CLINIC_CODE);
    await page.getByLabel('Clinic code').blur();
    await expect(page.getByText('Riverside Physical Therapy')).toBeVisible();
    await page.getByLabel('Role').selectOption({ label: 'Staff Therapist' });
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/patients$/);

    await signOut(page);
    await signIn(page, email, 'a-long-passphrase');
    await expect(page).toHaveURL(/\/patients$/);
    await expect(page.getByRole('heading', { name: 'Patients' })).toBeVisible();
  });

  test('a protected deep link survives sign-in', async ({ page }) => {
    await page.goto('/patient/7/dashboard?weeks_ago=2#charts');
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page);
    await expect(page).toHaveURL(/\/patient\/7\/dashboard\?weeks_ago=2#charts$/);
  });

  test('after sign-out every protected page sends the user to sign in', async ({ page }) => {
    await page.goto('/login');
    await signIn(page);
    await expect(page).toHaveURL(/\/patients$/);
    await signOut(page);
    for (const path of ['/patients', '/dashboard', '/chat', '/therapist-list']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
    }
  });

  test("a wrong password shows the server's message", async ({ page }) => {
    await page.goto('/login');
    await signIn(page, staffEmail(), 'not-the-password');
    await expect(page.getByRole('alert')).toContainText('Incorrect email or password');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('visiting the login page while signed in goes straight to the patient list', async ({
    page,
  }) => {
    await page.goto('/login');
    await signIn(page);
    await expect(page).toHaveURL(/\/patients$/);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/patients$/);
  });

  test('a supervisor signs in with the clinic code and a password', async ({ page }) => {
    await page.goto('/supervisor-login');
    await page.getByLabel('Clinic code').fill(DEMO_CLINIC_CODE);
    await page.getByLabel('Password', { exact: true }).fill('Demo-pass-2026');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a forgotten password is reset through the e-mailed link', async ({ page, request }) => {
    const email = uniqueEmail('reset');
    await page.goto('/therapist-signup');
    await page.getByLabel('First name').fill('Casey');
    await page.getByLabel('Last name').fill('Lind');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('first-passphrase');
    await page.getByLabel('Clinic code').fill(DEMO_CLINIC_CODE);
    await page.getByLabel('Clinic code').blur();
    await expect(page.getByText('Riverside Physical Therapy')).toBeVisible();
    await page.getByLabel('Role').selectOption({ label: 'Office Manager' });
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/patients$/);
    await signOut(page);

    await page.goto('/find-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: /send/i }).click();
    await expect(page.getByText(/If an account exists/)).toBeVisible();

    const outbox = await request.get(`/dev/outbox/messages?recipient=${encodeURIComponent(email)}`);
    const [message] = (await outbox.json()).results;
    const link = /http:\/\/localhost:\d+(\/reset-password\?[^\s]+)/.exec(message.body_text)?.[1];
    expect(link).toBeTruthy();
    await page.goto(link as string);
    await page.getByLabel('New password', { exact: true }).fill('second-passphrase');
    await page.getByLabel('Repeat the new password').fill('second-passphrase');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByText(/password has been changed/i)).toBeVisible();

    await page.goto('/login');
    await signIn(page, email, 'second-passphrase');
    await expect(page).toHaveURL(/\/patients$/);
  });
});

test.describe('accessibility', () => {
  for (const path of [
    '/login',
    '/supervisor-login',
    '/therapist-signup',
    '/find-password',
    '/reset-password?uid=1&token=x',
    '/patient/signup?code=DEMO2026',
    '/no-such-page',
  ]) {
    test(`public page ${path} has no serious violations`, async ({ page }) => {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expectAccessible(page);
    });
  }

  test('every protected screen has no serious violations', async ({ page }) => {
    await page.goto('/login');
    await signIn(page);
    await expect(page).toHaveURL(/\/patients$/);
    for (const path of [
      '/patients',
      '/patient/1/dashboard',
      '/therapist-list',
      '/dashboard',
      '/balances',
      '/exercise-library',
      '/exercise-upload',
      '/exercise-edit/1',
      '/referral',
      '/chat',
      '/chat/1/messages',
    ]) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expectAccessible(page);
    }
  });
});
