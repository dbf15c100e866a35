import type { Page } from '@playwright/test';
import { expect as baseExpect, registerPatient, test, uniqueSurname } from './fixtures';

// A simulated call rings for 5 s before it is answered; a dashboard loads its month meanwhile.
const expect = baseExpect.configure({ timeout: 30_000 });

/** A patient of this attempt alone, with a phone, treated by the signed-in clinician. */
function newPatient(page: Page): Promise<{ id: number; name: string }> {
  const line = String(1000 + Math.floor(Math.random() * 8999));
  return registerPatient(page, {
    first_name: 'Rosa',
    last_name: uniqueSurname('Call'),
    phone: `+1212555${line}`,
  });
}

test.describe('tasks and calls', () => {
  test.use({ signedInAs: 'clinician' });

  test('a task made from the data is marked done on the dashboard and moves to Done', async ({
    page,
  }) => {
    await page.goto('/dashboard');
    const tasks = page.getByRole('region', { name: 'Tasks' });
    const first = tasks.getByRole('list', { name: 'New tasks' }).getByRole('button').first();
    const label = (await first.getAttribute('aria-label')) ?? '';
    expect(label).toMatch(/^Mark done: /);
    await first.click();
    await expect(tasks.getByRole('button', { name: label, exact: true })).toHaveCount(0);
    await tasks.getByRole('button', { name: 'Done', exact: true }).click();
    await expect(
      tasks
        .getByRole('list', { name: 'Done tasks' })
        .getByText(label.replace(/^Mark done: (.*) \(.*\)$/, '$1')),
    ).toBeVisible();
  });

  test('a call placed from the record rings, is answered, hung up and logged as the live call', async ({
    page,
  }) => {
    const patient = await newPatient(page);
    await page.goto(`/patient/${patient.id}/dashboard`);
    await page.getByRole('button', { name: `Call ${patient.name}` }).click();
    // Talk a moment: a call hung up in the second it was answered reached no one.
    await expect(page.getByText(/In call 00:0[2-9]/)).toBeVisible();
    await page.getByRole('button', { name: 'Hang up' }).click();
    await expect(page.getByText('Ended — Reached')).toBeVisible();
    const log = page.getByRole('region', { name: 'Interaction log' });
    await expect(log.getByText(/Phone call \(simulated\)/)).toBeVisible();
  });
});
