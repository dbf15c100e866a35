// Keeps the decrypted token for the browser session only and calls Homestretch with it. The
// extension's host permission lets it call the API without CORS.
import { HOMESTRETCH_URL } from './config.js';

/** Who the token belongs to: GET /api/v1/users/ is one of the few calls it may make. */
export async function whoIsSignedIn(token, fetchImpl = fetch) {
  const response = await fetchImpl(`${HOMESTRETCH_URL}/api/v1/users/`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) {
    throw new Error(`Homestretch answered ${response.status}`);
  }
  const user = (await response.json()).results[0];
  return { name: `${user.first_name} ${user.last_name}`, email: user.email };
}

async function handle(message) {
  switch (message.type) {
    case 'config':
      return { homestretchUrl: HOMESTRETCH_URL };
    case 'token': {
      const user = await whoIsSignedIn(message.token);
      await chrome.storage.session.set({
        token: message.token,
        expiresAt: message.expiresAt,
        user,
      });
      return { ok: true };
    }
    case 'logout':
      await chrome.storage.session.clear();
      return { ok: true };
    default:
      return { ok: false };
  }
}

chrome.runtime.onMessage.addListener((message, _sender, reply) => {
  handle(message).then(reply, (error) => reply({ ok: false, error: error.message }));
  // The answer comes later.
  return true;
});
