import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Page, test as base, expect } from '@playwright/test';
import { E2E_PORT } from '../app-server.mjs';

export { expect };

export const DEMO_PASSWORD = 'Demo-pass-2026';
export const DEMO_CLINIC_CODE = 'DEMO2026';
/** Approves staff who sign up with the clinic code. */
export const DEMO_ADMIN_EMAIL = 'admin@demo.homestretch.test';
export const DEMO_MANAGER_EMAIL = 'manager@demo.homestretch.test';
const DESKTOP_CLINICIAN = 'therapist@demo.homestretch.test';
const PHONE_CLINICIAN = 'remote@demo.homestretch.test';

/** Every account the setup project signs in, once per run, through the real form. */
export const SIGNED_IN_ACCOUNTS = [
  DESKTOP_CLINICIAN,
  PHONE_CLINICIAN,
  DEMO_MANAGER_EMAIL,
  DEMO_ADMIN_EMAIL,
];

/**
 * Each project signs in as its own demo clinician, so one project's sign-in failures (the wrong
 * password test) and sign-outs never touch the other's, even when both run at once.
 */
export function staffEmail(): string {
  return test.info().project.name === 'phone' ? PHONE_CLINICIAN : DESKTOP_CLINICIAN;
}

/**
 * The cookies of `email` signed in by `sign-in.setup.ts`: one file per account and server port
 * (E2E_PORT), beside the server's data directory, so two suites on one machine never share one.
 */
export function signedInState(email: string): string {
  return path.resolve(import.meta.dirname, `../.tmp/e2e-auth-${E2E_PORT}/${email}.json`);
}

type Account = 'clinician' | 'manager' | 'admin';

const ACCOUNT_EMAIL: Record<Exclude<Account, 'clinician'>, string> = {
  manager: DEMO_MANAGER_EMAIL,
  admin: DEMO_ADMIN_EMAIL,
};

export const test = base.extend<{ signedInAs: Account | null }>({
  /**
   * `test.use({ signedInAs: 'clinician' })`: the test starts signed in, with the cookies the setup
   * project got from the login form, instead of typing the form again in every test (issue 9).
   * Tests about signing in leave it unset and use `signIn()`.
   */
  signedInAs: [null, { option: true }],
  storageState: async ({ signedInAs, storageState }, use) => {
    if (signedInAs === null) {
      await use(storageState);
      return;
    }
    await use(signedInState(signedInAs === 'clinician' ? staffEmail() : ACCOUNT_EMAIL[signedInAs]));
  },
});

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

/** axe-core's serious and critical violations on the page as it stands, one line each. */
export async function accessibilityProblems(page: Page): Promise<string[]> {
  // A toast fading in is, for a moment, text of too little contrast: sweep it once it stands.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => {
      const target = animation.effect instanceof KeyframeEffect ? animation.effect.target : null;
      return (
        animation.playState !== 'running' ||
        !target?.closest('.Toastify__toast') ||
        (animation as CSSAnimation).animationName === 'Toastify__trackProgress'
      );
    }),
  );
  // Only violations are read, so axe details no passing node (`resultTypes`); and the app has no
  // frames, so axe runs in the page itself (`setLegacyMode`) instead of in each frame and then
  // in a blank page opened to merge the frames' results. Together they halved a sweep's time on a
  // 2-core machine (docs/testing.md) with the same rules on the same nodes.
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ resultTypes: ['violations'] })
    .setLegacyMode()
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** axe-core: no serious or critical violation on the page as it stands. */
export async function expectAccessible(page: Page): Promise<void> {
  expect(await accessibilityProblems(page)).toEqual([]);
}

/**
 * Opens each path in turn in one page and sweeps it with axe-core, then fails naming every
 * path's violations at once. One page for all: after the first, a screen's scripts come from the
 * browser's cache, where a test per screen paid for a fresh browser context and its cold start
 * every time (docs/testing.md).
 */
export async function expectScreensAccessible(page: Page, paths: string[]): Promise<void> {
  const found: Record<string, string[]> = {};
  for (const path of paths) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    found[path] = await accessibilityProblems(page);
  }
  expect(found).toEqual(Object.fromEntries(paths.map((path) => [path, []])));
}

/** A surname no demo patient has, so a search finds exactly the patients this attempt made. */
export function uniqueSurname(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
}

/**
 * Registers a patient through the API with the page's own session (the caller becomes their
 * therapist), for a test whose subject is not the registration form: each attempt has its own,
 * so a retry never finds what the failed attempt left.
 */
export async function registerPatient(
  page: Page,
  patient: { first_name: string; last_name: string; phone?: string; diagnosis?: string },
): Promise<{ id: number; name: string }> {
  const answer = await page.request.post('/clinic/patient/register', { data: patient });
  expect(answer.ok(), await answer.text()).toBe(true);
  const { id } = (await answer.json()) as { id: number };
  return { id, name: `${patient.first_name} ${patient.last_name}` };
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
