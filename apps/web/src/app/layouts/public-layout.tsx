import { HeartPulse } from 'lucide-react';
import { Link, Outlet } from 'react-router';
import { APP_NAME, paths } from '../../config/paths';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

/** Shell of the public screens (sign-in, sign-up, password reset, not found): one calm column. */
export function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col bg-canvas">
      <SkipLink />
      <header className="flex justify-center px-4 pt-8 pb-4 sm:pt-12">
        <Link
          to={paths.login()}
          className="inline-flex items-center gap-2 rounded-control text-xl font-semibold text-brand-800"
        >
          <HeartPulse aria-hidden="true" className="size-7 text-brand-600" />
          {APP_NAME}
        </Link>
      </header>
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="flex flex-1 justify-center px-4 pb-12 focus:outline-none"
      >
        <div className="w-full max-w-md">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
