import { useCallback, useState, useSyncExternalStore } from 'react';

/*
 * Installing the app on the home screen. Android's Chrome offers it through the
 * beforeinstallprompt event, which the app keeps and fires from its own button; Safari on the
 * iPhone has no such event, so the app shows the Share → Add to Home Screen steps instead.
 */

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export type InstallOffer = 'none' | 'prompt' | 'ios-steps';

/** What to offer: nothing once installed or dismissed, else the phone's own way. */
export function installOffer(state: {
  standalone: boolean;
  ios: boolean;
  promptAvailable: boolean;
  dismissed: boolean;
}): InstallOffer {
  if (state.standalone || state.dismissed) {
    return 'none';
  }
  if (state.promptAvailable) {
    return 'prompt';
  }
  return state.ios ? 'ios-steps' : 'none';
}

/** iPhone and iPad, including iPadOS, which calls itself a Mac with a touch screen. */
export function isIos(userAgent: string, platform: string, maxTouchPoints: number): boolean {
  return /iPhone|iPad|iPod/.test(userAgent) || (platform === 'MacIntel' && maxTouchPoints > 1);
}

let deferred: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** Called at start-up: the event fires once, often before React has drawn anything. */
export function keepInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    notify();
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const DISMISSED_KEY = 'homestretch.app.install-dismissed';

function wasDismissed(): boolean {
  try {
    return localStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

function isStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia?.('(display-mode: standalone)').matches === true;
}

export function useInstallOffer(): {
  offer: InstallOffer;
  install: () => Promise<void>;
  dismiss: () => void;
} {
  const promptAvailable = useSyncExternalStore(subscribe, () => deferred !== null);
  const [dismissed, setDismissed] = useState(wasDismissed);
  const offer = installOffer({
    standalone: isStandalone(),
    ios: isIos(navigator.userAgent, navigator.platform, navigator.maxTouchPoints),
    promptAvailable,
    dismissed,
  });
  const install = useCallback(async () => {
    const event = deferred;
    if (!event) {
      return;
    }
    await event.prompt();
    await event.userChoice;
    // The event is spent either way: Chrome fires a new one if it may ask again.
    deferred = null;
    notify();
  }, []);
  const dismiss = useCallback(() => {
    try {
      localStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Dismissed for this visit only.
    }
    setDismissed(true);
  }, []);
  return { offer, install, dismiss };
}
