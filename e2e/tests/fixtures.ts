import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Page, expect, test } from '@playwright/test';

export { expect, test };

export const DEMO_PASSWORD = 'Demo-pass-2026';
export const DEMO_CLINIC_CODE = 'DEMO2026';
/** Approves staff who sign up with the clinic code; signs in once per project. */
export const DEMO_ADMIN_EMAIL = 'admin@demo.homestretch.test';
/**
 * Each project signs in as its own demo clinician: sign-in is limited to 10 attempts per address
 * per 15 minutes, and the suite as a whole signs in more often than that.
 */
export function staffEmail(): string {
  return test.info().project.name === 'phone'
    ? 'remote@demo.homestretch.test'
    : 'therapist@demo.homestretch.test';
}

/** Signs in through the real login form (Epic Stack's signIn fixture, without shortcuts). */
export async function signIn(
  page: Page,
  email = staffEmail(),
  password = DEMO_PASSWORD,
): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /account menu/i }).click();
  // The account menu's entry: an account waiting for approval has a second one in its panel.
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** axe-core: no serious or critical violation on the page as it stands. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const blocking = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(
    blocking.map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    ),
  ).toEqual([]);
}

export const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}@e2e.homestretch.test`;

/**
 * Staff sign-up finishes from the link mailed to the address: read it from the development
 * outbox (the e2e server runs with DEV_OUTBOX=on and the tests are on its machine) and open it.
 */
export async function openSignUpLink(page: Page, request: APIRequestContext, email: string) {
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  let link: string | undefined;
  await expect(async () => {
    const outbox = await request.get('/dev/outbox/messages', { params: { recipient: email } });
    expect(outbox.ok()).toBe(true);
    const { results } = (await outbox.json()) as { results: { body_text: string }[] };
    link = /http:\/\/localhost:\d+(\/therapist-signup\?[^\s]+)/.exec(
      results[0]?.body_text ?? '',
    )?.[1];
    expect(link).toBeDefined();
  }).toPass({ timeout: 10_000 });
  await page.goto(link as string);
}
