/*
 * The clinic handshake (spec §4, §5, §8, §9; docs/extension-protocol.md). The trusted clinic
 * application sends its public key; once the user is signed in, the app answers with the
 * extension token encrypted under it. The rules (`judgeMessage`, `encryptToken`) are pure; the
 * listener wires them to the window, the auth store and the token call, all injected for tests.
 */
import type { ExtensionToken } from '@homestretch/contract/auth/extension-token';
import {
  AUTH_POLL_INTERVAL_MS,
  CLINIC_KEY_ALGORITHM,
  CLINIC_PUBLIC_KEY_MESSAGE,
  EXTENSION_MESSAGE_SOURCE,
  EXTENSION_TOKEN_MESSAGE,
  HANDSHAKE_FAILURE_MESSAGE,
  UNTRUSTED_ORIGIN_WARNING,
  type ExtensionTokenMessage,
  type JsonWebKeyShape,
} from '@homestretch/contract/extension/clinic-handshake';
import { type MessagePeer, rememberTokenHolder } from '../../../lib/extension-bridge';
import { getExtensionToken } from '../api/extension-token';
import { authStore } from '../stores/auth-store';

export type Verdict =
  | { kind: 'accept'; publicKey: JsonWebKeyShape }
  /** spec §5: ignored with the console warning. */
  | { kind: 'untrusted' }
  /** spec §5: ignored silently (our own window's traffic, or a message missing a part). */
  | { kind: 'ignore' };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * What to do with one message. Our own origin's messages (the logout notice, an extension's
 * content script) are never the clinic's and are not warned about; any other foreign origin is.
 */
export function judgeMessage(
  event: Pick<MessageEvent, 'origin' | 'data'>,
  trustedOrigin: string,
  ownOrigin: string,
): Verdict {
  if (event.origin !== trustedOrigin) {
    return event.origin === ownOrigin ? { kind: 'ignore' } : { kind: 'untrusted' };
  }
  const data: unknown = event.data;
  if (
    !isRecord(data) ||
    data.source !== EXTENSION_MESSAGE_SOURCE ||
    data.type !== CLINIC_PUBLIC_KEY_MESSAGE ||
    !isRecord(data.publicKey) ||
    typeof data.publicKey.kty !== 'string'
  ) {
    return { kind: 'ignore' };
  }
  return { kind: 'accept', publicKey: data.publicKey as JsonWebKeyShape };
}

/** spec §4: RSA-OAEP, SHA-256, encrypt only, from a JWK. */
export function importClinicKey(subtle: SubtleCrypto, jwk: JsonWebKeyShape): Promise<CryptoKey> {
  return subtle.importKey('jwk', jwk as JsonWebKey, CLINIC_KEY_ALGORITHM, false, ['encrypt']);
}

/** The token as the clinic receives it: RSA-OAEP ciphertext of its UTF-8 bytes, in base64. */
export async function encryptToken(
  subtle: SubtleCrypto,
  key: CryptoKey,
  token: string,
): Promise<string> {
  const cipher = new Uint8Array(
    await subtle.encrypt(CLINIC_KEY_ALGORITHM, key, new TextEncoder().encode(token)),
  );
  return btoa(String.fromCharCode(...cipher));
}

export interface HandshakeDeps {
  trustedOrigin: string;
  target?: Pick<Window, 'addEventListener' | 'removeEventListener' | 'location'>;
  subtle?: SubtleCrypto;
  isSignedIn?: () => boolean;
  fetchToken?: () => Promise<ExtensionToken>;
  /** The store action once the key is kept: remember which window receives the token. */
  keepPeer?: (peer: MessagePeer, origin: string) => void;
  markReady?: () => void;
  log?: Pick<Console, 'warn' | 'error'>;
  setInterval?: (run: () => void, ms: number) => unknown;
  clearInterval?: (id: unknown) => void;
}

/**
 * Listens for the clinic's key until the returned function is called. A handshake runs to its end
 * once: keys arriving while it waits for the sign-in replace the kept key without starting a
 * second wait, and a key after the end (a new sign-in, a reopened clinic page) starts a new one.
 */
export function listenForClinicHandshake({
  trustedOrigin,
  target = window,
  subtle = crypto.subtle,
  isSignedIn = () => authStore.getState().status === 'signed-in',
  fetchToken = () => getExtensionToken(),
  keepPeer = rememberTokenHolder,
  markReady = () => authStore.getState().dispatch({ type: 'extension-ready' }),
  log = console,
  setInterval: every = (run, ms) => window.setInterval(run, ms),
  clearInterval: stop = (id) => window.clearInterval(id as number),
}: HandshakeDeps): () => void {
  interface Kept {
    key: CryptoKey;
    peer: MessagePeer;
  }
  // The latest key and window: a key sent again while waiting for the sign-in wins.
  let kept: Kept | null = null;
  let waiting = false;

  const signedIn = () =>
    new Promise<void>((resolve) => {
      const poll = every(() => {
        if (isSignedIn()) {
          stop(poll);
          resolve();
        }
      }, AUTH_POLL_INTERVAL_MS);
    });

  const followUp = async ({ key, peer }: Kept) => {
    const { token, expires_at } = await fetchToken();
    const answer: ExtensionTokenMessage = {
      source: EXTENSION_MESSAGE_SOURCE,
      type: EXTENSION_TOKEN_MESSAGE,
      token: await encryptToken(subtle, key, token),
      expires_at,
    };
    peer.postMessage(answer, trustedOrigin);
    markReady();
  };

  const onMessage = async (event: MessageEvent) => {
    const verdict = judgeMessage(event, trustedOrigin, target.location.origin);
    if (verdict.kind === 'untrusted') {
      log.warn(UNTRUSTED_ORIGIN_WARNING);
      return;
    }
    if (verdict.kind === 'ignore' || !event.source) {
      return;
    }
    const peer = event.source as MessagePeer;
    try {
      kept = { key: await importClinicKey(subtle, verdict.publicKey), peer };
      keepPeer(peer, trustedOrigin);
    } catch (error) {
      // spec §8: a failed import, token fetch or encryption is only logged.
      log.error(HANDSHAKE_FAILURE_MESSAGE, error);
      return;
    }
    if (waiting) {
      return;
    }
    waiting = true;
    try {
      await signedIn();
      await followUp(kept);
    } catch (error) {
      log.error(HANDSHAKE_FAILURE_MESSAGE, error);
    } finally {
      waiting = false;
    }
  };

  const listener = (event: MessageEvent) => void onMessage(event);
  target.addEventListener('message', listener);
  return () => target.removeEventListener('message', listener);
}
