import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * The two requests the patient app cannot paint without: who is signed in, and today's program.
 * The same paths as their contract routes (early-requests.test.ts holds them to it); literal here
 * because the build's own config cannot load the contract's TypeScript.
 */
export const PATIENT_APP_EARLY_PATHS = ['/api/v1/users/', '/app-api/program'] as const;

/**
 * The patient app's page asks for them itself, beside its scripts instead of after them (issue
 * 29: on a phone on slow 4G they waited for 140 KB of script, then for each other). The app's
 * fetches take the preloaded answers: same URL, CORS mode and credentials. (The staff app's page
 * serves many screens: the server names each one's first data as it serves the page, from
 * @homestretch/contract/web/early-data.)
 */
export function patientAppEarlyRequests(page: string): Plugin {
  // VITE_API_BASE, as the app reads it (src/config/env.ts): empty means the page's own origin.
  let base = '';
  let root = '';
  return {
    name: 'patient-app-early-requests',
    configResolved(config) {
      base = String(config.env.VITE_API_BASE ?? '')
        .trim()
        .replace(/\/+$/, '');
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (path.relative(root, context.filename).split(path.sep).join('/') !== page) {
          return html;
        }
        return PATIENT_APP_EARLY_PATHS.map((early) => ({
          tag: 'link',
          attrs: {
            rel: 'preload',
            href: `${base}${early}`,
            as: 'fetch',
            crossorigin: 'use-credentials',
          },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}
