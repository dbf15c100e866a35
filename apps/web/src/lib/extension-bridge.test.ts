import { describe, expect, it, vi } from 'vitest';
import { notifyExtensionLogout } from './extension-bridge';

describe('notifyExtensionLogout', () => {
  it('posts the logout message to this window only', () => {
    const postMessage = vi.fn();
    notifyExtensionLogout({
      postMessage,
      location: { origin: 'https://app.example.org' } as Location,
    });
    expect(postMessage).toHaveBeenCalledWith(
      { source: 'homestretch', type: 'logout' },
      'https://app.example.org',
    );
  });

  it('reaches a listener on the real window', async () => {
    const received = new Promise<unknown>((resolve) => {
      window.addEventListener('message', (event) => resolve(event.data), { once: true });
    });
    notifyExtensionLogout();
    await expect(received).resolves.toEqual({ source: 'homestretch', type: 'logout' });
  });
});
