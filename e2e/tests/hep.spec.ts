import type { Locator, Page } from '@playwright/test';
import {
  DEMO_CLINIC_CODE,
  DEMO_PASSWORD,
  expect as baseExpect,
  expectAccessible,
  registerPatient,
  signedInState,
  test,
  uniqueSurname,
} from './fixtures';

const REMOTE_PT = 'remote@demo.homestretch.test';

// Each step waits on a save and the program's refetch; on a machine shared with other suites
// the default 10 s has run out while a dashboard was still loading.
const expect = baseExpect.configure({ timeout: 30_000 });

/** A patient of this attempt alone, with a diagnosis the recommendations read. */
function newPatient(page: Page, firstName: string): Promise<{ id: number; name: string }> {
  return registerPatient(page, {
    first_name: firstName,
    last_name: uniqueSurname('Hep'),
    diagnosis: 'Low back pain',
  });
}

/** The titles of a program list, in order. */
async function titles(list: Locator): Promise<string[]> {
  return list.getByRole('heading', { level: 3 }).allTextContents();
}

/** Chooses the first `count` videos of the picker's library page; answers their titles. */
async function chooseFromLibrary(picker: Locator, count: number): Promise<string[]> {
  const library = picker.getByRole('list', { name: 'Library videos' });
  await expect(library.getByRole('listitem').nth(count - 1)).toBeVisible();
  const chosen: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const button = library.getByRole('button', { name: /^Choose / }).first();
    const label = (await button.getAttribute('aria-label')) ?? '';
    await button.click();
    chosen.push(label.replace(/^Choose /, ''));
  }
  return chosen;
}

