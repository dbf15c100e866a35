import { z } from 'zod';
import { defineRoute } from '../common/route';

export const ExtensionTokenSchema = z.object({ token: z.string(), expires_at: z.string() });
export type ExtensionToken = z.infer<typeof ExtensionTokenSchema>;

/** A short-lived bearer token for the browser extension (spec §1), handed over encrypted. */
export const extensionTokenRoute = defineRoute({
  method: 'GET',
  path: '/authentication/extension-token',
  summary: 'Short-lived token for the browser extension',
  tags: ['auth'],
  response: { 200: ExtensionTokenSchema },
});
