import { Compass } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../config/paths';

/** Catch-all route: says what happened and offers the way home. */
export function NotFoundPage() {
  const location = useLocation();
  return (
    <section
      aria-labelledby="not-found-title"
      className="flex flex-col items-center gap-3 rounded-card border border-line bg-surface p-8 text-center shadow-card"
    >
      <Compass aria-hidden="true" className="size-10 text-brand-600" />
      <h1 id="not-found-title" className="text-2xl font-semibold text-ink">
        Page not found
      </h1>
      <p className="text-ink-muted">
        There is no page at{' '}
        <code className="rounded-control bg-canvas px-1 text-sm break-all">
          {location.pathname}
        </code>
        . The link may be old or mistyped.
      </p>
      <Link
        to={paths.home()}
        className="mt-2 inline-flex min-h-11 items-center justify-center rounded-control bg-brand-700 px-4 font-medium text-surface hover:bg-brand-800"
      >
        Go to Homestretch
      </Link>
    </section>
  );
}
