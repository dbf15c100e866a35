// The clinic's side of the handshake (docs/extension-protocol.md), in plain browser JavaScript.
const APP = document.documentElement.dataset.homestretchUrl;
const SOURCE = 'homestretch';
const ALGORITHM = { name: 'RSA-OAEP', hash: 'SHA-256' };
const RESEND_MS = 1000;

const $ = (id) => document.getElementById(id);
const say = (text) => ($('status').textContent = text);

let privateKey = null;
let resend = null;
// Kept in memory only; exposed so you can try the API and the messages from the console.
const session = { token: null, expiresAt: null, app: null };
window.clinicSession = session;

async function connect() {
  // The private key never leaves this page: not extractable.
  const pair = await crypto.subtle.generateKey(
    { ...ALGORITHM, modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) },
    false,
    ['encrypt', 'decrypt'],
  );
  privateKey = pair.privateKey;
  const publicKey = await crypto.subtle.exportKey('jwk', pair.publicKey);
  const app = window.open(`${APP}/patients`, 'homestretch');
  session.app = app;
  const message = { source: SOURCE, type: 'homestretch:public-key', publicKey };
  // The window needs a moment to load, and its person may still have to sign in: send until the
  // token comes back. A message sent before Homestretch has loaded is dropped by the browser.
  clearInterval(resend);
  resend = setInterval(() => app.postMessage(message, APP), RESEND_MS);
  app.postMessage(message, APP);
  say('Waiting for Homestretch: sign in there if it asks.');
}

async function decrypt(base64) {
  const cipher = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(await crypto.subtle.decrypt(ALGORITHM, privateKey, cipher));
}

async function showWhoIsSignedIn() {
  const response = await fetch(`${APP}/api/v1/users/`, {
    headers: { authorization: `Bearer ${session.token}` },
  });
  if (!response.ok) {
    say(`Homestretch refused the token (${response.status}).`);
    return;
  }
  const user = (await response.json()).results[0];
  $('who-name').textContent = `${user.first_name} ${user.last_name}`;
  $('who-email').textContent = user.email;
  $('who-clinic').textContent = user.clinic_name ?? '';
  $('who-expires').textContent = new Date(session.expiresAt).toLocaleTimeString();
  $('who').hidden = false;
  say('Connected: the token reads who is signed in and the patient list, nothing more.');
}

window.addEventListener('message', async (event) => {
  if (event.origin !== APP || event.data?.source !== SOURCE) {
    return;
  }
  if (event.data.type === 'homestretch:extension-token') {
    clearInterval(resend);
    try {
      session.token = await decrypt(event.data.token);
      session.expiresAt = event.data.expires_at;
      await showWhoIsSignedIn();
    } catch (error) {
      say(`Could not use the token: ${error.message}`);
    }
  } else if (event.data.type === 'logout') {
    session.token = null;
    session.expiresAt = null;
    $('who').hidden = true;
    say('Signed out of Homestretch: the token was dropped.');
  }
});

$('connect').addEventListener('click', () => {
  connect().catch((error) => say(`Could not connect: ${error.message}`));
});
