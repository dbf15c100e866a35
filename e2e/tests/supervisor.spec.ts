import { DEMO_CLINIC_CODE, DEMO_PASSWORD, expect, test } from './fixtures';

/**
 * Issue 10 defect 9 (docs/decisions/016-supervisor-patient-access.md): the demo supervisor lands
 * on their approvals, edits their own profile, and reads a patient without the controls that
 * change one.
 */
test.describe('the supervisor', () => {
  test('lands on approvals, saves the profile, and reads a patient without changing one', async ({
    page,
  }) => {
    await page.goto('/supervisor-login');
    await page.getByLabel('Clinic code').fill(DEMO_CLINIC_CODE);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect(page).toHaveURL(/\/approvals$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Approvals' })).toBeVisible();
    await expect(page.getByRole('tablist', { name: 'Requests' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Who needs approval' })).toBeVisible();

    await page.getByRole('button', { name: /account menu/i }).click();
    await page.getByRole('link', { name: 'Your profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    const firstName = page.getByLabel('First name');
    const original = await firstName.inputValue();
    await firstName.fill('Helena');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Your profile is saved.')).toBeVisible();
    await expect(page.getByRole('button', { name: /account menu/i })).toContainText('Helena');
    // The demo account is shared by every run: put the name back.
    await page.reload();
    await expect(firstName).toHaveValue('Helena');
    await firstName.fill(original);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Your profile is saved.').first()).toBeVisible();
    await expect(page.getByRole('button', { name: /account menu/i })).toContainText(original);

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Patients' })
      .click();
    await expect(page.getByRole('button', { name: 'Register patient' })).toHaveCount(0);
    await page.getByRole('table', { name: 'Patients' }).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/patient\/\d+\/dashboard$/);
    const header = page.getByRole('region', { name: 'Patient' });
    await expect(header.getByText('RTM coverage')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Interaction log' })).toBeVisible();
    await expect(page.getByRole('switch', { name: 'RTM coverage' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Log interaction' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Edit details' })).toHaveCount(0);
  });
});
