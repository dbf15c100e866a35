import { MOBILE_MAX_WIDTH_PX } from '@homestretch/contract/common/constants';
import { useSyncExternalStore } from 'react';

/** Phones and tablets that announce themselves (spec §9: a mobile user-agent match). */
const MOBILE_USER_AGENT = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile/i;

export function isMobileUserAgent(userAgent: string): boolean {
  return MOBILE_USER_AGENT.test(userAgent);
}

export interface DeviceInfo {
  userAgent: string;
  width: number;
}

function currentDevice(): DeviceInfo {
  return {
    userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent,
    width: typeof window === 'undefined' ? Number.POSITIVE_INFINITY : window.innerWidth,
  };
}

/** Spec §9: a mobile user-agent match or a window width under 768 px. */
export function isMobile(device: DeviceInfo = currentDevice()): boolean {
  return isMobileUserAgent(device.userAgent) || device.width < MOBILE_MAX_WIDTH_PX;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  window.addEventListener('orientationchange', onChange);
  return () => {
    window.removeEventListener('resize', onChange);
    window.removeEventListener('orientationchange', onChange);
  };
}

/** `isMobile()` that re-renders when the window is resized across the 768 px line. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => isMobile(),
    () => false,
  );
}
