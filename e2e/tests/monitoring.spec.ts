import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';

interface PatientRow {
  id: number;
  first_name: string;
  last_name: string;
}

interface Save {
  id: number;
  seconds: number;
  final: boolean;
}

/** Every monitoring save the page sends, as sent: the client's own count (spec §4). */
function recordSaves(page: Page): Save[] {
  const saves: Save[] = [];
  page.on('request', (request: Request) => {
    const match = /\/user\/therapist\/dashboard\/monitoring\/(\d+)$/.exec(request.url());
    if (request.method() === 'PUT' && match) {
      const body = request.postDataJSON() as { seconds: number; final: boolean };
      saves.push({ id: Number(match[1]), seconds: body.seconds, final: body.final });
    }
  });
  return saves;
}

/** The tab goes to the background or comes back, as a browser tells the page. */
async function setTabVisible(page: Page, visible: boolean): Promise<void> {
  await page.evaluate(
    (state) => {
      Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    },
    visible ? 'visible' : 'hidden',
  );
}

const sessionStarted = (page: Page) =>
  page.waitForResponse(
    (response) =>
      response.url().endsWith('/user/therapist/monitoring') &&
      response.request().method() === 'POST' &&
      response.status() === 201,
  );

test.describe('monitoring time', () => {
  // The server keeps one open session per therapist: the clinician's other journeys, running at
  // the same time, would close this one. The clinic's administrator treats too, and is alone.
  test.use({ signedInAs: 'admin' });

  test('65 s on the record, 20 s in another tab and 30 s back count 95 s over two sessions', async ({
    page,
  }) => {
    const list = await page.request.get('/api/v1/patients/');
    expect(list.ok()).toBe(true);
    const [patient] = ((await list.json()) as { results: PatientRow[] }).results;
    if (!patient) {
      throw new Error('The demo seed has no patient for this clinician');
    }
    const saves = recordSaves(page);
    // The tab opens in the background: the record loads, nothing is counted yet.
    await page.addInitScript(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    });
    await page.clock.install();
    await page.goto(`/patient/${patient.id}/dashboard`);
    const banner = page.getByTestId('monitoring-banner');
    await expect(banner.getByRole('status')).toHaveText(
      `Monitoring ${patient.first_name} ${patient.last_name.charAt(0).toUpperCase()}.`,
    );
    await expect(banner.getByRole('timer')).toHaveText('00:00');
    // The record says what the timer counts (issue 30, item 11).
    await expect(
      page.getByText(/reading included\. It stops after 5 minutes without a mouse move/),
    ).toBeVisible();
    // From here the browser's clock is the test's: a minute passes in a moment, every tick on
    // time, and none passes while the test waits for the page.
    const now = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(now + 1_000);

    const firstSession = sessionStarted(page);
    await setTabVisible(page, true);
    await firstSession;

    await page.clock.runFor(65_000);
    await expect(banner.getByRole('timer')).toHaveText('01:05');
    await setTabVisible(page, false);
    await expect.poll(() => saves.filter((save) => save.final)).toHaveLength(1);

    await page.clock.runFor(20_000);
    await expect(banner.getByRole('timer')).toHaveText('01:05');

    const secondSession = sessionStarted(page);
    await setTabVisible(page, true);
    await secondSession;
    await page.clock.runFor(30_000);
    await expect(banner.getByRole('timer')).toHaveText('01:35');

    // Leaving the record stops monitoring: the second session's final save.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Patients' })
      .click();
    await expect(banner).toBeHidden();
    await expect.poll(() => saves.filter((save) => save.final)).toHaveLength(2);

    const [first, second] = saves.filter((save) => save.final);
    expect(first?.seconds).toBe(65);
    expect(second?.seconds).toBe(30);
    expect(first?.id).not.toBe(second?.id);
    expect((first?.seconds ?? 0) + (second?.seconds ?? 0)).toBe(95);
    // The periodic saves every 30 active ticks, which keep the session open.
    expect(saves.filter((save) => !save.final).map((save) => [save.id, save.seconds])).toEqual([
      [first?.id, 30],
      [first?.id, 60],
      [second?.id, 30],
    ]);
  });
});

test.describe('priority monitoring', () => {
  test.use({ signedInAs: 'clinician' });

  test('goes through three patients from the dashboard, each with its minutes to go, and exits', async ({
    page,
  }) => {
    const answer = await page.request.get('/clinic/therapist/monitoring-priority-list');
    expect(answer.ok()).toBe(true);
    const { results } = (await answer.json()) as {
      results: (PatientRow & { remainingMinutes: number })[];
    };
    expect(results.length).toBeGreaterThanOrEqual(3);

    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Priority monitoring' }).click();
    const banner = page.getByTestId('monitoring-banner');
    for (const [index, patient] of results.slice(0, 3).entries()) {
      await expect(page).toHaveURL(new RegExp(`/patient/${patient.id}/dashboard$`));
      await expect(banner.getByRole('status')).toContainText(
        `Monitoring ${patient.first_name} ${patient.last_name.charAt(0).toUpperCase()}.`,
      );
      await expect(banner).toContainText(`out of ${patient.remainingMinutes} mins`);
      await banner.getByRole('button', { name: 'View List' }).click();
      const panel = page.getByRole('dialog', { name: 'Priority monitoring' });
      await expect(panel.locator('li[aria-current="true"]')).toContainText(
        `${patient.first_name} ${patient.last_name}`,
      );
      if (index < 2) {
        await panel.getByRole('button', { name: 'Next patient' }).click();
      } else {
        await panel.getByRole('button', { name: 'Exit priority mode' }).click();
        const confirm = page.getByRole('dialog', { name: 'Leave priority monitoring?' });
        await confirm.getByRole('button', { name: 'Exit priority mode' }).click();
      }
    }
    // Out of priority mode the banner is the plain one, still on the record it was on.
    await expect(page).toHaveURL(new RegExp(`/patient/${results[2]!.id}/dashboard$`));
    await expect(banner).not.toContainText('out of');
    await expect(banner.getByRole('button', { name: 'View List' })).toHaveCount(0);
  });
});
