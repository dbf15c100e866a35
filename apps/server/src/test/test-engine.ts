/** PostgreSQL is used only when asked for (`npm run test:postgres`); otherwise every run is PGlite. */
export function postgresTestUrl(): string | undefined {
  if (process.env.TEST_ENGINE !== 'postgres') {
    return undefined;
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    throw new Error('TEST_ENGINE=postgres needs TEST_DATABASE_URL');
  }
  return url;
}
