import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, test } from './fixtures';

/**
 * Issue 29: a page asks for what its first screen shows while its scripts download, and the app
 * takes those answers instead of asking again (apps/web/src/app/early-data.ts and
 * build/early-requests.ts). Counted at the server's door: an answer the app failed to take would
 * show as a second request for the same address.
 */
function countAnswers(page: Page, paths: string[]): Map<string, number> {
  const counts = new Map(paths.map((path) => [path, 0]));
  page.on('response', (response) => {
    const url = new URL(response.url());
    const path = `${url.pathname}${url.search}`;
    if (counts.has(path)) {
      counts.set(path, (counts.get(path) ?? 0) + 1);
    }
  });
  return counts;
}

test.describe('a signed-in screen', () => {
  test.use({ signedInAs: 'clinician' });

  test('a patient’s record asks for the session, the settings and the record once each', async ({
    page,
  }) => {
    const roster = await page.request.get('/api/v1/patients/?page=1&status=active');
    const { results } = (await roster.json()) as {
      results: { id: number; first_name: string; last_name: string }[];
    };
    const patient = results[0];
    if (!patient) {
      throw new Error('The demo clinic has no active patient');
    }
    const early = ['/api/v1/users/', '/user/settings-info', `/api/v1/patients/${patient.id}/`];
    const counts = countAnswers(page, early);
    await page.goto(`/patient/${patient.id}/dashboard`);
    await expect(
      page.getByRole('heading', { level: 1, name: `${patient.first_name} ${patient.last_name}` }),
    ).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(Object.fromEntries(counts)).toEqual(Object.fromEntries(early.map((path) => [path, 1])));
  });
});

test('the patient app asks for who is signed in and today’s program once each', async ({
  page,
}) => {
  await page.goto('/app');
  await page.getByLabel('Email').fill('patient@demo.homestretch.test');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Maria' })).toBeVisible();

  const counts = countAnswers(page, ['/api/v1/users/', '/app-api/program']);
  await page.reload();
  await expect(page.getByText(/Your program from Dana Whitfield/)).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(Object.fromEntries(counts)).toEqual({ '/api/v1/users/': 1, '/app-api/program': 1 });
});
