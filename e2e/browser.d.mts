export const CHROMIUM: string;
export const CLOSED_NETWORK_FLAGS: string[];
export const launchOptions: { executablePath: string; args: string[] };
