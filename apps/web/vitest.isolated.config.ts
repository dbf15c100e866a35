import config from './vite.config';

/** The web tests that need fresh modules per file (vite.config.ts says which, and why). */
export default {
  ...config,
  test: {
    ...config.test,
    name: 'web-isolated',
    include: ['src/**/*.isolated.test.{ts,tsx}'],
    exclude: ['**/node_modules/**'],
    isolate: true,
  },
};
