import './patient-app.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PatientApp } from './app';
import { startErrorReporting } from '../lib/error-reporting';
import { keepInstallPrompt } from './lib/install';
import { createAppQueryClient } from './query-client';

keepInstallPrompt();

// The app shell for offline starts (public/app/sw.js); not in development, where files change.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/app/sw.js', { scope: '/app' }).catch((error: unknown) => {
      console.warn('The app could not be kept for offline use', error);
    });
  });
}

const container = document.getElementById('root');
if (!container) {
  throw new Error('app/index.html has no #root element');
}

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={createAppQueryClient()}>
      <PatientApp />
    </QueryClientProvider>
  </StrictMode>,
);

startErrorReporting();
