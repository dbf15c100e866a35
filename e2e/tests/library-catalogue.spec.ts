import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';

/** A title no demo data has, so this run finds exactly what it made. */
function unique(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
}

/** What the API says of the shipped wall squat: the truth the screens are checked against. */
async function wallSquat(request: APIRequestContext) {
  const list = await request.get('/video/list', {
    params: { scope: 'catalogue', collection: 'physical-therapy', search: 'wall sit' },
  });
  expect(list.status()).toBe(200);
  const { results } = (await list.json()) as { results: Array<{ id: number; title: string }> };
  const video = results.find((item) => item.title === 'Wall squat');
  expect(video, '"wall sit" finds the wall squat').toBeDefined();
  const detail = await request.get(`/video/${video!.id}`);
  expect(detail.status()).toBe(200);
  return (await detail.json()) as {
    id: number;
    exercise: { instructions: string[]; cautions: string[] };
  };
}

const originOf = (page: Page) => ({ origin: new URL(page.url()).origin });

test.describe('the physical-therapy catalogue in the library', () => {
  // The figures move for a clinician who has not asked for less motion (the suite's default).
  test.use({ signedInAs: 'clinician', reducedMotion: 'no-preference' });

  test('finds the wall squat by "wall sit", draws its figure and reads its steps and dose', async ({
    page,
  }) => {
    const truth = await wallSquat(page.request);
    await page.goto('/exercise-library');
    await page.getByRole('searchbox', { name: 'Search' }).fill('wall sit');
    await expect(page).toHaveURL(/q=wall\+sit/);

    const card = page
      .getByRole('list', { name: 'Videos' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: 'Wall squat', exact: true }) });
    await expect(card).toBeVisible();
    // The figure drawn from its movement model, still until the card is pointed at.
    await expect(card.locator('svg[data-figure="still"]')).toBeVisible();
    await expect(card.getByText('Physical therapy', { exact: true })).toBeVisible();
    await card.hover();
    await expect(card.locator('svg[data-figure="moving"]')).toBeVisible();

    await card.getByRole('button', { name: 'Preview Wall squat' }).click();
    const preview = page.getByRole('dialog', { name: 'Wall squat' });
    await expect(
      preview.getByRole('img', {
        name: 'Wall squat: moving from the start to the end position and back',
      }),
    ).toBeVisible();
    await preview.getByRole('button', { name: 'Pause Wall squat' }).click();
    await expect(preview.getByRole('button', { name: 'Play Wall squat' })).toBeVisible();
    await expect(preview.getByText('Default dose:')).toBeVisible();
    await expect(preview.getByText(/\d+ sets? of \d+/)).toBeVisible();
    const steps = preview.getByRole('region', { name: 'Steps' }).getByRole('listitem');
    await expect(steps).toHaveText(truth.exercise.instructions);
    await expect(preview.getByRole('region', { name: 'Cautions' })).toContainText(
      truth.exercise.cautions[0] ?? '',
    );
    await expect(preview.getByRole('region', { name: 'Used for' })).toContainText(
      'Knee osteoarthritis',
    );
    await expectAccessible(page);

    // Its own page says the same, for a therapist who opens it from the card.
    await page.keyboard.press('Escape');
    await expect(preview).toHaveCount(0);
    await card.getByRole('link', { name: 'Wall squat', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/exercise-edit/${truth.id}$`));
    await expect(page.getByText('Catalogue · Physical therapy')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Steps' }).getByRole('listitem')).toHaveText(
      truth.exercise.instructions,
    );
  });

  test('narrows the catalogue to one collection', async ({ page }) => {
    await page.goto('/exercise-library?scope=catalogue');
    const videos = page.getByRole('list', { name: 'Videos' });

    await page.getByRole('button', { name: /^Collection/ }).click();
    await page.getByRole('option', { name: 'Strength and conditioning' }).click();
    await expect(page).toHaveURL(/collection=strength-and-conditioning/);
    await expect(videos.getByRole('listitem').first()).toContainText('Strength and conditioning');
    await expect(videos.getByText('Physical therapy', { exact: true })).toHaveCount(0);
    await expect(videos.locator('svg[data-figure]')).toHaveCount(0);

    await page.getByRole('button', { name: /^Collection/ }).click();
    await page.getByRole('option', { name: 'Physical therapy' }).click();
    await expect(page).toHaveURL(/collection=physical-therapy/);
    await expect(videos.getByRole('listitem').first()).toContainText('Physical therapy');
    await expect(videos.getByText('Strength and conditioning', { exact: true })).toHaveCount(0);
    await expect(videos.getByRole('listitem').first().locator('svg[data-figure]')).toBeVisible();
  });

  test('a clinic film takes the wall squat’s movement model', async ({ page }) => {
    const title = unique('Wall sit, our film');
    await page.goto('/exercise-library');
    const created = await page.request.post('/video/create_by_therapist', {
      data: { title },
      headers: originOf(page),
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };

    await page.goto(`/exercise-edit/${id}`);
    const model = page.getByRole('group', { name: 'Movement model' });
    await model.getByRole('searchbox', { name: 'Find a catalogue exercise' }).fill('wall sit');
    await model.getByRole('button', { name: 'Choose Wall squat' }).click();
    await expect(model.getByText('This film is a Wall squat')).toBeVisible();
    await expect(model.locator('svg[data-figure]')).toBeVisible();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText(`“${title}” is saved.`)).toBeVisible();

    // Stored: the film follows the wall squat, and reads as one after a reload.
    const saved = await page.request.get(`/video/${id}`);
    expect(await saved.json()).toMatchObject({
      movement_id: 'wall-squat',
      exercise: { name: 'Wall squat' },
    });
    await page.reload();
    await expect(
      page.getByRole('group', { name: 'Movement model' }).getByText('This film is a Wall squat'),
    ).toBeVisible();
    await expectAccessible(page);

    // Taken away again, then the film goes.
    await page.getByRole('button', { name: 'Remove model' }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText(`“${title}” is saved.`).first()).toBeVisible();
    await expect
      .poll(
        async () =>
          (
            (await (await page.request.get(`/video/${id}`)).json()) as {
              movement_id: string | null;
            }
          ).movement_id,
      )
      .toBeNull();
    const removed = await page.request.delete('/video/delete', {
      data: { videos: [id] },
      headers: originOf(page),
    });
    expect(removed.status()).toBe(200);
  });
});
