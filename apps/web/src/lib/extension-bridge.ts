/*
 * Browser-extension bridge (spec §1, §4), the part every page carries: where the trusted clinic
 * application is (read from the page the server sent), who received the token, and the logout
 * notice. The handshake itself (features/auth/bridge/clinic-handshake.ts) loads only when a clinic
 * origin is configured. docs/extension-protocol.md describes the messages.
 */
import {
  EXTENSION_LOGOUT_MESSAGE,
  EXTENSION_MESSAGE_SOURCE,
  type ExtensionLogoutMessage,
} from '@homestretch/contract/extension/clinic-handshake';

/** The meta element the server writes when CLINIC_APP_ORIGIN is set (apps/server/src/app.ts). */
export const CLINIC_APP_ORIGIN_META = 'homestretch-clinic-app-origin';

/** The trusted clinic application's origin, or null: the bridge is off and nothing listens. */
export function clinicAppOrigin(doc: Pick<Document, 'querySelector'> = document): string | null {
  const content = doc
    .querySelector<HTMLMetaElement>(`meta[name="${CLINIC_APP_ORIGIN_META}"]`)
    ?.content.trim();
  return content ? content : null;
}

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
