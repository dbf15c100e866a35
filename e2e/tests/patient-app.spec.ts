import type { APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, expect, expectAccessible, signedInState, test } from './fixtures';

const PATIENT_EMAIL = 'patient@demo.homestretch.test';
const THERAPIST_EMAIL = 'therapist@demo.homestretch.test';

interface DaySeries {
  metric: string;
  days: { date: string; value: number; count: number; last_value: number | null }[];
}

/**
 * Today as the clinic has it: pain and engagement (each day's value and how many samples), and
 * the exercises done.
 */
async function clinicsToday(request: APIRequestContext, patientId: number, today: string) {
  const health = await request.get(`/user/therapist/dashboard/health/${patientId}`, {
    params: { from: today, to: today },
  });
  const progress = await request.get(`/user/therapist/dashboard/progress/${patientId}`);
  expect(health.ok() && progress.ok()).toBe(true);
  const { series } = (await health.json()) as { series: DaySeries[] };
  const { days } = (await progress.json()) as { days: { date: string; exercises_done: number }[] };
  const day = (metric: string) =>
    series.find((entry) => entry.metric === metric)?.days.find((entry) => entry.date === today);
  return {
    pain: day('pain'),
    engagement: day('engagement'),
    exercisesDone: days.find((entry) => entry.date === today)?.exercises_done ?? 0,
  };
}

/** The weekly progress table's name of a day: "Thu 26". */
const rowName = (date: string) =>
  `${new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', timeZone: 'UTC' })} ${Number(date.slice(8))}`;

// The patient's phone, and the clinic's zone, which the therapist's dashboard counts days in.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, timezoneId: 'America/New_York' });
// Both tests change the demo patient's program: one after the other, never at once.
test.describe.configure({ mode: 'default' });

