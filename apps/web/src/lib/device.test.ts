import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isMobile, isMobileUserAgent, useIsMobile } from './device';

const DESKTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
}

afterEach(() => {
  setWidth(1024);
  vi.restoreAllMocks();
});

describe('isMobile (spec §9: mobile user agent or width under 768)', () => {
  it('recognises phone user agents', () => {
    expect(isMobileUserAgent(IPHONE_UA)).toBe(true);
    expect(isMobileUserAgent(ANDROID_UA)).toBe(true);
    expect(isMobileUserAgent(DESKTOP_UA)).toBe(false);
  });

  it('is mobile below 768 px on any browser, and at any width on a phone', () => {
    expect(isMobile({ userAgent: DESKTOP_UA, width: 767 })).toBe(true);
    expect(isMobile({ userAgent: DESKTOP_UA, width: 768 })).toBe(false);
    expect(isMobile({ userAgent: IPHONE_UA, width: 1200 })).toBe(true);
  });

  it('reads the current window by default', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(DESKTOP_UA);
    setWidth(500);
    expect(isMobile()).toBe(true);
    setWidth(1280);
    expect(isMobile()).toBe(false);
  });
});

describe('useIsMobile', () => {
  it('follows window resizes across the 768 px line', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(DESKTOP_UA);
    setWidth(1280);
    const { result } = renderHook(() => useIsMobile());
    expect(result.current).toBe(false);
    act(() => {
      setWidth(600);
      window.dispatchEvent(new Event('resize'));
    });
    expect(result.current).toBe(true);
    act(() => {
      setWidth(900);
      window.dispatchEvent(new Event('resize'));
    });
    expect(result.current).toBe(false);
  });
});
