import { expect, test } from './fixtures';

test.describe('layout', () => {
  test.describe('signed in', () => {
    test.use({ signedInAs: 'clinician' });

    test(
      'the mobile bottom menu shows on phones and hides on the exercise screens',
      { tag: '@phone' },
      async ({ page, isMobile }) => {
        await page.goto('/patients');
        const bottomMenu = page.getByRole('navigation', { name: 'Bottom menu' });
        if (!isMobile) {
          await expect(bottomMenu).toHaveCount(0);
          await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
          return;
        }
        await expect(bottomMenu).toBeVisible();
        for (const path of ['/exercise-library', '/exercise-upload', '/exercise-edit/3']) {
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await expect(bottomMenu).toHaveCount(0);
        }
        await page.goto('/chat');
        await expect(bottomMenu).toBeVisible();
      },
    );
  });

  test('an unknown address shows the not-found page', async ({ page }) => {
    await page.goto('/this/does/not/exist');
    await expect(page.getByRole('heading', { name: /not found/i })).toBeVisible();
  });
});
