import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** The 8 px a pop-up keeps from the screen's edges (ui/popover.ts). */
const EDGE = 8;

async function expectOnScreen(page: Page, popup: Locator) {
  const box = await popup.boundingBox();
  const viewport = page.viewportSize();
  expect(box).not.toBeNull();
  expect(viewport).not.toBeNull();
  if (!box || !viewport) {
    return;
  }
  expect(box.x).toBeGreaterThanOrEqual(EDGE);
  expect(box.y).toBeGreaterThanOrEqual(EDGE);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width - EDGE);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height - EDGE);
}

// Issue 10 defect 11: pop-ups were placed on one side whatever the room there, and clipped by
// the dialog or the table they sit in. They flip and shift to stay on screen.
test.describe('pop-ups stay on screen', () => {
  test.describe('as a clinician', () => {
    test.use({ signedInAs: 'clinician' });

    test('the date picker of a functional data entry shows its month and arrows', async ({
      page,
    }) => {
      // One of the clinician's own patients: a colleague's record is read without its controls.
      const patients = await page.request.get('/api/v1/patients/?mine=true');
      const { results } = (await patients.json()) as { results: { id: number }[] };
      let patientId: number | undefined;
      for (const { id } of results) {
        const measures = await page.request.get(`/user/therapist/dashboard/functional-data/${id}`);
        if (((await measures.json()) as { count: number }).count > 0) {
          patientId = id;
          break;
        }
      }
      expect(patientId, 'a demo patient with a functional measure').toBeDefined();

      await page.goto(`/patient/${patientId}/dashboard`);
      await page
        .getByRole('button', { name: /^Add an entry to / })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: /^Add an entry: / });
      await dialog.getByRole('button', { name: /^Date/ }).click();

      const picker = dialog.getByRole('dialog', { name: 'Date' });
      await expect(picker.getByRole('grid')).toBeVisible();
      // In view means not clipped either: the dialog's scrolling body used to hide the top rows.
      await expect(picker.getByRole('status')).toBeInViewport({ ratio: 1 });
      await expect(picker.getByRole('button', { name: /previous month/i })).toBeInViewport({
        ratio: 1,
      });
      await expect(picker.getByRole('button', { name: /next month/i })).toBeInViewport({
        ratio: 1,
      });
      await expectOnScreen(page, picker);
    });
  });

  test.describe('as the office manager', () => {
    test.use({ signedInAs: 'manager' });

    test(
      'the tooltip on a patient name shifts off the left edge and flips above at the bottom',
      { tag: '@phone' },
      async ({ page }) => {
        await page.goto('/patients');
        // The tooltip of one name: after the scroll below, the pointer left where the first
        // hover was may rest on another name and show that one's tooltip too.
        const tooltipOf = async (name: Locator) =>
          page.locator(`[id="${await name.getAttribute('aria-describedby')}"]`);

        // A short name near the left edge: the tooltip, wider than the name, is centred on it.
        const near = page.getByRole('button', { name: 'Maria Alvarez' }).first();
        let tooltip = await tooltipOf(near);
        await near.hover();
        await expect(tooltip).toBeVisible();
        await expectOnScreen(page, tooltip);
        await page.keyboard.press('Escape');
        await expect(tooltip).toBeHidden();

        // A name on the last line of the screen: no room for the tooltip below it.
        const low = page.getByRole('button', { name: 'Wei Chen' }).first();
        await low.evaluate((name) =>
          window.scrollBy(0, name.getBoundingClientRect().bottom - window.innerHeight + 4),
        );
        tooltip = await tooltipOf(low);
        await low.focus();
        await expect(tooltip).toBeVisible();
        await expectOnScreen(page, tooltip);
      },
    );
  });
});
