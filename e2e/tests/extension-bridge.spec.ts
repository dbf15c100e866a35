import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type ConsoleMessage, type Page, chromium } from '@playwright/test';
import { CHROMIUM } from '../browser.mjs';
import { DEMO_MANAGER_EMAIL, expect, signIn, signOut, test } from './fixtures';

/*
 * The browser-extension bridge on two origins (spec §1, §4, §5, §8; docs/extension-protocol.md):
 * the sample clinic page (examples/clinic-app, started by playwright.config.ts on the next port,
 * the trusted CLINIC_APP_ORIGIN) opens Homestretch, sends its key, and calls the API with the
 * token it decrypts. The token's expiry is proven by the API suite's clock
 * (apps/server/src/features/auth/session-kinds.int.test.ts).
 */
/*
 * The office manager's account: a sign-out ends every extension token of its user, and the other
 * specs sign the clinicians out (auth.spec.ts), never the manager. In order, for the same reason.
 */
const ACCOUNT = DEMO_MANAGER_EMAIL;
test.describe.configure({ mode: 'default' });

const clinicOrigin = (baseURL: string, host = '127.0.0.1') =>
  `http://${host}:${Number(new URL(baseURL).port) + 1}`;

/** Every console line the Homestretch window prints, to check what it says and what it does not. */
function consoleOf(page: Page): string[] {
  const lines: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'warning' || message.type() === 'error') {
      lines.push(message.text());
    }
  });
  return lines;
}

async function openHomestretch(clinic: Page): Promise<Page> {
  const popup = clinic.waitForEvent('popup');
  await clinic.getByRole('button', { name: 'Connect to Homestretch' }).click();
  return popup;
}

test('the clinic page receives the token, reads who is signed in, and loses it at sign-out', async ({
  page,
  baseURL,
  request,
}) => {
  await page.goto(`${clinicOrigin(baseURL as string)}/`);
  const app = await openHomestretch(page);
  const appConsole = consoleOf(app);
  // Not signed in yet: the app keeps the key and waits for the sign-in (spec §4 poll).
  await expect(app.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(/Waiting for Homestretch/);

  // A key without the message type, from the trusted page: ignored, and silently.
  await page.evaluate(
    (url) =>
      (window as unknown as { clinicSession: { app: Window } }).clinicSession.app.postMessage(
        { source: 'homestretch', publicKey: { kty: 'RSA' } },
        url,
      ),
    baseURL as string,
  );

  await signIn(app, ACCOUNT);
  // Signing in hashes a password on a busy machine: give the first screen time.
  await expect(app.getByRole('heading', { level: 1, name: 'Patients' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('status')).toHaveText(/^Connected/);
  await expect(page.locator('#who-email')).toHaveText(ACCOUNT);
  // The handshake's own words never appeared (the 401 of the sign-in page's user check may).
  expect(
    appConsole.filter((line) => /untrusted origin|public key or send token/.test(line)),
  ).toEqual([]);

  // The token reads; it changes nothing (a PATCH and a PUT are refused before any body check).
  const token = await page.evaluate(
    () => (window as unknown as { clinicSession: { token: string } }).clinicSession.token,
  );
  const bearer = { authorization: `Bearer ${token}` };
  expect((await request.get('/api/v1/users/', { headers: bearer })).status()).toBe(200);
  expect(
    (
      await request.patch('/user/therapist/cancel-feature-notification', { headers: bearer })
    ).status(),
  ).toBe(403);
  expect(
    (await request.put('/clinic/patient/1/update', { headers: bearer, data: {} })).status(),
  ).toBe(403);

  // Signing out tells the clinic page to drop the token, and the server ends it.
  await signOut(app);
  await expect(page.getByRole('status')).toHaveText(
    'Signed out of Homestretch: the token was dropped.',
  );
  expect((await request.get('/api/v1/users/', { headers: bearer })).status()).toBe(401);
});

test('a page on another origin is refused with the console warning', async ({ page, baseURL }) => {
  // The same sample page, reached by another name: another origin, not the trusted one.
  await page.goto(`${clinicOrigin(baseURL as string, 'localhost')}/`);
  const app = await openHomestretch(page);
  const warned = app.waitForEvent('console', {
    predicate: (message) => message.type() === 'warning',
  });
  expect((await warned).text()).toBe('Blocked message from untrusted origin');
  await expect(page.getByRole('status')).toHaveText(/Waiting for Homestretch/);
});

test('the sample MV3 extension decrypts the token on the clinic page and calls the API', async ({
  baseURL,
}) => {
  // The extension as written, pointed at this run's server, in a profile of its own.
  const dir = await mkdtemp(path.join(os.tmpdir(), 'hs-e2e-extension-'));
  const extension = path.join(dir, 'extension');
  await cp(path.resolve(import.meta.dirname, '../../examples/extension'), extension, {
    recursive: true,
  });
  await writeFile(
    path.join(extension, 'config.js'),
    `export const HOMESTRETCH_URL = '${baseURL as string}';\n`,
  );
  const { launchOptions } = test.info().project.use;
  const context = await chromium.launchPersistentContext(path.join(dir, 'profile'), {
    ...launchOptions,
    // The full browser: the headless shell the other tests may run in loads no extension.
    executablePath: CHROMIUM,
    args: [
      ...(launchOptions?.args ?? []),
      `--disable-extensions-except=${extension}`,
      `--load-extension=${extension}`,
    ],
  });
  try {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    /** What the extension keeps in chrome.storage.session (examples/extension/background.js). */
    const stored = () =>
      worker.evaluate(() =>
        (
          globalThis as unknown as {
            chrome: { storage: { session: { get: (keys: string[]) => Promise<unknown> } } };
          }
        ).chrome.storage.session.get(['user', 'token']),
      ) as Promise<{ user?: { email: string }; token?: string }>;
    const page = await context.newPage();
    await page.goto(`${clinicOrigin(baseURL as string)}/`);
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Connect the Homestretch extension' }).click();
    const app = await popup;
    await signIn(app, ACCOUNT);
    await expect.poll(async () => (await stored()).user?.email).toBe(ACCOUNT);

    const shown = await context.newPage();
    await shown.goto(`chrome-extension://${new URL(worker.url()).host}/popup.html`);
    await expect(shown.locator('#who')).toHaveText(
      new RegExp(`^Signed in to Homestretch as .+ \\(${ACCOUNT}\\)`),
    );

    await signOut(app);
    await expect.poll(async () => (await stored()).token).toBeUndefined();
  } finally {
    await context.close();
    await rm(dir, { recursive: true, force: true });
  }
});
