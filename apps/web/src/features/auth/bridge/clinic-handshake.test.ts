import type { ExtensionToken } from '@homestretch/contract/auth/extension-token';
import {
  CLINIC_KEY_ALGORITHM,
  type ExtensionTokenMessage,
} from '@homestretch/contract/extension/clinic-handshake';
import { describe, expect, it, vi } from 'vitest';
import { judgeMessage, listenForClinicHandshake } from './clinic-handshake';

const CLINIC = 'https://emr.clinic.example';
const APP = 'https://app.homestretch.example';
const subtle = globalThis.crypto.subtle;

async function clinicKeys() {
  const pair = await subtle.generateKey(
    { ...CLINIC_KEY_ALGORITHM, modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) },
    false,
    ['encrypt', 'decrypt'],
  );
  return { privateKey: pair.privateKey, publicKey: await subtle.exportKey('jwk', pair.publicKey) };
}

const keyMessage = (publicKey: unknown) => ({
  source: 'homestretch',
  type: 'homestretch:public-key',
  publicKey,
});

/** The listener on a stand-in window, with the poll's timer and every collaborator in hand. */
function harness({
  signedIn = false,
  fetchToken,
}: { signedIn?: boolean; fetchToken?: () => Promise<ExtensionToken> } = {}) {
  let listener: ((event: MessageEvent) => void) | null = null;
  const state = { signedIn };
  const polls: { run: () => void; ms: number }[] = [];
  const log = { warn: vi.fn(), error: vi.fn() };
  const deps = {
    fetchToken: vi.fn(
      fetchToken ??
        (() => Promise.resolve({ token: 'tok-123', expires_at: '2026-11-02T15:10:00.000Z' })),
    ),
    keepPeer: vi.fn(),
    markReady: vi.fn(),
    stop: vi.fn(),
  };
  const unlisten = listenForClinicHandshake({
    trustedOrigin: CLINIC,
    target: {
      addEventListener: (_type: string, handler: (event: MessageEvent) => void) => {
        listener = handler;
      },
      removeEventListener: vi.fn(),
      location: { origin: APP },
    } as unknown as Window,
    subtle,
    isSignedIn: () => state.signedIn,
    fetchToken: deps.fetchToken,
    keepPeer: deps.keepPeer,
    markReady: deps.markReady,
    log,
    setInterval: (run, ms) => polls.push({ run, ms }),
    clearInterval: deps.stop,
  });
  const peer = { postMessage: vi.fn() };
  const send = (origin: string, data: unknown) =>
    listener?.({ origin, data, source: peer } as unknown as MessageEvent);
  return { state, polls, log, deps, peer, send, unlisten };
}

describe('judgeMessage (spec §4, §5)', () => {
  const publicKey = { kty: 'RSA', n: 'x', e: 'AQAB' };

  it('accepts the trusted origin with the marker, the type and a key', () => {
    expect(judgeMessage({ origin: CLINIC, data: keyMessage(publicKey) }, CLINIC, APP)).toEqual({
      kind: 'accept',
      publicKey,
    });
  });

  it('calls any other origin untrusted, except our own window', () => {
    const data = keyMessage(publicKey);
    expect(judgeMessage({ origin: 'https://evil.example', data }, CLINIC, APP).kind).toBe(
      'untrusted',
    );
    expect(judgeMessage({ origin: `${CLINIC}:8443`, data }, CLINIC, APP).kind).toBe('untrusted');
    expect(judgeMessage({ origin: APP, data }, CLINIC, APP).kind).toBe('ignore');
  });

  it('ignores a trusted message lacking the source, the type or the key', () => {
    for (const data of [
      null,
      'homestretch',
      { type: 'homestretch:public-key', publicKey },
      { source: 'other', type: 'homestretch:public-key', publicKey },
      { source: 'homestretch', publicKey },
      { source: 'homestretch', type: 'logout', publicKey },
      { source: 'homestretch', type: 'homestretch:public-key' },
      keyMessage('a string'),
      keyMessage({ n: 'no kty' }),
    ]) {
      expect(judgeMessage({ origin: CLINIC, data }, CLINIC, APP)).toEqual({ kind: 'ignore' });
    }
  });
});

