import { z } from 'zod';

/**
 * Settings of a deployment the web apps read at start, without a rebuild: the server writes them
 * into the pages it serves as `<meta name="homestretch-settings" content="{json}">`. A page
 * served without them (the Vite dev server) runs with every optional service off.
 */
export const WEB_SETTINGS_META = 'homestretch-settings';

export const WebSettingsSchema = z.object({
  /**
   * The trusted clinic application's origin (CLINIC_APP_ORIGIN, decision 027): the only origin
   * whose handshake the app acts on; null: the bridge is off and nothing listens.
   */
  clinicAppOrigin: z.string().nullable(),
  /** Sentry for the web apps (SENTRY_WEB_DSN); null: off. */
  errorReporting: z
    .object({ dsn: z.string(), environment: z.string(), release: z.string() })
    .nullable(),
});
export type WebSettings = z.infer<typeof WebSettingsSchema>;

export const WEB_SETTINGS_OFF: WebSettings = { clinicAppOrigin: null, errorReporting: null };
