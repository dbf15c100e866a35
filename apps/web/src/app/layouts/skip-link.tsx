export const MAIN_CONTENT_ID = 'main-content';

/** First focusable element of every page: jumps past the header and navigation. */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="sr-only rounded-control bg-surface px-4 py-2 font-medium text-brand-800 shadow-pop focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[1000]"
    >
      Skip to content
    </a>
  );
}