describe('listenForClinicHandshake', () => {
  it('warns about another origin with the exact words, and does nothing else', () => {
    const h = harness({ signedIn: true });
    h.send('https://evil.example', keyMessage({ kty: 'RSA' }));
    expect(h.log.warn).toHaveBeenCalledExactlyOnceWith('Blocked message from untrusted origin');
    expect(h.polls).toEqual([]);
    expect(h.deps.keepPeer).not.toHaveBeenCalled();
  });

  it('ignores a malformed message silently', async () => {
    const h = harness({ signedIn: true });
    h.send(CLINIC, { source: 'homestretch', type: 'homestretch:public-key' });
    h.send(APP, { source: 'homestretch', type: 'logout' });
    await Promise.resolve();
    expect(h.log.warn).not.toHaveBeenCalled();
    expect(h.log.error).not.toHaveBeenCalled();
    expect(h.polls).toEqual([]);
  });

  it('only logs a key that cannot be imported as an RSA-OAEP encryption key', async () => {
    const h = harness({ signedIn: true });
    const { publicKey } = await clinicKeys();
    h.send(CLINIC, keyMessage({ ...publicKey, alg: 'RSA-OAEP', key_ops: ['decrypt'] }));
    await vi.waitFor(() =>
      expect(h.log.error).toHaveBeenCalledWith(
        'Failed to import public key or send token',
        expect.anything(),
      ),
    );
    expect(h.polls).toEqual([]);
    expect(h.deps.fetchToken).not.toHaveBeenCalled();
  });

  it('keeps the key, polls every 100 ms until signed in, then hands the token over once', async () => {
    const h = harness();
    const { privateKey, publicKey } = await clinicKeys();
    h.send(CLINIC, keyMessage(publicKey));
    await vi.waitFor(() => expect(h.polls).toHaveLength(1));
    expect(h.polls[0]?.ms).toBe(100);
    expect(h.deps.keepPeer).toHaveBeenCalledExactlyOnceWith(h.peer, CLINIC);
    // Sent again while waiting: the key is kept, no second wait begins.
    h.send(CLINIC, keyMessage(publicKey));
    await vi.waitFor(() => expect(h.deps.keepPeer).toHaveBeenCalledTimes(2));
    h.polls[0]?.run();
    h.polls[0]?.run();
    expect(h.deps.fetchToken).not.toHaveBeenCalled();
    h.state.signedIn = true;
    h.polls[0]?.run();
    expect(h.deps.stop).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(h.deps.markReady).toHaveBeenCalledOnce());
    expect(h.polls).toHaveLength(1);
    expect(h.deps.fetchToken).toHaveBeenCalledOnce();
    expect(h.peer.postMessage).toHaveBeenCalledOnce();
    const [answer, targetOrigin] = h.peer.postMessage.mock.calls[0] as [
      ExtensionTokenMessage,
      string,
    ];
    expect(targetOrigin).toBe(CLINIC);
    expect(answer).toMatchObject({
      source: 'homestretch',
      type: 'homestretch:extension-token',
      expires_at: '2026-11-02T15:10:00.000Z',
    });
    const cipher = Uint8Array.from(atob(answer.token), (c) => c.charCodeAt(0));
    const plain = await subtle.decrypt(CLINIC_KEY_ALGORITHM, privateKey, cipher);
    expect(new TextDecoder().decode(plain)).toBe('tok-123');
    expect(h.log.error).not.toHaveBeenCalled();
  });

  it('only logs a failed token fetch, and a later key starts a new handshake', async () => {
    const h = harness({ signedIn: true, fetchToken: () => Promise.reject(new Error('403')) });
    const { publicKey } = await clinicKeys();
    h.send(CLINIC, keyMessage(publicKey));
    await vi.waitFor(() => expect(h.polls).toHaveLength(1));
    h.polls[0]?.run();
    await vi.waitFor(() =>
      expect(h.log.error).toHaveBeenCalledWith(
        'Failed to import public key or send token',
        expect.any(Error),
      ),
    );
    expect(h.peer.postMessage).not.toHaveBeenCalled();
    expect(h.deps.markReady).not.toHaveBeenCalled();
    h.send(CLINIC, keyMessage(publicKey));
    await vi.waitFor(() => expect(h.polls).toHaveLength(2));
  });
});