test.describe('home exercise programs', () => {
  test.use({ signedInAs: 'clinician' });
  // Whole journeys, each with a dozen saves and (the second) three people: longer than most.
  test.describe.configure({ timeout: 180_000 });

  test('a therapist builds a program of four, reorders, edits, removes one and restores it', async ({
    page,
  }) => {
    const { id, name } = await newPatient(page, 'Samuel');
    await page.goto(`/patient/${id}/dashboard`);
    const panel = page.getByRole('region', { name: 'Home exercise program' });
    await expect(panel.getByText('No exercises in the program')).toBeVisible();

    await panel.getByRole('button', { name: 'Add exercises' }).click();
    const picker = page.getByRole('dialog', { name: `Add exercises for ${name}` });
    const chosen = await chooseFromLibrary(picker, 4);
    await expect(picker.getByRole('region', { name: /Chosen for Samuel/ })).toContainText(
      'Chosen for Samuel (4)',
    );
    await picker.getByRole('button', { name: 'Send (4)' }).click();
    await expect(picker).toHaveCount(0);
    await expect(page.getByText('4 exercises sent to Samuel’s program.')).toBeVisible();

    const program = panel.getByRole('list', { name: 'Program' });
    await expect(program.getByRole('article')).toHaveCount(4);
    expect(await titles(program)).toEqual(chosen);
    await expectAccessible(page);

    // The keyboard moves the last exercise to the top; the server keeps the order.
    const last = chosen[3] as string;
    await panel.getByRole('button', { name: `Move ${last}`, exact: true }).focus();
    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/api/v1/heps/set_order/') && response.ok(),
    );
    await page.keyboard.press('Home');
    await saved;
    const reordered = [last, ...chosen.slice(0, 3)];
    expect(await titles(program)).toEqual(reordered);
    await page.reload();
    await expect(program.getByRole('article')).toHaveCount(4);
    expect(await titles(program)).toEqual(reordered);

    // A drag by the handle puts the second exercise back on top.
    const dragged = page.waitForResponse(
      (response) => response.url().endsWith('/api/v1/heps/set_order/') && response.ok(),
    );
    await panel
      .getByRole('button', { name: `Move ${reordered[1]}`, exact: true })
      .dragTo(program.getByRole('article').first(), { targetPosition: { x: 200, y: 4 } });
    await dragged;
    expect(await titles(program)).toEqual([reordered[1], reordered[0], ...reordered.slice(2)]);
    // And the keyboard puts it back.
    await panel.getByRole('button', { name: `Move ${reordered[1]}`, exact: true }).focus();
    const back = page.waitForResponse(
      (response) => response.url().endsWith('/api/v1/heps/set_order/') && response.ok(),
    );
    await page.keyboard.press('ArrowDown');
    await back;
    expect(await titles(program)).toEqual(reordered);

    // Sets, reps and notes inline.
    const first = program.getByRole('article', { name: `1. ${last}` });
    await first.getByRole('button', { name: `Edit ${last}` }).click();
    await first.getByLabel('Sets').fill('4');
    await first.getByLabel('Reps').fill('12');
    await first.getByLabel('Notes for the patient').fill('Slowly, and breathe out as you lift.');
    await first.getByRole('button', { name: 'Save' }).click();
    await expect(first.getByText('4 sets × 12 reps')).toBeVisible();
    await expect(first.getByText('Slowly, and breathe out as you lift.')).toBeVisible();

    // Remove one, then restore it from the removed items.
    const gone = reordered[1] as string;
    await panel.getByRole('button', { name: `Remove ${gone}` }).click();
    const removed = panel.getByRole('region', { name: 'Removed items' });
    await expect(removed.getByText(gone)).toBeVisible();
    await expect(program.getByRole('article')).toHaveCount(3);
    await removed.getByRole('button', { name: `Restore ${gone}` }).click();
    await expect(program.getByRole('article')).toHaveCount(4);
    await expect(removed).toHaveCount(0);
    expect(await titles(program)).toEqual([last, reordered[2], reordered[3], gone]);

    // The history says who changed what.
    await program
      .getByRole('article', { name: `1. ${last}` })
      .getByRole('button', { name: `History of ${last}` })
      .click();
    const history = page.getByRole('dialog', { name: `History of ${last}` });
    await expect(
      history.getByText('Notes no notes → “Slowly, and breathe out as you lift.”'),
    ).toBeVisible();
    await expect(history.getByText(/Dana Whitfield/).first()).toBeVisible();
    await history.getByRole('button', { name: 'Close' }).click();

    // Issue 30: the program's history has one line per reorder, however many places shifted.
    await panel.getByRole('button', { name: 'History', exact: true }).click();
    const timeline = page.getByRole('dialog', { name: 'Program history' }).getByRole('list', {
      name: 'Changes',
    });
    // Four sent, three reorders, an edit, a removal, a restore.
    await expect(timeline.locator(':scope > li')).toHaveCount(10);
    await expect(timeline.getByText('Order changed')).toHaveCount(3);
  });

  test('a remote PT’s change waits; the supervisor approves it with a change; the program updates', async ({
    browser,
  }) => {
    const remote = await browser.newContext({ storageState: signedInState(REMOTE_PT) });
    const page = await remote.newPage();
    const { id, name } = await newPatient(page, 'Daniel');
    await page.goto(`/patient/${id}/dashboard`);
    const panel = page.getByRole('region', { name: 'Home exercise program' });
    await expect(panel.getByText(/go to a supervisor/)).toBeVisible();

    await panel.getByRole('button', { name: 'Edit program' }).click();
    await panel.getByRole('button', { name: 'Send for approval' }).click();
    await expect(panel.getByText('No video details provided for approval request')).toBeVisible();

    await panel.getByRole('button', { name: 'Add exercises' }).click();
    const picker = page.getByRole('dialog', { name: 'Add exercises to the draft' });
    const chosen = await chooseFromLibrary(picker, 2);
    await picker.getByRole('button', { name: 'Add to draft (2)' }).click();
    await expect(
      panel.getByRole('list', { name: 'Draft program' }).getByRole('article'),
    ).toHaveCount(2);
    await panel.getByLabel('Note for the supervisor (optional)').fill('Starting his program');
    await panel.getByRole('button', { name: 'Send for approval' }).click();
    await expect(panel.getByText(/Waiting for approval since/)).toBeVisible();
    // Nothing changes for the patient until a supervisor approves.
    await expect(panel.getByText('No exercises in the program')).toBeVisible();

    const supervisorContext = await browser.newContext();
    const supervisor = await supervisorContext.newPage();
    await supervisor.goto('/supervisor-login');
    await supervisor.getByLabel('Clinic code').fill(DEMO_CLINIC_CODE);
    await supervisor.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await supervisor.getByRole('button', { name: 'Sign in' }).click();
    await expect(supervisor).toHaveURL(/\/approvals$/);
    await supervisor
      .getByRole('region', { name: 'Approval requests' })
      .getByRole('link', { name: new RegExp(name) })
      .click();
    await expect(
      supervisor.getByRole('heading', { level: 1, name: `Program change for ${name}` }),
    ).toBeVisible();
    await expect(supervisor.getByText('“Starting his program”')).toBeVisible();
    await expectAccessible(supervisor);

    await supervisor.getByRole('button', { name: 'Approve with changes' }).click();
    const corrected = supervisor.getByRole('list', { name: 'Corrected program' });
    const first = corrected.getByRole('article', { name: `1. ${chosen[0]}` });
    await first.getByRole('button', { name: `Edit ${chosen[0]}` }).click();
    await first.getByLabel('Reps').fill('7');
    await first.getByRole('button', { name: 'Save' }).click();
    await expect(first.getByText(/× 7 reps/)).toBeVisible();
    // Issue 30: the supervisor may add an exercise to the program they approve.
    await supervisor.getByRole('button', { name: 'Add exercises' }).click();
    const supervisorPicker = supervisor.getByRole('dialog', { name: `Add exercises for ${name}` });
    const [extra] = await chooseFromLibrary(supervisorPicker, 1);
    await supervisorPicker
      .getByRole('button', { name: 'Add to the corrected program (1)' })
      .click();
    await expect(corrected.getByRole('article', { name: `3. ${extra}` })).toContainText('Added');
    await supervisor.getByLabel('Note for the therapist (optional)').fill('Fewer reps to start');
    await supervisor.getByRole('button', { name: 'Approve with these changes' }).click();
    await expect(supervisor).toHaveURL(/\/approvals$/);

    await page.reload();
    const program = panel.getByRole('list', { name: 'Program' });
    await expect(program.getByRole('article')).toHaveCount(3);
    expect(await titles(program)).toEqual([...chosen, extra]);
    await expect(program.getByRole('article', { name: `1. ${chosen[0]}` })).toContainText('7 reps');
    // Who proposed it, beside who approved it.
    await expect(program.getByRole('article', { name: `1. ${chosen[0]}` })).toContainText(
      /Proposed by Marcus Bell · approved by Helen/,
    );
    await expect(panel.getByText(/Approved with changes/)).toBeVisible();
    await expect(panel.getByText('“Fewer reps to start”')).toBeVisible();

    await remote.close();
    await supervisorContext.close();
  });
});
