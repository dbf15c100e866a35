/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** API origin; empty or unset means same origin (the dev server proxies the API). */
  readonly VITE_API_BASE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
