import { expect, expectAccessible, test, uniqueEmail } from './fixtures';

/**
 * Issue 15: a clinician invites a colleague from referral_program; the invitation, naming them
 * and their clinic, lands in the development outbox with a link to this site's sign-up page.
 */
test.describe('the referral program', () => {
  test.use({ signedInAs: 'clinician' });

  test(
    'a clinician invites a colleague by e-mail',
    { tag: '@phone' },
    async ({ page, request, baseURL }) => {
      const email = uniqueEmail('colleague');
      await page.goto('/referral');
      await expect(page.getByRole('heading', { level: 1, name: 'Referral program' })).toBeVisible();
      await page.getByLabel('First name').fill('Lee');
      await page.getByLabel('Last name').fill('Chen');
      await page.getByLabel('Email').fill(email);
      await expect(
        page.getByRole('region', { name: 'What your colleague receives' }).getByText('Hello Lee,'),
      ).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Send invitation' }).click();
      await expect(
        page.getByRole('status').filter({ hasText: 'Invitation sent to' }),
      ).toContainText(email);

      const outbox = await request.get('/dev/outbox/messages', { params: { recipient: email } });
      expect(outbox.ok()).toBe(true);
      const { results } = (await outbox.json()) as {
        results: { subject: string; body_text: string }[];
      };
      expect(results).toHaveLength(1);
      expect(results[0]?.subject).toMatch(/ invites you to Homestretch$/);
      expect(results[0]?.body_text).toContain('Hello Lee,');
      expect(results[0]?.body_text).toMatch(/ of Riverside Physical Therapy invites you/);
      expect(results[0]?.body_text).toContain(`${baseURL}/therapist-signup`);
    },
  );
});
