import './styles/app.css';
import { HANDSHAKE_FAILURE_MESSAGE } from '@homestretch/contract/extension/clinic-handshake';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadRoutesOf } from './app/router';
import { readWebSettings } from './config/settings';
import { startErrorReporting } from './lib/error-reporting';

const container = document.getElementById('root');
if (!container) {
  throw new Error('index.html has no #root element');
}

// spec §4 clinic handshake: listening starts with the page, so a key sent before the sign-in
// waits for it; its code loads only where the server names a clinic origin (decision 027).
const settings = readWebSettings();
const trustedOrigin = settings.clinicAppOrigin;
if (trustedOrigin) {
  import('./features/auth/bridge/clinic-handshake')
    .then(({ listenForClinicHandshake }) => listenForClinicHandshake({ trustedOrigin }))
    .catch((error: unknown) => console.error(HANDSHAKE_FAILURE_MESSAGE, error));
}

preloadRoutesOf(window.location.pathname);
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

startErrorReporting(settings);
