import { existsSync } from 'node:fs';

/** Debian's Chromium, never a downloaded browser (ARCHITECTURE.md). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * Debian's build of the same Chromium as a headless shell (package chromium-headless-shell,
 * which .ci/run installs), when it is there: the same engine without the browser's windowing and
 * its compositor, it took a tenth less CPU for the same tests on a 2-core machine
 * (docs/testing.md). It loads no extensions: the extension's test starts CHROMIUM.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** Chromium's flags on this closed network (no network but loopback, no GPU, no sandbox). */
export const CLOSED_NETWORK_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The browser for the tests. */
export const launchOptions = {
  executablePath:
    process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM),
  args: [
    ...CLOSED_NETWORK_FLAGS,
    // Playwright's own list first (a second --disable-features replaces the first), then the
    // address bar's pop-up: Chromium renders it for every new window, headless or not, in a
    // renderer of its own that took a third of the suite's CPU on a 2-core machine
    // (docs/testing.md). Nothing here uses the address bar.
    `--disable-features=${[
      'AvoidUnnecessaryBeforeUnloadCheckSync',
      'DestroyProfileOnBrowserClose',
      'HttpsUpgrades',
      'HttpsFirstBalancedModeAutoEnable',
      'LensOverlay',
      'MediaRouter',
      'PaintHolding',
      'ThirdPartyStoragePartitioning',
      'AvoidCorsURLLoaderRestartOnRedirect',
      'TcpPortRandomizationWin',
      'OptimizationHints',
      'NetworkTimeServiceQuerying',
      'AimEnabled',
      'PreconnectToSearch',
      'WebUIOmniboxPopup',
      'WebUIOmniboxAimPopup',
    ].join(',')}`,
  ],
};
