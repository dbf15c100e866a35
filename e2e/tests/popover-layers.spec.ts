import { expect, expectAccessible, test } from './fixtures';

// Issue 10 defect 1: Escape (or a press outside) in a picker inside a dialog closed the dialog
// too, and what had been typed was lost. Each closes the innermost open thing only.
test.describe('pickers inside dialogs', () => {
  test.use({ signedInAs: 'clinician' });

  test('Escape and a press outside close the picker, and leave the register dialog as typed', async ({
    page,
  }) => {
    await page.goto('/patients');
    await page.getByRole('button', { name: 'Register patient' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Register a patient' });
    await dialog.getByLabel('First name').fill('Odile');

    const gender = dialog.getByRole('button', { name: /^Gender/ });
    const genderList = dialog.getByRole('listbox', { name: 'Gender' });
    await gender.click();
    await expect(genderList).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(genderList).toHaveCount(0);
    await expect(dialog).toBeVisible();
    await expect(gender).toBeFocused();
    await expect(dialog.getByLabel('First name')).toHaveValue('Odile');

    // A press on the backdrop closes the open list first, the dialog only on a second press.
    await gender.click();
    await expect(genderList).toBeVisible();
    await page.mouse.click(4, 4);
    await expect(genderList).toHaveCount(0);
    await expect(dialog).toBeVisible();

    const diagnosis = dialog.getByRole('combobox', { name: 'Diagnosis' });
    await diagnosis.pressSequentially('low back pain', { delay: 20 });
    await expect(dialog.getByRole('option', { name: /M54\.50/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(diagnosis).toHaveAttribute('aria-expanded', 'false');
    await expect(dialog).toBeVisible();
    await expect(diagnosis).toHaveValue('low back pain');

    // With nothing open above it, Escape is for the dialog, which asks before losing the input.
    await page.keyboard.press('Escape');
    const discard = page.getByRole('dialog', { name: 'Discard your changes?' });
    await expect(discard).toBeVisible();
    await discard.getByRole('button', { name: 'Keep editing' }).click();
    await expect(diagnosis).toHaveValue('low back pain');
    await page.keyboard.press('Escape');
    await discard.getByRole('button', { name: 'Discard' }).click();
    await expect(dialog).toHaveCount(0);
  });

  test('Escape in the row actions gives focus back to their button', async ({ page }) => {
    await page.goto('/patients');
    const actions = page.getByRole('button', { name: /^Actions for / }).first();
    await actions.click();
    await expect(actions).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(actions).toHaveAttribute('aria-expanded', 'false');
    await expect(actions).toBeFocused();
  });
});
