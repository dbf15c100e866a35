/*
 * The cross-window protocol between the web app, the trusted clinic application and the browser
 * extension (spec §1, §4, §5, §9). docs/extension-protocol.md explains it to a clinic's developers;
 * the sample clinic page and extension in examples/ speak it too.
 */

/** Every message of the bridge, in either direction, carries this marker as `source`. */
export const EXTENSION_MESSAGE_SOURCE = 'homestretch';

/** The `type` of the clinic application's message that hands the web app its public key. */
export const CLINIC_PUBLIC_KEY_MESSAGE = 'homestretch:public-key';

/** The `type` of the web app's answer: the extension token, encrypted with that key. */
export const EXTENSION_TOKEN_MESSAGE = 'homestretch:extension-token';

/** The `type` of the message that tells the extension to forget its token (spec §4 logout). */
export const EXTENSION_LOGOUT_MESSAGE = 'logout';

/**
 * How the public key is imported (spec §4, §9): RSA-OAEP with SHA-256, in JWK form, for
 * encryption only. The clinic keeps the private key and decrypts with the same parameters.
 */
export const CLINIC_KEY_ALGORITHM = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;

/** spec §9: after the key arrives, the app checks every 100 ms whether the user is signed in. */
export const AUTH_POLL_INTERVAL_MS = 100;

/** spec §5/§8: the console messages of the handshake, word for word. */
export const UNTRUSTED_ORIGIN_WARNING = 'Blocked message from untrusted origin';
export const HANDSHAKE_FAILURE_MESSAGE = 'Failed to import public key or send token';

/** The clinic application's message: `publicKey` is an RSA public key as a JWK. */
export interface ClinicPublicKeyMessage {
  source: typeof EXTENSION_MESSAGE_SOURCE;
  type: typeof CLINIC_PUBLIC_KEY_MESSAGE;
  publicKey: JsonWebKeyShape;
}

/**
 * The web app's answer. `token` is the RSA-OAEP ciphertext of the UTF-8 token, in base64;
 * `expires_at` (ISO 8601) is not secret and lets the clinic plan a new handshake.
 */
export interface ExtensionTokenMessage {
  source: typeof EXTENSION_MESSAGE_SOURCE;
  type: typeof EXTENSION_TOKEN_MESSAGE;
  token: string;
  expires_at: string;
}

export interface ExtensionLogoutMessage {
  source: typeof EXTENSION_MESSAGE_SOURCE;
  type: typeof EXTENSION_LOGOUT_MESSAGE;
}

/** The JWK fields the contract names; the browser checks the rest when it imports the key. */
export interface JsonWebKeyShape {
  kty: string;
  [field: string]: unknown;
}
