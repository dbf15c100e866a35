/*
 * Browser-extension bridge (spec §1, §4), the part every page carries: who received the token,
 * and the logout notice (the trusted clinic origin is one of the page's settings, config/settings.ts). The handshake itself (features/auth/bridge/clinic-handshake.ts) loads only when a clinic
 * origin is configured. docs/extension-protocol.md describes the messages.
 */
import {
  EXTENSION_LOGOUT_MESSAGE,
  EXTENSION_MESSAGE_SOURCE,
  type ExtensionLogoutMessage,
} from '@homestretch/contract/extension/clinic-handshake';

/** A window we can post to: the clinic page that sent its key. */
export interface MessagePeer {
  postMessage: (message: unknown, targetOrigin: string) => void;
}

/** The clinic window holding the token, told when it must forget it. */
let tokenHolder: { peer: MessagePeer; origin: string } | null = null;

export function rememberTokenHolder(peer: MessagePeer, origin: string): void {
  tokenHolder = { peer, origin };
}

/**
 * Tells every listener to forget its token: this window (target origin = our own), where
 * content scripts of an extension listen, and the clinic window that received the token. The
 * message carries no secret, so it is harmless when nobody listens.
 */
export function notifyExtensionLogout(
  target: Pick<Window, 'postMessage' | 'location'> = window,
): void {
  const message: ExtensionLogoutMessage = {
    source: EXTENSION_MESSAGE_SOURCE,
    type: EXTENSION_LOGOUT_MESSAGE,
  };
  target.postMessage(message, target.location.origin);
  const holder = tokenHolder;
  tokenHolder = null;
  // A closed clinic window, or one gone to another origin, drops it: it holds nothing any more.
  holder?.peer.postMessage(message, holder.origin);
}
