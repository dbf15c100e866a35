// Runs in the clinic's page (its origin is the trusted CLINIC_APP_ORIGIN) and does the clinic's
// side of the handshake (docs/extension-protocol.md); the token goes to the service worker.
// Content scripts cannot be modules: the Homestretch origin comes from the service worker.
const ALGORITHM = { name: 'RSA-OAEP', hash: 'SHA-256' };

async function connect() {
  const { homestretchUrl } = await chrome.runtime.sendMessage({ type: 'config' });
  const pair = await crypto.subtle.generateKey(
    { ...ALGORITHM, modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) },
    false,
    ['encrypt', 'decrypt'],
  );
  const publicKey = await crypto.subtle.exportKey('jwk', pair.publicKey);
  const app = window.open(`${homestretchUrl}/patients`, 'homestretch-extension');
  const message = { source: 'homestretch', type: 'homestretch:public-key', publicKey };
  const resend = setInterval(() => app.postMessage(message, homestretchUrl), 1000);

  window.addEventListener('message', async (event) => {
    if (event.origin !== homestretchUrl || event.data?.source !== 'homestretch') {
      return;
    }
    if (event.data.type === 'homestretch:extension-token') {
      clearInterval(resend);
      const cipher = Uint8Array.from(atob(event.data.token), (c) => c.charCodeAt(0));
      const plain = await crypto.subtle.decrypt(ALGORITHM, pair.privateKey, cipher);
      const token = new TextDecoder().decode(plain);
      await chrome.runtime.sendMessage({ type: 'token', token, expiresAt: event.data.expires_at });
    } else if (event.data.type === 'logout') {
      await chrome.runtime.sendMessage({ type: 'logout' });
    }
  });
}

const button = document.createElement('button');
button.type = 'button';
button.textContent = 'Connect the Homestretch extension';
button.style.cssText = 'position:fixed;bottom:16px;right:16px;padding:8px 12px;z-index:9';
button.addEventListener('click', () => void connect());
document.body.append(button);
