import {
  expect as baseExpect,
  expectAccessible,
  registerPatient,
  test,
  uniqueSurname,
} from './fixtures';

// A fill sends six exercises and waits for the program's refetch: on a machine shared with other
// suites the default 10 s has run out while a dashboard was still loading.
const expect = baseExpect.configure({ timeout: 30_000 });

/** Issue 32 item 6: programs from templates. */
test.describe('program templates', () => {
  test.use({ signedInAs: 'clinician' });
  test.describe.configure({ timeout: 120_000 });

  test('a therapist fills a program from a shipped template, changes a dose and sends it', async ({
    page,
  }) => {
    const { id, name } = await registerPatient(page, {
      first_name: 'Tilda',
      last_name: uniqueSurname('Tpl'),
      diagnosis: 'Presence of right artificial knee joint',
    });
    await page.goto(`/patient/${id}/dashboard`);
    const panel = page.getByRole('region', { name: 'Home exercise program' });
    await expect(panel.getByText('No exercises in the program')).toBeVisible();
    await panel.getByRole('button', { name: 'Add exercises' }).click();
    const picker = page.getByRole('dialog', { name: `Add exercises for ${name}` });

    await picker.getByRole('button', { name: 'Start from template' }).click();
    const start = page.getByRole('dialog', { name: 'Start from a template' });
    await start.getByRole('button', { name: /^Knee replacement, early phase/ }).click();
    const fills = start.getByRole('region', { name: 'What it fills in' });
    await expect(fills.getByRole('listitem')).toHaveCount(6);
    await expect(fills).toContainText('Quad set');
    await expectAccessible(page);
    await start.getByRole('button', { name: 'Use this template' }).click();
    await expect(start).toHaveCount(0);

    // The template's exercises and doses are the picker's list, still editable.
    await expect(picker.getByRole('region', { name: /Chosen for Tilda/ })).toContainText(
      'Chosen for Tilda (6)',
    );
    await picker.getByLabel('Reps for Quad set').fill('15');
    await picker.getByRole('button', { name: 'Send (6)' }).click();
    await expect(picker).toHaveCount(0);
    await expect(page.getByText('6 exercises sent to Tilda’s program.')).toBeVisible();

    const program = panel.getByRole('list', { name: 'Program' });
    await expect(program.getByRole('article')).toHaveCount(6);
    await expect(program.getByRole('heading', { level: 3 }).first()).toHaveText('Ankle pumps');
    await expect(program.getByRole('article', { name: /Quad set/ })).toContainText('15 reps');
  });

  test('a therapist copies a shipped template to edit it, renames it and deletes it', async ({
    page,
  }) => {
    await page.goto('/program-templates');
    await expect(page.getByRole('heading', { level: 1, name: 'Program templates' })).toBeVisible();
    const templates = page.getByRole('list', { name: 'Templates' });
    await expect(templates.getByRole('listitem').first()).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Copy to edit Neck pain, middle phase' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit “Neck pain, middle phase”' });
    const renamed = `Neck pain, desk workers ${uniqueSurname('')}`;
    await editor.getByLabel('Name').fill(renamed);
    await editor.getByLabel('Sets for Chin tuck').fill('3');
    await editor.getByRole('button', { name: 'Save template' }).click();
    await expect(editor).toHaveCount(0);

    const card = templates.getByRole('listitem').filter({ hasText: renamed });
    await expect(card).toContainText('Your clinic');
    await card.getByRole('button', { name: `Delete ${renamed}` }).click();
    await page.getByRole('button', { name: 'Delete template' }).click();
    await expect(card).toHaveCount(0);
  });
});
