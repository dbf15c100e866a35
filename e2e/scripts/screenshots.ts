/**
 * Screenshots for the README and docs/screenshots (not a test): signs in to a running server and
 * captures the main screens on a laptop and a phone.
 *   BASE_URL=http://localhost:3000 npx tsx e2e/scripts/screenshots.ts
 * AS=manager signs in as that demo account instead of the therapist, and names the files after it.
 */
import path from 'node:path';
import { chromium, devices } from '@playwright/test';
import { CHROMIUM, launchOptions } from '../browser.mjs';

const BASE_URL = process.env.BASE_URL ?? 'http://localhost:3000';
const OUT = path.resolve(import.meta.dirname, '../../docs/screenshots');
const PAGES = (process.env.PAGES ?? 'login,therapist-signup,patients').split(',');
const AS = process.env.AS ?? 'therapist';

async function main(): Promise<void> {
  // The full browser, as a person's: screenshots are for people to look at.
  const browser = await chromium.launch({ ...launchOptions, executablePath: CHROMIUM });
  for (const [device, options] of [
    ['desktop', { viewport: { width: 1280, height: 800 } }],
    ['phone', devices['Pixel 7']],
  ] as const) {
    const context = await browser.newContext({ ...options, baseURL: BASE_URL });
    const page = await context.newPage();
    for (const name of PAGES.filter((p) => !p.startsWith('@'))) {
      if (
        name === 'login' ||
        name === 'therapist-signup' ||
        name === 'find-password' ||
        name === 'supervisor-login'
      ) {
        await page.goto(`/${name}`);
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: `${OUT}/${name}-${device}.png`, fullPage: true });
      }
    }
    await page.goto('/login');
    await page.getByLabel('Email').fill(`${AS}@demo.homestretch.test`);
    await page.getByLabel('Password', { exact: true }).fill('Demo-pass-2026');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/patients/);
    for (const name of PAGES.filter(
      (p) => !['login', 'therapist-signup', 'find-password', 'supervisor-login'].includes(p),
    )) {
      const target = name.startsWith('@') ? name.slice(1) : `/${name}`;
      await page.goto(target);
      await page.waitForLoadState('networkidle');
      const file = [target.replace(/^\//, '').replace(/[/?=&]+/g, '-') || 'home', AS]
        .filter((part) => part !== 'therapist')
        .join('-');
      await page.screenshot({ path: `${OUT}/${file}-${device}.png`, fullPage: true });
    }
    await context.close();
  }
  await browser.close();
}

void main();
