import { describe, expect, it, vi } from 'vitest';
import { notifyExtensionLogout, rememberTokenHolder } from './extension-bridge';

const ownWindow = (postMessage = vi.fn()) => ({
  postMessage,
  location: { origin: 'https://app.example.org' } as Location,
});

describe('notifyExtensionLogout (spec §4: logout informs the extension)', () => {
  it('posts the logout message to this window only when no clinic holds a token', () => {
    const postMessage = vi.fn();
    notifyExtensionLogout(ownWindow(postMessage));
    expect(postMessage).toHaveBeenCalledExactlyOnceWith(
      { source: 'homestretch', type: 'logout' },
      'https://app.example.org',
    );
  });

  it('tells the clinic window that received the token too, once', () => {
    const clinic = { postMessage: vi.fn() };
    rememberTokenHolder(clinic, 'https://emr.clinic.example');
    notifyExtensionLogout(ownWindow());
    expect(clinic.postMessage).toHaveBeenCalledExactlyOnceWith(
      { source: 'homestretch', type: 'logout' },
      'https://emr.clinic.example',
    );
    notifyExtensionLogout(ownWindow());
    expect(clinic.postMessage).toHaveBeenCalledOnce();
  });

  it('reaches a listener on the real window', async () => {
    const received = new Promise<unknown>((resolve) => {
      window.addEventListener('message', (event) => resolve(event.data), { once: true });
    });
    notifyExtensionLogout();
    await expect(received).resolves.toEqual({ source: 'homestretch', type: 'logout' });
  });
});
