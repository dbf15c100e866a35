import type { APIRequestContext } from '@playwright/test';
import { expect, expectAccessible, signedInState, staffEmail, test } from './fixtures';

interface PatientRow {
  id: number;
  first_name: string;
  last_name: string;
}

/**
 * A seeded patient the signed-in clinician treats, with steps and pain in the last 30 days: the
 * journey logs a call and adds a measure, which only those who treat the patient may.
 */
async function patientWithHealthData(request: APIRequestContext): Promise<PatientRow> {
  const list = await request.get('/api/v1/patients/?mine=true');
  expect(list.ok()).toBe(true);
  const { results } = (await list.json()) as { results: PatientRow[] };
  for (const patient of results) {
    const chart = await request.get(`/user/therapist/dashboard/health/${patient.id}`);
    const { series } = (await chart.json()) as { series: { metric: string }[] };
    const metrics = new Set(series.map((s) => s.metric));
    if (metrics.has('steps') && metrics.has('pain')) {
      return patient;
    }
  }
  throw new Error('The demo seed has no patient with steps and pain for this clinician');
}

test.describe('patient record', () => {
  // The demo clinic's zone, where its clinicians work: the server dates entries (and refuses
  // future ones) by the clinic's calendar, which a UTC browser can be a day ahead of.
  test.use({ timezoneId: 'America/New_York', signedInAs: 'clinician' });

  test('a clinician reads the charts and progress, logs and deletes a call, adds a measure', async ({
    page,
  }) => {
    // The whole record in one journey, ending with the accessibility scan of a dashboard that
    // now also holds the program: past a minute on a shared two-core CI machine.
    test.slow();
    const patient = await patientWithHealthData(page.request);
    await page.goto(`/patient/${patient.id}/dashboard`);
    await expect(
      page.getByRole('heading', { level: 1, name: `${patient.first_name} ${patient.last_name}` }),
    ).toBeVisible();

    // Charts are drawn, not just labelled: bar paths for daily steps, a line path for pain. A
    // chart is drawn as it nears the viewport, so the user scrolls to each; the first one waits
    // for the charts' own code, which a busy CI machine has taken 8-10 s to load and run.
    const steps = page.getByRole('region', { name: 'Steps', exact: true });
    await steps.scrollIntoViewIfNeeded();
    await expect(steps.locator('path.recharts-rectangle').first()).toBeVisible({ timeout: 30_000 });
    const pain = page.getByRole('region', { name: 'Pain Level', exact: true });
    await pain.scrollIntoViewIfNeeded();
    await expect(pain.locator('path.recharts-line-curve')).toBeVisible();
    await expect(page.getByText('No data in this period').first()).toBeVisible();

    // Weekly progress for another week.
    const progress = page.getByRole('region', { name: 'Weekly progress' });
    const range = progress.getByText(/^[A-Z][a-z]{2} \d{1,2} – /);
    const thisWeek = await range.textContent();
    const lastWeekLoaded = page.waitForResponse(
      (response) =>
        response.url().includes(`/dashboard/progress/${patient.id}?weeks_ago=1`) && response.ok(),
    );
    await progress.getByRole('button', { name: /Week/ }).click();
    await page.getByRole('option', { name: 'Last week' }).click();
    await lastWeekLoaded;
    await expect(range).not.toHaveText(thisWeek ?? '');

    // A banner, when the data raises one, can be snoozed.
    const snooze = page.getByRole('button', { name: /^Snooze ".+" for 7 days$/ }).first();
    if (await snooze.isVisible()) {
      await snooze.click();
      const snoozed = page.getByRole('list', { name: 'Snoozed' });
      await expect(snoozed).toBeVisible();
      // …and shown again.
      await snoozed
        .getByRole('button', { name: /^Show ".+" again$/ })
        .first()
        .click();
      await expect(snoozed).toBeHidden();
    }

    // Log a call, then delete it after confirming.
    const note = `E2E call ${Date.now().toString(36)}`;
    await page.getByRole('button', { name: 'Log interaction' }).click();
    const logDialog = page.getByRole('dialog', { name: 'Log an interaction' });
    await logDialog.getByLabel('Notes').fill(note);
    await logDialog.getByLabel('Minutes').fill('6');
    await logDialog.getByLabel('Seconds').fill('15');
    await logDialog.getByRole('button', { name: 'Save' }).click();
    await expect(logDialog).toBeHidden();
    const entry = page.getByRole('list', { name: 'Interactions' }).getByRole('listitem').filter({
      hasText: note,
    });
    await expect(entry).toContainText('Call, 6 min 15 s');
    await entry.getByRole('button', { name: /^Delete interaction of / }).click();
    await page
      .getByRole('dialog', { name: 'Delete this interaction?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(entry).toHaveCount(0);

    // A new functional measure with its first value, charted.
    const measure = `E2E reach ${Date.now().toString(36)}`;
    await page.getByRole('button', { name: 'Add measure' }).click();
    const measureDialog = page.getByRole('dialog', { name: 'Add a functional measure' });
    await measureDialog.getByLabel(/^Measure/).fill(measure);
    await measureDialog.getByLabel(/^Unit/).fill('cm');
    await measureDialog.getByLabel('First value (optional)').fill('31.5');
    await measureDialog.getByRole('button', { name: 'Save' }).click();
    await expect(measureDialog).toBeHidden();
    const item = page
      .getByRole('list', { name: 'Functional measures' })
      .getByRole('listitem')
      .filter({ hasText: measure });
    await expect(item).toContainText('Latest 31.5 cm');

    await expectAccessible(page);
  });

  test('the weekly report opens for last week and prints only itself', async ({ page }) => {
    const patient = await patientWithHealthData(page.request);
    await page.goto(`/patient/${patient.id}/dashboard`);

    await page.getByRole('button', { name: 'Open report' }).click();
    const dialog = page.getByRole('dialog', { name: /^Report: .+, last week$/ });
    const report = dialog.getByRole('article', { name: 'Weekly report' });
    await expect(report.getByText('Weekly activity report')).toBeVisible();
    await expectAccessible(page);

    await page.emulateMedia({ media: 'print' });
    await expect(report).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await expect(dialog.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(page.getByRole('region', { name: 'Health metrics', exact: true })).toBeHidden();
  });

  test(
    'on a phone, the interaction log and the program come before the charts',
    { tag: '@phone' },
    async ({ page, isMobile }) => {
      test.skip(!isMobile, 'The desktop keeps its two-column layout');
      const patient = await patientWithHealthData(page.request);
      await page.goto(`/patient/${patient.id}/dashboard`);
      const firstChart = page.getByRole('region', { name: 'Steps', exact: true });
      await expect(firstChart).toBeVisible();
      const top = async (name: string) => {
        const box = await page.getByRole('heading', { name, exact: true }).boundingBox();
        expect(box, name).not.toBeNull();
        return box?.y ?? Number.POSITIVE_INFINITY;
      };
      const chartTop = (await firstChart.boundingBox())?.y ?? 0;
      expect(await top('Interaction log')).toBeLessThan(chartTop);
      expect(await top('Home exercise program')).toBeLessThan(chartTop);
      // The phone number to call is in the header, a tap away.
      await expect(
        page.getByRole('region', { name: 'Patient' }).getByRole('link', { name: /^\(\d{3}\)/ }),
      ).toHaveAttribute('href', /^tel:\+1\d{10}$/);
    },
  );

  test.describe('on a 390 px phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test(
      'a report table wider than the screen says it scrolls',
      { tag: '@phone' },
      async ({ page }) => {
        const patient = await patientWithHealthData(page.request);
        await page.goto(`/patient/${patient.id}/dashboard`);
        await page.getByRole('button', { name: 'Open report' }).click();
        const report = page.getByRole('article', { name: 'Weekly report' });
        await expect(report.getByRole('region', { name: 'Report day by day' })).toBeVisible();

        // A table cut at the screen's edge must not pass for the whole table: one that overflows
        // is focusable (to scroll by keyboard), and a visible hint, also its description, says so.
        const tables = await report.getByRole('region').all();
        expect(tables.length).toBeGreaterThan(0);
        let overflowing = 0;
        for (const table of tables) {
          const fits = await table.evaluate((box) => box.scrollWidth <= box.clientWidth);
          if (fits) {
            continue;
          }
          overflowing += 1;
          await expect(table).toHaveAttribute('tabindex', '0');
          await expect(table).toHaveAccessibleDescription('Scroll sideways to see every column');
          const hint = await table.getAttribute('aria-describedby');
          await expect(page.locator(`[id="${hint}"]`)).toBeVisible();
        }
        // The day-by-day table has six columns, wider than the phone: the check above ran.
        expect(overflowing).toBeGreaterThan(0);
      },
    );
  });

  test('a colleague whose browser is in Los Angeles reads the same clinic times, the zone named', async ({
    page,
    browser,
  }) => {
    const patient = await patientWithHealthData(page.request);
    const elsewhere = await browser.newContext({
      timezoneId: 'America/Los_Angeles',
      storageState: signedInState(staffEmail()),
    });
    try {
      const remote = await elsewhere.newPage();
      // "Last activity" in the header, and when the program last changed in its history.
      const times = async (viewer: typeof page) => {
        await viewer.goto(`/patient/${patient.id}/dashboard`);
        const lastActivity = viewer
          .locator('dt', { hasText: 'Last activity' })
          .locator('xpath=following-sibling::dd');
        await expect(lastActivity).toHaveText(/\d:\d{2} [AP]M/);
        await viewer
          .getByRole('region', { name: 'Home exercise program' })
          .getByRole('button', { name: 'History', exact: true })
          .click();
        const changed = viewer
          .getByRole('dialog', { name: 'Program history' })
          .getByText(/ · [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M/)
          .first();
        await expect(changed).toBeVisible();
        return [await lastActivity.innerText(), await changed.innerText()];
      };
      // Other tests work on the same patient meanwhile: read both again until nothing moved.
      await expect(async () => {
        const inClinic = await times(page);
        const inLosAngeles = await times(remote);
        // One clock: the same figures, with the clinic's zone named for the viewer elsewhere.
        expect(inClinic.join(' | ')).not.toMatch(/\b(EST|EDT)\b/);
        expect(inLosAngeles.every((text) => /\b(EST|EDT)\b/.test(text))).toBe(true);
        expect(inLosAngeles.map((text) => text.replace(/ (EST|EDT)\b/, ''))).toEqual(inClinic);
      }).toPass({ timeout: 30_000 });
    } finally {
      await elsewhere.close();
    }
  });

  test('an unknown patient shows "Patient not found" with a way back', async ({ page }) => {
    await page.goto('/patient/999999/dashboard');
    await expect(page.getByRole('heading', { name: 'Patient not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to patients' }).click();
    await expect(page).toHaveURL(/\/patients$/);
  });
});
