import type { Locator } from '@playwright/test';
import {
  expect as baseExpect,
  expectAccessible,
  registerPatient,
  test,
  uniqueSurname,
} from './fixtures';

// A dashboard, the picker's searches and a print page on a machine shared with other suites.
const expect = baseExpect.configure({ timeout: 30_000 });

/** The server drew the figure and the browser decoded it (not a broken image). */
async function expectDrawn(image: Locator): Promise<void> {
  await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBeGreaterThan(0);
}

test.describe('exercise figures (issue 32)', () => {
  // The figures move for a clinician who has not asked for less motion (the suite's default).
  test.use({ signedInAs: 'clinician', reducedMotion: 'no-preference' });
  test.describe.configure({ timeout: 120_000 });

  test('the program builder shows figures, hides strength and conditioning until asked, takes the hold, and the printed program shows start and end', async ({
    page,
  }) => {
    const { id, name } = await registerPatient(page, {
      first_name: 'Rosa',
      last_name: uniqueSurname('Figure'),
      diagnosis: 'Pain in right knee',
    });
    const listed = await page.request.get('/video/list', {
      params: { collection: 'physical-therapy', search: 'wall squat' },
    });
    const { results } = (await listed.json()) as {
      results: {
        id: number;
        title: string;
        hold_seconds: number | null;
        sets: number;
        reps: number;
      }[];
    };
    const wallSquat = results.find((video) => video.title === 'Wall squat');
    expect(wallSquat?.hold_seconds).toBeGreaterThan(0);

    await page.goto(`/patient/${id}/dashboard`);
    const panel = page.getByRole('region', { name: 'Home exercise program' });
    await panel.getByRole('button', { name: 'Add exercises' }).click();
    const picker = page.getByRole('dialog', { name: `Add exercises for ${name}` });
    const library = picker.getByRole('list', { name: 'Library videos' });
    const include = picker.getByRole('checkbox', { name: 'Include strength and conditioning' });
    await expect(include).not.toBeChecked();

    // A fitness lift is not offered until strength and conditioning is included.
    await picker.getByLabel('Search').fill('hang clean');
    await expect(picker.getByText('No videos match “hang clean”')).toBeVisible();
    await include.check();
    await expect(library.getByText('Hang Clean', { exact: true })).toBeVisible();
    await include.uncheck();
    await expect(picker.getByText('No videos match “hang clean”')).toBeVisible();

    // A physical-therapy exercise is drawn as its figure; its preview loops it.
    await picker.getByLabel('Search').fill('wall squat');
    const row = library.getByRole('listitem').filter({ hasText: 'Wall squat' }).first();
    await expectDrawn(row.locator(`img[src="/video/${wallSquat?.id}/figure/start"]`));
    await row.getByRole('button', { name: 'Play Wall squat' }).click();
    const preview = page.getByRole('dialog', { name: 'Wall squat' });
    await expect(
      preview.getByRole('img', {
        name: 'Wall squat: moving from the start to the end position and back',
      }),
    ).toBeVisible();
    await preview.getByRole('button', { name: 'Pause Wall squat' }).click();
    await expect(preview.getByRole('button', { name: 'Play Wall squat' })).toBeVisible();
    await preview.getByRole('button', { name: 'Close' }).click();

    await row.getByRole('button', { name: 'Choose Wall squat' }).click();
    await expect(picker.getByLabel('Hold in seconds for Wall squat')).toHaveValue(
      String(wallSquat?.hold_seconds),
    );
    await expectAccessible(page);
    await picker.getByRole('button', { name: 'Send (1)' }).click();
    await expect(picker).toHaveCount(0);

    const item = panel.getByRole('article', { name: '1. Wall squat' });
    await expect(
      item.getByText(
        `${wallSquat?.sets} sets × ${wallSquat?.reps} reps, hold ${wallSquat?.hold_seconds} seconds`,
      ),
    ).toBeVisible();
    await expectDrawn(item.locator('img[src$="/figure/start"]'));

    // On paper: the start and end side by side, beside the dose and the steps.
    await page.goto(`/patient/${id}/program/print`);
    await page.emulateMedia({ media: 'print' });
    const printed = page.getByRole('listitem').filter({ hasText: 'Wall squat' });
    await expectDrawn(printed.getByRole('img', { name: 'Wall squat: start and end positions' }));
    await expect(printed.getByText(/hold \d+ seconds/)).toBeVisible();
  });
});
