export const E2E_DIR: string;
export const E2E_PORT: number;
export const CLINIC_PORT: number;
export const CLINIC_APP_ORIGIN: string;
export const STARTED_ALREADY: string;
export const APP_SERVER: { command: string; url: string; env: Record<string, string> };
