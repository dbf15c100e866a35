import { SIGNED_IN_ACCOUNTS, expect, signIn, signedInState, test as setup } from './fixtures';

/**
 * Signs each demo account in once per run through the real login form and keeps its cookies
 * for the tests that start signed in (`test.use({ signedInAs })`). The tests about signing in
 * still type the form themselves (auth.spec.ts).
 */
for (const email of SIGNED_IN_ACCOUNTS) {
  setup(`sign in as ${email}`, async ({ page }) => {
    await page.goto('/login');
    await signIn(page, email);
    await expect(page).toHaveURL(/\/patients$/);
    await page.context().storageState({ path: signedInState(email) });
  });
}
