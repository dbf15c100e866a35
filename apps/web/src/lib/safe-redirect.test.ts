import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './safe-redirect';

describe('safeRedirectPath', () => {
  it('keeps in-app paths with their search and hash', () => {
    expect(safeRedirectPath('/patient/12/dashboard?tab=heps#log')).toBe(
      '/patient/12/dashboard?tab=heps#log',
    );
    expect(safeRedirectPath('/chat')).toBe('/chat');
  });

  it.each([
    ['https://evil.example/phish'],
    ['//evil.example/phish'],
    ['/\\evil.example'],
    ['javascript:alert(1)'],
    ['patients'],
    [''],
    ['/patients\n//evil'],
    [null],
    [42],
  ])('refuses %j', (value) => {
    expect(safeRedirectPath(value)).toBeNull();
  });
});
