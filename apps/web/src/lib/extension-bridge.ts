/*
 * Browser-extension bridge (spec §1, §4). Handing the extension its token, encrypted with the
 * RSA-OAEP SHA-256 public key the trusted clinic origin sends, arrives in a later issue. What
 * exists today is the logout half: a signed-out app tells any listening extension to forget
 * its token.
 */

export const EXTENSION_MESSAGE_SOURCE = 'homestretch';

export interface ExtensionLogoutMessage {
  source: typeof EXTENSION_MESSAGE_SOURCE;
  type: 'logout';
}

/**
 * Posted to this window only (target origin = our own origin), where content scripts of the
 * extension listen; it carries no secret, so it is harmless when no extension is installed.
 */
export function notifyExtensionLogout(
  target: Pick<Window, 'postMessage' | 'location'> = window,
): void {
  const message: ExtensionLogoutMessage = { source: EXTENSION_MESSAGE_SOURCE, type: 'logout' };
  target.postMessage(message, target.location.origin);
}
