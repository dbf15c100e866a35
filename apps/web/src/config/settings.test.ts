import { describe, expect, it } from 'vitest';
import { readWebSettings } from './settings';

function pageWith(content: string | null): Document {
  const page = document.implementation.createHTMLDocument('t');
  if (content !== null) {
    const meta = page.createElement('meta');
    meta.setAttribute('name', 'homestretch-settings');
    meta.setAttribute('content', content);
    page.head.append(meta);
  }
  return page;
}

describe('readWebSettings', () => {
  it("reads the deployment's settings the server wrote into the page", () => {
    const settings = {
      clinicAppOrigin: 'https://emr.clinic.example',
      errorReporting: { dsn: 'https://k@o1.example.io/3', environment: 'production', release: 'r' },
    };
    expect(readWebSettings(pageWith(JSON.stringify(settings)))).toEqual(settings);
  });

  it('runs with every service off without settings, or with settings it cannot read', () => {
    for (const content of [
      null,
      '',
      '{not json',
      '{"clinicAppOrigin":null,"errorReporting":{"dsn":3}}',
    ]) {
      expect(readWebSettings(pageWith(content)), String(content)).toEqual({
        clinicAppOrigin: null,
        errorReporting: null,
      });
    }
  });
});
