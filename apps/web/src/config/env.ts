/**
 * Build-time settings (Vite `VITE_*` variables). Read here once so the rest of the app never
 * touches `import.meta.env` directly.
 */
export const env = {
  /** Origin of the API, e.g. `https://api.example.org`. Empty means the page's own origin. */
  apiBase: (import.meta.env.VITE_API_BASE ?? '').trim().replace(/\/+$/, ''),
  /** Spec §2: analytics is disabled in this build. */
  analyticsEnabled: false,
} as const;
