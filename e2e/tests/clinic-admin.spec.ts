import {
  DEMO_ADMIN_EMAIL,
  DEMO_CLINIC_CODE,
  expect,
  expectAccessible,
  openSignUpLink,
  signedInState,
  test,
  uniqueEmail,
} from './fixtures';

/**
 * Issue 15 (spec §6): a new supervisor joins; the administrator approves them and, on
 * clinic_admin, assigns them the demo's staff therapist; the supervisor then sees only that
 * therapist and sets whether their program changes need approval. Dana's changes keep applying
 * at once (other specs build her programs directly); Marcus stays with the demo supervisor.
 */
test('the administrator assigns a new supervisor, who then decides for their therapist', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const email = uniqueEmail('supervisor');
  const lastName = `Sup${Date.now().toString(36)}`;
  const name = `Noor ${lastName}`;
  const password = `pass-${lastName}-long`;
  await page.goto('/therapist-signup');
  await page.getByLabel('First name').fill('Noor');
  await page.getByLabel('Last name').fill(lastName);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Role').selectOption({ label: 'Remote Supervisor' });
  await page.getByLabel('Clinic code').fill(DEMO_CLINIC_CODE);
  await page.getByRole('button', { name: 'Create account' }).click();
  await openSignUpLink(page, request, email);

  const adminContext = await browser.newContext({
    baseURL,
    storageState: signedInState(DEMO_ADMIN_EMAIL),
  });
  const admin = await adminContext.newPage();
  await admin.goto('/therapist-list');
  await admin.getByRole('button', { name: `Approve ${name}` }).click();
  await expect(admin.getByText(`${name} is approved`)).toBeVisible();

  await admin
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Clinic admin' })
    .click();
  await expect(
    admin.getByRole('heading', { level: 1, name: 'Clinic administration' }),
  ).toBeVisible();
  await expect(admin.getByRole('region', { name: 'Supervisors' })).toContainText(name);
  const dana = admin.getByRole('row', { name: /Dana Whitfield/ });
  await dana.getByRole('button', { name: /Supervisor of Dana Whitfield/ }).click();
  await admin.getByRole('option', { name }).click();
  await expect(admin.getByText(`${name} now supervises Dana Whitfield.`)).toBeVisible();
  await expectAccessible(admin);
  await adminContext.close();

  const supervisorContext = await browser.newContext({ baseURL });
  const supervisor = await supervisorContext.newPage();
  await supervisor.goto('/supervisor-login');
  await supervisor.getByLabel('Clinic code').fill(DEMO_CLINIC_CODE);
  await supervisor.getByLabel('Password', { exact: true }).fill(password);
  await supervisor.getByRole('button', { name: 'Sign in' }).click();
  await expect(supervisor).toHaveURL(/\/approvals$/);
  const team = supervisor.getByRole('region', { name: 'Who needs approval' });
  await expect(team.getByRole('listitem')).toHaveCount(1);
  await expect(team).toContainText('Dana Whitfield');
  await team.getByRole('button', { name: /Approval for Dana Whitfield/ }).click();
  await supervisor.getByRole('option', { name: 'No approval needed' }).click();
  await expect(supervisor.getByText('Dana Whitfield’s changes now apply at once.')).toBeVisible();
  await supervisorContext.close();
});

/**
 * Issue 30 (items 9 and 11): on clinic_admin the administrator approves a therapist who signed up
 * with the clinic code, marks them a PT assistant for billing's CQ modifier, and gives them a
 * supervisor, then none. On a phone too, where the staff are cards.
 */
test.describe('the administrator’s staff controls', () => {
  test.use({ signedInAs: 'admin' });

  test(
    'approve a new therapist, mark them a PTA and take their supervisor away',
    { tag: '@phone' },
    async ({ page: admin, browser, request, baseURL }) => {
      const email = uniqueEmail('assistant');
      const lastName = `Pta${Date.now().toString(36)}`;
      const name = `Ines ${lastName}`;
      const signUpContext = await browser.newContext({ baseURL });
      const signUp = await signUpContext.newPage();
      await signUp.goto('/therapist-signup');
      await signUp.getByLabel('First name').fill('Ines');
      await signUp.getByLabel('Last name').fill(lastName);
      await signUp.getByLabel('Email').fill(email);
      await signUp.getByLabel('Password', { exact: true }).fill(`pass-${lastName}-long`);
      await signUp.getByLabel('Role').selectOption({ label: 'Staff Therapist' });
      await signUp.getByLabel('Clinic code').fill(DEMO_CLINIC_CODE);
      await signUp.getByRole('button', { name: 'Create account' }).click();
      await openSignUpLink(signUp, request, email);
      // The link makes the account; it waits for approval, signed in.
      await expect(signUp).toHaveURL(/\/patients$/);
      await signUpContext.close();

      await admin.goto('/clinic-admin');
      await admin.getByLabel('Search staff').fill(lastName);
      const staff = admin.getByRole('region', { name: 'Staff' });
      await expect(staff).toContainText('Pending approval');
      await staff.getByRole('button', { name: `Approve ${name}` }).click();
      await expect(admin.getByText(`${name} is approved`)).toBeVisible();
      await expect(staff.getByRole('button', { name: `Approve ${name}` })).toBeHidden();

      await staff.getByRole('button', { name: `Therapist type of ${name}` }).click();
      await admin.getByRole('option', { name: 'Physical therapist assistant (PTA)' }).click();
      await expect(
        admin.getByText(`${name} is now Physical therapist assistant (PTA).`),
      ).toBeVisible();

      const supervisor = staff.getByRole('button', { name: `Supervisor of ${name}` });
      await supervisor.click();
      await admin.getByRole('option', { name: 'Helen Castillo' }).click();
      await expect(admin.getByText(`Helen Castillo now supervises ${name}.`)).toBeVisible();
      await supervisor.click();
      await admin.getByRole('option', { name: 'No supervisor' }).click();
      await expect(admin.getByText(`${name} has no supervisor now.`)).toBeVisible();
      await expect(supervisor).toHaveText('No supervisor');

      await admin.reload();
      await admin.getByLabel('Search staff').fill(lastName);
      await expect(staff.getByRole('button', { name: `Therapist type of ${name}` })).toHaveText(
        'Physical therapist assistant (PTA)',
      );
      await expect(staff.getByRole('button', { name: `Supervisor of ${name}` })).toHaveText(
        'No supervisor',
      );
      await expectAccessible(admin);
    },
  );
});
