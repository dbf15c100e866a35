import type { ReactNode } from 'react';

/** The app's mark: the favicon's "HS" on teal. */
export function Logo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={className}>
      <rect width="32" height="32" rx="8" fill="#0f766e" />
      <path
        d="M9 22V10m0 6h8m0-6v12m6-12c-2 0-3 1-3 2.5S21 15 23 16s3 1.5 3 3-1 3-3 3"
        stroke="#fff"
        strokeWidth="2.2"
        fill="none"
        strokeLinecap="round"
      />
    </svg>
  );
}

/**
 * Every screen's frame: the app's name, an optional action at the right (sign out, back), and
 * a single column as wide as a phone, centred on anything wider.
 */
export function AppFrame({ action, children }: { action?: ReactNode; children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-canvas pb-[env(safe-area-inset-bottom)]">
      <header className="sticky top-0 z-10 border-b border-line bg-surface/95 pt-[env(safe-area-inset-top)] backdrop-blur">
        <div className="mx-auto flex min-h-16 max-w-xl items-center justify-between gap-3 px-4">
          <span className="flex items-center gap-2 text-lg font-semibold text-ink">
            <Logo className="size-8" />
            Homestretch
          </span>
          {action}
        </div>
      </header>
      <main id="main" className="mx-auto flex max-w-xl flex-col gap-4 px-4 py-5">
        {children}
      </main>
    </div>
  );
}