test('the demo patient does today’s program on a phone; the therapist sees the pain and the minutes', async ({
  page,
  browser,
  baseURL,
}) => {
  await page.goto('/app');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Email').fill(PATIENT_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();

  // The demo program: the therapist's five exercises, in order.
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Maria' })).toBeVisible();
  await expect(page.getByText(/Your program from Dana Whitfield/)).toBeVisible();
  const first = page.getByRole('button', { name: /^1 Cat and camel/ });
  await expect(first).toBeVisible();
  await expect(page.getByRole('region', { name: 'This week' })).toBeVisible();
  await expectAccessible(page);

  const program = (await (await page.request.get('/app-api/program')).json()) as {
    today: string;
    items: { id: number; order: number; sets_done: number }[];
  };
  // The demo's sessions run up to the moment the server started: late in the clinic's day the
  // patient has done today's program already, and a tick would take a set back. The first
  // exercise starts afresh, as it does in the morning.
  const catStretch = program.items.reduce((first, item) =>
    item.order < first.order ? item : first,
  );
  if (catStretch.sets_done > 0) {
    const reset = await page.request.put(`/app-api/program/${catStretch.id}/progress`, {
      data: { sets_done: 0 },
    });
    expect(reset.ok(), await reset.text()).toBe(true);
    await page.reload();
    await expect(first).toBeVisible();
  }
  const me = (await (await page.request.get('/app-api/me')).json()) as { patient: { id: number } };
  const therapist = await browser.newContext({
    baseURL,
    storageState: signedInState(THERAPIST_EMAIL),
    timezoneId: 'America/New_York',
  });
  const before = await clinicsToday(therapist.request, me.patient.id, program.today);

  // The exercise (a catalogue exercise, drawn from its model rather than photographed): its
  // sets are ticked one by one.
  await first.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cat and camel' })).toBeVisible();
  await expect(page.getByText('Move slowly with your breath.')).toBeVisible();

  for (const set of [1, 2, 3]) {
    const saved = page.waitForResponse(
      (response) => response.url().includes('/progress') && response.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: new RegExp(`^Set ${set}`) }).click();
    expect((await saved).ok()).toBe(true);
    await expect(page.getByText(`${set} of 3 done`)).toBeVisible();
  }
  // The cat and camel has no hold, so nothing to time; the knee to chest holds 30 seconds, the
  // hold the therapist set, and its timer counts down from there and stops.
  await expect(page.getByRole('region', { name: 'Hold timer' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Next exercise' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Knee to chest' })).toBeVisible();
  await expect(page.getByText('2 sets of 5, hold 30 seconds')).toBeVisible();
  await expect(page.getByLabel('30 seconds')).toHaveText('0:30');
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
  await expect(page.getByLabel('29 seconds').or(page.getByLabel('28 seconds'))).toBeVisible();
  await page.getByRole('button', { name: 'Stop' }).click();
  await expectAccessible(page);

  // Back on the program the exercise is done; the session ends with the pain rating.
  await page.getByRole('button', { name: 'My program' }).click();
  await expect(page.getByRole('button', { name: /^1 Cat and camel.*Done/ })).toBeVisible();
  await page.getByRole('button', { name: 'I’m done: rate my pain' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'How is your pain now?' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Pain 3' }).click();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Send to my clinic' }).click();
  await expect(
    page.getByText(/Your pain rating of 3 and .* of exercise went to your/),
  ).toBeVisible();

  // A reload keeps the screen and does not ask again: today's rating is in.
  await page.reload();
  await expect(page.getByText('Your pain rating of 3 went to your clinic today.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'How is your pain now?' })).toHaveCount(0);

  // The clinic has one more pain rating (3) and one more engagement entry today…
  const after = await clinicsToday(therapist.request, me.patient.id, program.today);
  const painCount = before.pain?.count ?? 0;
  expect(after.pain?.count).toBe(painCount + 1);
  expect(after.pain?.last_value).toBe(3);
  expect(after.pain?.value).toBeCloseTo(
    ((before.pain?.value ?? 0) * painCount + 3) / (painCount + 1),
    1,
  );
  expect(after.engagement?.count).toBe((before.engagement?.count ?? 0) + 1);
  expect(after.exercisesDone).toBe(before.exercisesDone + 1);

  // …and the therapist sees them, with the exercise done, on the patient's dashboard.
  const staff = await therapist.newPage();
  await staff.goto(`/patient/${me.patient.id}/dashboard`);
  const progress = staff.getByRole('region', { name: 'Weekly progress' });
  await progress.scrollIntoViewIfNeeded();
  const today = progress.getByRole('row', { name: new RegExp(`^${rowName(program.today)}`) });
  const pain = after.pain?.value ?? Number.NaN;
  await expect(today.getByRole('cell').nth(0)).toHaveText(
    `${pain.toLocaleString('en-US', { maximumFractionDigits: 1 })}/10`,
  );
  await expect(today.getByRole('cell').nth(1)).toHaveText(/^\d+(\.\d)? min$/);
  await expect(today.getByRole('cell').nth(3)).toHaveText(`${after.exercisesDone} of 5`);
  await therapist.close();
});

test('a physical-therapy exercise in the program loops its figure with a pause button on the phone', async ({
  page,
  browser,
  baseURL,
}) => {
  // The figure moves for a patient who has not asked for less motion (the suite's default).
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.goto('/app');
  await page.getByLabel('Email').fill(PATIENT_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Maria' })).toBeVisible();
  const me = (await (await page.request.get('/app-api/me')).json()) as { patient: { id: number } };

  // The therapist adds the wall squat of the physical-therapy catalogue, through the API.
  const therapist = await browser.newContext({
    baseURL,
    storageState: signedInState(THERAPIST_EMAIL),
  });
  const listed = await therapist.request.get('/video/list', {
    params: { collection: 'physical-therapy', search: 'wall squat' },
  });
  const { results } = (await listed.json()) as { results: { id: number; title: string }[] };
  const wallSquat = results.find((video) => video.title === 'Wall squat');
  expect(wallSquat).toBeDefined();
  const added = await therapist.request.post(`/video/hep/therapist/${me.patient.id}`, {
    data: [{ video_id: wallSquat?.id, sets: 2, reps: 8, hold_seconds: 5 }],
  });
  expect(added.ok(), await added.text()).toBe(true);
  const { items } = (await added.json()) as { items: { id: number; video_id: number }[] };
  const hepId = items.find((item) => item.video_id === wallSquat?.id)?.id;
  try {
    await page.reload();
    const row = page.getByRole('button', { name: /Wall squat/ });
    const still = row.locator(`img[src="/video/${wallSquat?.id}/figure/start"]`);
    await still.scrollIntoViewIfNeeded();
    await expect
      .poll(() => still.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);

    await row.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Wall squat' })).toBeVisible();
    await expect(page.getByText('2 sets of 8, hold 5 seconds')).toBeVisible();
    const figure = page.getByRole('img', {
      name: 'Wall squat: moving from the start to the end position and back',
    });
    await expect(figure).toBeVisible();
    // It moves: the drawing changes while it plays, and stays put once paused.
    const drawing = () => figure.evaluate((svg) => svg.innerHTML);
    const first = await drawing();
    await expect.poll(drawing).not.toBe(first);
    await page.getByRole('button', { name: 'Pause Wall squat' }).click();
    const paused = await drawing();
    await page.waitForTimeout(500);
    expect(await drawing()).toBe(paused);
    await expect(page.getByRole('button', { name: 'Play Wall squat' })).toBeVisible();
    await expectAccessible(page);

    // A patient who asks for less motion sees the start and the end side by side, still.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect(page.getByRole('img', { name: 'Wall squat: start position' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Wall squat: end position' })).toBeVisible();
    await expect(
      page.getByRole('button', { name: /Pause Wall squat|Play Wall squat/ }),
    ).toHaveCount(0);
  } finally {
    // The demo program as it was, for the other test of this file.
    if (hepId !== undefined) {
      await therapist.request.delete(`/video/hep/therapist/${me.patient.id}`, {
        data: { hep_ids: [hepId] },
      });
    }
    await therapist.close();
  }
});
