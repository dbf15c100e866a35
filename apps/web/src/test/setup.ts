import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// CI machines are shared and busy: give findBy/waitFor room before calling a screen missing.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
});
