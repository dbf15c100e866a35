import { todayProgramRoute } from '@homestretch/contract/patient-app/program';
import { listUsersRoute } from '@homestretch/contract/users/list-users';
import { describe, expect, it } from 'vitest';
import { PATIENT_APP_EARLY_PATHS, patientAppEarlyRequests } from './early-requests';

type Hooks = {
  configResolved: (config: object) => void;
  transformIndexHtml: { handler: (html: string, context: { filename: string }) => unknown };
};

const ROOT = '/repo/apps/web';

function tagsOf(page: string, apiBase?: string) {
  const plugin = patientAppEarlyRequests('app/index.html') as unknown as Hooks;
  plugin.configResolved({
    env: apiBase === undefined ? {} : { VITE_API_BASE: apiBase },
    root: ROOT,
  });
  return plugin.transformIndexHtml.handler('<html></html>', { filename: `${ROOT}/${page}` });
}

describe('the patient app’s page asks for its first data early (issue 29)', () => {
  it('asks for what the app reads first: the current user and today’s program', () => {
    expect(PATIENT_APP_EARLY_PATHS).toEqual([listUsersRoute.path, todayProgramRoute.path]);
  });

  it('preloads them with the credentials and mode of the app’s own fetches', () => {
    expect(tagsOf('app/index.html')).toEqual(
      ['/api/v1/users/', '/app-api/program'].map((href) => ({
        tag: 'link',
        attrs: { rel: 'preload', href, as: 'fetch', crossorigin: 'use-credentials' },
        injectTo: 'head',
      })),
    );
  });

  it('asks the configured API origin, as the app does', () => {
    const links = tagsOf('app/index.html', 'https://api.example.org/ ') as {
      attrs: { href: string };
    }[];
    expect(links.map((link) => link.attrs.href)).toEqual([
      'https://api.example.org/api/v1/users/',
      'https://api.example.org/app-api/program',
    ]);
  });

  it('leaves the staff app’s page to the server', () => {
    expect(tagsOf('index.html')).toBe('<html></html>');
  });
});
