import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';

/*
 * The balances dashboard against the demo clinic's records (issue 15): the seed holds three
 * months of monitoring minutes, calls and data days, so the current month is open and the one
 * before it is closed. Figures are the server's; these tests check what a billing clerk relies
 * on: dollars, the lines and what is missing by when, the records behind a line, and the files.
 */

/** `November 2026` and `October 2026`, on the clinic's calendar (the demo clinic is in the US). */
function monthLabels(): { current: string; previous: string } {
  const now = new Date();
  const label = (back: number) =>
    new Date(now.getFullYear(), now.getMonth() - back, 1).toLocaleString('en-US', {
      month: 'long',
      year: 'numeric',
    });
  return { current: label(0), previous: label(1) };
}

async function pickMonth(page: Page, label: string): Promise<void> {
  await page.getByRole('button', { name: /^Month/ }).click();
  await page.getByRole('option', { name: label }).click();
}

test.describe('balances', () => {
  test.use({ signedInAs: 'manager' });

  test('the open month: totals in dollars, each patient’s lines and what is missing by when', async ({
    page,
  }) => {
    await page.goto('/balances');
    const { current } = monthLabels();
    await expect(page.getByText(`${current} is open`)).toBeVisible();
    await expect(page.getByText(/^Updated \d{1,2}:\d{2} [AP]M( [A-Z]{3,4})?$/)).toBeVisible();
    const totals = page.getByRole('region', { name: 'Totals' });
    await expect(totals).toContainText(/Total expected\$[\d,]+\.\d{2}/);
    const table = page.getByRole('table', { name: 'Patients' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    // Three months of records: someone has something to bill, someone still misses something.
    await expect(table.getByText(/^\d+ units?$/).first()).toBeVisible();
    await expect(table.getByText(/^Needs .+ by [A-Z][a-z]{2} \d{1,2}$/).first()).toBeVisible();
    await expectAccessible(page);
  });

  test('a patient’s explanation shows the records behind the lines and copies the case', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/balances');
    await page.getByRole('button', { name: 'Billable', exact: true }).click();
    const first = page.getByRole('table', { name: 'Patients' }).getByRole('row').nth(1);
    await first.getByRole('button').first().click();
    const dialog = page.getByRole('dialog');
    await expect(
      dialog.getByRole('region', { name: 'To bill' }).getByRole('listitem').first(),
    ).toBeVisible();
    await expect(dialog.getByRole('table', { name: 'Days with data' })).toBeVisible();
    await expect(dialog.getByRole('region', { name: 'Monitoring sessions' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Copy case (JSON)' }).click();
    const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as {
      month: string;
      data_days: string[];
    };
    expect(copied.month).toMatch(/^\d{4}-\d{2}$/);
    expect(copied.data_days.length).toBeGreaterThan(0);
    // The toast's code loads with the first toast: swept once it is there, not as it arrives.
    await expect(page.getByText(/case is copied as JSON/)).toBeVisible();
    await expectAccessible(page);
  });

  test('the closed month is final, and its CSV and workbook download with the rows announced', async ({
    page,
  }) => {
    await page.goto('/balances');
    const { previous } = monthLabels();
    await pickMonth(page, previous);
    await expect(page.getByText(`${previous} is closed`)).toBeVisible();
    const files = page.getByRole('region', { name: `Billing file for ${previous}` });
    await expect(files).toContainText(/\d+ rows? for \d+ patients?, \$[\d,]+\.\d{2} expected\./);

    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      files.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    const text = await readFile(await csv.path(), 'utf8');
    expect(text.split('\n').length).toBeGreaterThan(1);

    const [workbook] = await Promise.all([
      page.waitForEvent('download'),
      files.getByRole('button', { name: 'Download workbook (.xlsx)' }).click(),
    ]);
    expect(workbook.suggestedFilename()).toMatch(/\.xlsx$/);
    // An .xlsx is a zip archive.
    expect((await readFile(await workbook.path())).subarray(0, 2).toString()).toBe('PK');
  });

  test('filters to the patients with something missing and searches by name', async ({ page }) => {
    await page.goto('/balances');
    await page.getByRole('button', { name: 'Something missing' }).click();
    const table = page.getByRole('table', { name: 'Patients' });
    const rows = table.getByRole('row');
    await expect(rows.nth(1)).toBeVisible();
    const rowCount = await rows.count();
    for (let index = 1; index < rowCount; index += 1) {
      await expect(rows.nth(index)).toContainText(/Needs|Not billable/);
    }
    await page.getByRole('searchbox', { name: 'Search patients' }).fill('zzzz-nobody');
    await expect(
      page.getByRole('heading', { name: 'No patients match “zzzz-nobody”' }),
    ).toBeVisible();
  });
});

test.describe('billing information and files', () => {
  test.use({ signedInAs: 'admin' });

  test('the administrator is told an NPI fails its check digit, then saves', async ({ page }) => {
    await page.goto('/balances?tab=info');
    const npi = page.getByLabel('Provider NPI');
    await npi.fill('1234567890');
    await page.getByLabel('First name').fill('Dana');
    await page.getByLabel('Last name').fill('Reyes');
    await page.getByLabel('Practice name').fill('Homestretch Demo Physio');
    await page.getByLabel('Group NPI').fill('1245319599');
    await page.getByLabel('Tax id (EIN)').fill('12-3456789');
    await page.getByLabel('Street address').fill('12 River St');
    await page.getByLabel('City').fill('Albany');
    await page.getByLabel('State').selectOption('NY');
    await page.getByLabel('ZIP code').fill('12207');
    await page.getByLabel('Phone').fill('(518) 555-0142');
    await page.getByRole('button', { name: 'Save billing information' }).click();
    await expect(
      page.getByText('This NPI fails its check digit: check for a mistyped digit'),
    ).toBeVisible();
    await expect(npi).toHaveAttribute('aria-invalid', 'true');

    await npi.fill('1234567893');
    await page.getByRole('button', { name: 'Save billing information' }).click();
    await expect(page.getByText('Billing information is saved.')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Provider NPI')).toHaveValue('1234567893');
    await expect(
      page.getByRole('switch', { name: 'Secure messages count as the interactive communication' }),
    ).toHaveAttribute('aria-checked', 'false');
  });

  test('the administrator uploads last month’s file; it is offered beside the generated ones', async ({
    page,
  }) => {
    const { previous } = monthLabels();
    await page.goto('/balances?tab=files');
    const upload = page.getByRole('region', { name: 'Upload a billing file' });
    await upload.getByRole('button', { name: /^Month/ }).click();
    await page.getByRole('option', { name: previous }).click();
    const name = `claims-${Date.now().toString(36)}.csv`;
    await upload.getByLabel(/^File/).setInputFiles({
      name,
      mimeType: 'text/csv',
      buffer: Buffer.from('Patient,Code,Units\nMaria Alvarez,98980,1\n'),
    });
    await upload.getByRole('button', { name: 'Upload' }).click();
    const list = page.getByRole('list', { name: 'Uploaded files' });
    await expect(list.getByText(name, { exact: false })).toBeVisible();

    const [saved] = await Promise.all([
      page.waitForEvent('download'),
      list.getByRole('button', { name: `Download ${name}` }).click(),
    ]);
    expect(saved.suggestedFilename()).toBe(name);

    await page.getByRole('tab', { name: 'Billing units' }).click();
    await pickMonth(page, previous);
    await expect(page.getByRole('button', { name: 'Download uploaded file' })).toBeVisible();
  });

  test('a file of the wrong type is refused before it is sent', async ({ page }) => {
    await page.goto('/balances?tab=files');
    const upload = page.getByRole('region', { name: 'Upload a billing file' });
    await upload.getByLabel(/^File/).setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a billing file'),
    });
    await expect(upload.getByRole('alert')).toHaveText('The file is a .csv, .xlsx or .pdf');
    await expect(upload.getByRole('button', { name: 'Upload' })).toBeDisabled();
  });
});

test.describe('balances for a therapist', () => {
  test.use({ signedInAs: 'clinician' });

  test(
    'sees the units and reads the billing information without changing it',
    { tag: '@phone' },
    async ({ page }, testInfo) => {
      await page.goto('/balances');
      await expect(page.getByRole('region', { name: 'Totals' })).toBeVisible();
      if (testInfo.project.name === 'phone') {
        // A phone shows a card per patient.
        await expect(page.getByRole('list', { name: 'Patients' })).toBeVisible();
        await expect(page.getByRole('table', { name: 'Patients' })).toHaveCount(0);
      } else {
        await expect(page.getByRole('table', { name: 'Patients' })).toBeVisible();
      }
      await expect(page.getByRole('tab')).toHaveText(['Billing units', 'Billing information']);
      await page.getByRole('tab', { name: 'Billing information' }).click();
      await expect(
        page.getByText(/Only your clinic’s administrator or office manager/),
      ).toBeVisible();
      await expect(page.getByLabel('Provider NPI')).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Save billing information' })).toHaveCount(0);
      await expectAccessible(page);
    },
  );
});
