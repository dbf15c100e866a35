import { expect, expectAccessible, registerPatient, test, uniqueSurname } from './fixtures';

test.describe('patient list', () => {
  test.use({ signedInAs: 'clinician' });

  test(
    'registers a patient with an ICD-10 diagnosis, finds them by part of the name and opens the record',
    { tag: '@phone' },
    async ({ page, isMobile }) => {
      const lastName = uniqueSurname('Quill');
      await page.goto('/patients');
      await expect(page.getByRole('heading', { level: 1, name: 'Patients' })).toBeVisible();
      await expectAccessible(page);

      await page.getByRole('button', { name: 'Register patient' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Register a patient' });
      await dialog.getByLabel('First name').fill('Odile');
      await dialog.getByLabel('Last name').fill(lastName);
      await dialog.getByLabel('Birthday').fill('1974-05-06');
      const diagnosis = dialog.getByRole('combobox', { name: 'Diagnosis' });
      await diagnosis.pressSequentially('low back pain', { delay: 20 });
      const option = dialog.getByRole('option', { name: /M54\.50/ });
      await expect(option).toBeVisible();
      await expectAccessible(page);
      await diagnosis.press('ArrowDown');
      await option.click();
      await expect(diagnosis).toHaveValue(/Low back pain/);
      await expect(dialog.getByText('M54.50', { exact: true })).toBeVisible();
      await dialog.getByRole('button', { name: 'Register patient' }).click();
      await expect(page.getByText(`Odile ${lastName} is registered.`)).toBeVisible();
      await expect(dialog).toHaveCount(0);

      // Part of the surname, typed as a clinician would.
      await page
        .getByRole('searchbox', { name: 'Search' })
        .fill(lastName.slice(0, -2).toLowerCase());
      const link = page.getByRole('link', { name: `Odile ${lastName}` });
      await expect(link).toBeVisible();
      await expect(page.getByText('1 patient', { exact: true })).toBeVisible();
      if (!isMobile) {
        await expect(page.getByRole('row', { name: new RegExp(lastName) })).toContainText('M54.50');
      }

      await link.click();
      await expect(page).toHaveURL(/\/patient\/\d+\/dashboard$/);
      await expect(
        page.getByRole('heading', { name: new RegExp(`Odile ${lastName}`) }),
      ).toBeVisible();

      // A new patient has no readings yet: the charts say so instead of drawing empty axes.
      const charts = page.getByRole('region', { name: 'Health metrics', exact: true });
      await expect(charts).toContainText("The patient's app sent no health readings from");
      const withoutData = charts.getByRole('list', { name: 'Metrics without data' });
      for (const label of ['Steps', 'Pain Level', 'Heart Rate', 'Engagement Time']) {
        await expect(withoutData.getByRole('listitem').filter({ hasText: label })).toContainText(
          'No data in this period',
        );
      }
      await expect(
        withoutData.getByRole('listitem').filter({ hasNotText: 'No data in this period' }),
      ).toHaveCount(0);
      await expect(page.getByRole('region', { name: 'Steps', exact: true })).toHaveCount(0);
      const progress = page.getByRole('region', { name: 'Weekly progress' });
      await expect(progress.getByRole('heading', { name: 'No data this week' })).toBeVisible();
      await expectAccessible(page);
    },
  );

  test('warns that a registration looks like a patient the clinic has, and opens that one', async ({
    page,
  }) => {
    await page.goto('/patients');
    await page.getByRole('button', { name: 'Register patient' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Register a patient' });
    await dialog.getByLabel('First name').fill('Maria');
    await dialog.getByLabel('Last name').fill(uniqueSurname('Alvarez'));
    // The demo's Maria Alvarez has this number.
    await dialog.getByLabel('Mobile phone').fill('212-555-0100');
    await dialog.getByRole('button', { name: 'Register patient' }).click();
    const warning = dialog.getByRole('region', {
      name: 'This looks like a patient you already have',
    });
    await expect(warning).toContainText('Maria Alvarez');
    await expect(warning).toContainText('same phone');
    await expect(warning.getByRole('button', { name: 'Register anyway' })).toBeVisible();
    await expectAccessible(page);
    await warning.getByRole('link', { name: 'Open Maria Alvarez' }).click();
    await expect(page).toHaveURL(/\/patient\/\d+\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Maria Alvarez' })).toBeVisible();
  });

  test('finds Łukasz Čapek-Straße typed plainly, without the letters a US keyboard lacks', async ({
    page,
  }) => {
    const suffix = uniqueSurname('').toLowerCase();
    const lastName = `Čapek${suffix}-Straße`;
    // The form's own journey is the first test's; this one is about the search.
    await registerPatient(page, { first_name: 'Łukasz', last_name: lastName });
    await page.goto('/patients');

    const search = page.getByRole('searchbox', { name: 'Search' });
    for (const typed of [`lukasz capek${suffix}`, `STRASSE capek${suffix}`, `capek${suffix} luk`]) {
      await search.fill(typed);
      await expect(page.getByRole('link', { name: `Łukasz ${lastName}` })).toBeVisible();
      await expect(page.getByText('1 patient', { exact: true })).toBeVisible();
    }
  });

  test(
    'discharges the selected patients after confirmation',
    { tag: '@phone' },
    async ({ page }) => {
      const lastName = uniqueSurname('Wren');
      for (const firstName of ['Ines', 'Tobias']) {
        await registerPatient(page, { first_name: firstName, last_name: lastName });
      }
      await page.goto('/patients');

      await page.getByRole('searchbox', { name: 'Search' }).fill(lastName);
      await expect(page.getByText('2 patients', { exact: true })).toBeVisible();
      await page.getByRole('checkbox', { name: `Select Ines ${lastName}` }).check();
      await page.getByRole('checkbox', { name: `Select Tobias ${lastName}` }).check();
      const bar = page.getByRole('region', { name: 'Selected patients' });
      await expect(bar).toContainText('2 selected');
      await bar.getByRole('button', { name: 'Discharge' }).click();
      const confirm = page.getByRole('dialog', { name: 'Discharge 2 patients?' });
      await confirm.getByRole('button', { name: 'Discharge' }).click();
      await expect(page.getByText('2 patients are discharged.')).toBeVisible();
      await expect(
        page.getByRole('heading', { name: `No patients match “${lastName}”` }),
      ).toBeVisible();

      await page.getByRole('button', { name: /^Status/ }).click();
      await page.getByRole('option', { name: 'Discharged', exact: true }).click();
      await expect(page.getByRole('link', { name: `Ines ${lastName}` })).toBeVisible();
      await expect(page.getByRole('link', { name: `Tobias ${lastName}` })).toBeVisible();
    },
  );

  test.describe('as the office manager', () => {
    test.use({ signedInAs: 'manager' });

    test(
      'an office manager sees the roster but cannot open a record',
      { tag: '@phone' },
      async ({ page }) => {
        await page.goto('/patients');
        const name = page.getByRole('button', { name: /Maria Alvarez/ }).first();
        await expect(name).toBeVisible();
        await expect(page.getByRole('link', { name: /Maria Alvarez/ })).toHaveCount(0);
        // The front desk works without clinical data: no diagnosis column, no diagnosis search.
        await expect(page.getByRole('columnheader', { name: 'Diagnosis' })).toHaveCount(0);
        await expect(page.getByPlaceholder('Name, phone or email')).toBeVisible();
        // aria-disabled: Playwright will not click it, and a clinician's pointer only rests on it.
        await name.hover();
        await expect(page.getByRole('tooltip')).toHaveText(
          'Only therapists are allowed to enter the patient page.',
        );
        await expect(page).toHaveURL(/\/patients$/);
        await expectAccessible(page);
      },
    );
  });

  test(
    'the QR poster leads to sign-up with the clinic code, and the staff list shows roles',
    { tag: '@phone' },
    async ({ page }) => {
      await page.goto('/patients');
      await page.getByRole('button', { name: 'QR poster' }).click();
      const poster = page.getByRole('dialog', { name: 'QR poster for patient sign-up' });
      await expect(
        poster.getByRole('heading', { name: 'Riverside Physical Therapy' }),
      ).toBeVisible();
      await expect(
        poster.getByRole('img', {
          name: /QR code linking to http.*\/patient\/signup\?code=DEMO2026/,
        }),
      ).toBeVisible();
      await poster.getByRole('button', { name: 'Close' }).first().click();

      await page.goto('/therapist-list');
      await expect(page.getByRole('heading', { level: 1, name: 'Therapists' })).toBeVisible();
      await expect(page.getByText('Office Manager').first()).toBeVisible();
      await page.getByRole('searchbox', { name: 'Search' }).fill('raman');
      await expect(page.getByText('1 staff member')).toBeVisible();
      await expectAccessible(page);
    },
  );
});
