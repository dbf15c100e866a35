import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, expectAccessible, signedInState, test } from './fixtures';

const PATIENT_EMAIL = 'patient@demo.homestretch.test';
const THERAPIST_EMAIL = 'therapist@demo.homestretch.test';

/** The thread's log of messages (shared/chat/chat-thread.tsx). */
const log = (page: Page) => page.getByRole('log', { name: 'Messages' });

async function write(page: Page, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
}

/**
 * The tab hidden or shown again, as the browser tells the page (a headless page stays visible
 * on its own).
 */
async function showTab(page: Page, state: 'visible' | 'hidden'): Promise<void> {
  await page.evaluate((value) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => value });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  }, state);
}

/** A message bubble of the log and the line under it (its time and delivery state). */
const bubble = (page: Page, text: string) =>
  log(page).getByRole('listitem').filter({ hasText: text });

test('the therapist and the patient’s phone chat live; messages written offline arrive after reconnecting, once', async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const run = randomUUID().slice(0, 8);
  const therapistContext = await browser.newContext({
    baseURL,
    storageState: signedInState(THERAPIST_EMAIL),
  });
  const patientContext = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
  });
  const therapist = await therapistContext.newPage();
  const patient = await patientContext.newPage();

  // The patient signs in to the app on their phone and opens the chat.
  await patient.goto('/app');
  await patient.getByLabel('Email').fill(PATIENT_EMAIL);
  await patient.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await patient.getByRole('button', { name: 'Sign in' }).click();
  await patient.getByRole('button', { name: 'Chat with your clinic' }).click();
  await expect(
    patient.getByRole('heading', { level: 1, name: 'Chat with your clinic' }),
  ).toBeVisible();
  await expect(log(patient)).toBeVisible();
  await expectAccessible(patient);

  // The therapist opens the conversation from the list (a direct load of /chat works too).
  await therapist.goto('/chat');
  await expect(therapist.getByRole('heading', { level: 1, name: 'Chat' })).toBeVisible();
  await expectAccessible(therapist);
  await therapist.getByRole('link', { name: /Maria Alvarez/ }).click();
  await expect(therapist.getByRole('heading', { level: 1, name: 'Maria Alvarez' })).toBeVisible();
  await expect(log(therapist)).toBeVisible();

  // Live both ways: what one sends the other sees without reloading, and it shows as read.
  const hello = `Hello Maria, how is your back today? ${run}`;
  await write(therapist, hello);
  await expect(bubble(patient, hello)).toBeVisible();
  await expect(bubble(therapist, hello)).toContainText('Read');
  const reply = `Much better, thank you! ${run}`;
  await write(patient, reply);
  await expect(bubble(therapist, reply)).toBeVisible();
  // Text, never markup.
  const markup = `<b>not bold</b> <script>alert(1)</script> ${run}`;
  await write(therapist, markup);
  await expect(bubble(patient, markup)).toContainText('<b>not bold</b>');

  // The phone's keyboard opens and shrinks the page: the newest message stays in full view, and
  // so does the next one to arrive live (issue 30, item 8).
  await patient.setViewportSize({ width: 390, height: 520 });
  await expect(bubble(patient, markup)).toBeInViewport({ ratio: 1 });
  const gently = `Go gently, and tell me how it feels. ${run}`;
  await write(therapist, gently);
  await expect(bubble(patient, gently)).toBeInViewport({ ratio: 1 });
  await patient.setViewportSize({ width: 390, height: 844 });

  // The patient's phone loses its connection: what they write waits, what the clinic writes
  // meanwhile is stored and reaches them when the connection returns.
  await patientContext.setOffline(true);
  const whileAway = `Remember to go slowly on the knee-to-chest stretch. ${run}`;
  await write(therapist, whileAway);
  await expect(bubble(therapist, whileAway)).toContainText('Sent');
  const offlineNote = `Written on the bus with no signal ${run}`;
  await write(patient, offlineNote);
  await expect(bubble(patient, offlineNote)).toContainText('Waiting for connection');
  await expect(bubble(patient, whileAway)).toHaveCount(0);

  await patientContext.setOffline(false);
  await expect(bubble(patient, whileAway)).toBeVisible();
  await expect(bubble(patient, offlineNote)).not.toContainText('Waiting for connection');
  await expect(bubble(therapist, offlineNote)).toBeVisible();
  // Delivered once on both sides, whatever the reconnect replayed.
  await expect(bubble(therapist, offlineNote)).toHaveCount(1);
  await expect(bubble(patient, whileAway)).toHaveCount(1);

  // Unread counts: with the thread closed, the therapist's list and menu count the patient's next
  // message; opening the thread reads it.
  await therapist.getByRole('link', { name: 'All conversations' }).click();
  await expect(therapist.getByRole('heading', { level: 1, name: 'Chat' })).toBeVisible();
  const maria = therapist.getByRole('link', { name: /Maria Alvarez/ });
  await expect(maria).not.toContainText('unread');
  const question = `Can I go cycling on Saturday? ${run}`;
  await write(patient, question);
  await expect(maria).toContainText('1 unread message');
  await expect(maria).toContainText(question);
  await maria.click();
  await expect(bubble(therapist, question)).toBeVisible();
  await therapist.getByRole('link', { name: 'All conversations' }).click();
  await expect(therapist.getByRole('link', { name: /Maria Alvarez/ })).not.toContainText('unread');

  // A hidden tab reads nothing: what arrives meanwhile is in the thread, yet stays unread (the
  // menu counts it, the patient sees it sent) until the therapist comes back to the tab.
  await therapist.getByRole('link', { name: /Maria Alvarez/ }).click();
  await expect(log(therapist)).toBeVisible();
  await showTab(therapist, 'hidden');
  const unseen = `And my ankle is sore ${run}`;
  await write(patient, unseen);
  await expect(bubble(therapist, unseen)).toBeVisible();
  const menuChat = therapist
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /Chat/ });
  await expect(menuChat).toContainText('1 unread message');
  // A read mark would come at once; give it the time to show it did not.
  await therapist.waitForTimeout(1000);
  await expect(bubble(patient, unseen)).toContainText('Sent');
  await expect(menuChat).toContainText('1 unread message');
  await showTab(therapist, 'visible');
  await expect(bubble(patient, unseen)).toContainText('Read');
  await expect(menuChat).not.toContainText('unread');

  // On the phone's program, the way to the chat counts what the clinic wrote since, without a
  // reload: asked again when the patient comes back to the app.
  await patient.getByRole('button', { name: 'My program' }).click();
  const chatButton = patient.getByRole('button', { name: /Chat with your clinic/ });
  await expect(chatButton).toHaveAccessibleName('Chat with your clinic');
  const later = `See you on Monday ${run}`;
  await write(therapist, later);
  await expect(bubble(therapist, later)).toContainText('Sent');
  await showTab(patient, 'hidden');
  await showTab(patient, 'visible');
  await expect(chatButton).toHaveAccessibleName(/^Chat with your clinic\s*, 1 unread message$/);
  await expectAccessible(patient);
  await chatButton.click();
  await expect(bubble(patient, later)).toBeVisible();
  await patient.getByRole('button', { name: 'My program' }).click();
  await expect(chatButton).toHaveAccessibleName('Chat with your clinic');

  // Both sides agree on the stored conversation: each message once.
  const own = (await (await patient.request.get('/app-api/chat')).json()) as { id: number };
  const page = (await (
    await therapist.request.get('/chat/message', { params: { session: own.id } })
  ).json()) as { results: { message: string }[] };
  const mine = page.results.map((message) => message.message).filter((text) => text.includes(run));
  expect(mine).toEqual([
    hello,
    reply,
    markup,
    gently,
    whileAway,
    offlineNote,
    question,
    unseen,
    later,
  ]);

  await therapistContext.close();
  await patientContext.close();
});
