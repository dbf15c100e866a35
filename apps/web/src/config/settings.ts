import {
  WEB_SETTINGS_META,
  WEB_SETTINGS_OFF,
  type WebSettings,
  WebSettingsSchema,
} from '@homestretch/contract/common/web-settings';

/**
 * The deployment's settings, which the server writes into the page (contract
 * common/web-settings.ts). A page without them, or with settings this build does not understand,
 * runs with every optional service off rather than failing to start.
 */
export function readWebSettings(page: Pick<Document, 'querySelector'> = document): WebSettings {
  const content = page.querySelector(`meta[name="${WEB_SETTINGS_META}"]`)?.getAttribute('content');
  if (!content) {
    return WEB_SETTINGS_OFF;
  }
  try {
    const parsed = WebSettingsSchema.safeParse(JSON.parse(content));
    return parsed.success ? parsed.data : WEB_SETTINGS_OFF;
  } catch {
    return WEB_SETTINGS_OFF;
  }
}
