import { describe, expect, it } from 'vitest';
import { installOffer, isIos } from './install';

const base = { standalone: false, ios: false, promptAvailable: false, dismissed: false };

describe('the install offer', () => {
  it("offers Android's prompt when the browser gave one", () => {
    expect(installOffer({ ...base, promptAvailable: true })).toBe('prompt');
  });

  it('explains Add to Home Screen on an iPhone', () => {
    expect(installOffer({ ...base, ios: true })).toBe('ios-steps');
  });

  it('offers nothing once installed, dismissed, or where the browser cannot install', () => {
    expect(installOffer({ ...base, promptAvailable: true, standalone: true })).toBe('none');
    expect(installOffer({ ...base, ios: true, dismissed: true })).toBe('none');
    expect(installOffer(base)).toBe('none');
  });

  it('knows an iPhone, and an iPad that calls itself a Mac', () => {
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
    expect(isIos(iphone, 'iPhone', 5)).toBe(true);
    expect(isIos('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 'MacIntel', 5)).toBe(true);
    expect(isIos('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 'MacIntel', 0)).toBe(false);
    expect(isIos('Mozilla/5.0 (Linux; Android 14; Pixel 7)', 'Linux armv8l', 5)).toBe(false);
  });
});
