import { WEB_SETTINGS_META, type WebSettings } from '@homestretch/contract/common/web-settings';
import type { Config } from '../config';

/** What the web apps of this deployment are told at start (contract common/web-settings.ts). */
export function webSettingsOf(
  config: Pick<Config, 'clinicAppOrigin' | 'webErrorReporting'>,
): WebSettings {
  return { clinicAppOrigin: config.clinicAppOrigin, errorReporting: config.webErrorReporting };
}

const ATTRIBUTE_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '"': '&quot;',
  '<': '&lt;',
  '>': '&gt;',
};

/**
 * The page with the settings in a meta tag of its head: data, not a script, so the
 * Content-Security-Policy stays without inline scripts. The JSON is escaped for an attribute.
 */
export function pageWithSettings(html: Buffer, settings: WebSettings): Buffer {
  const json = JSON.stringify(settings).replace(/[&"<>]/g, (c) => ATTRIBUTE_ESCAPES[c] ?? c);
  const meta = `<meta name="${WEB_SETTINGS_META}" content="${json}">`;
  const page = html.toString('utf8');
  const at = page.search(/<\/head>/i);
  if (at !== -1) {
    return Buffer.from(page.slice(0, at) + meta + page.slice(at));
  }
  // A page without a head element: right after the doctype, where the browser makes its head.
  const doctype = /^\s*<!doctype html>/i.exec(page);
  const cut = doctype ? doctype[0].length : 0;
  return Buffer.from(page.slice(0, cut) + meta + page.slice(cut));
}
