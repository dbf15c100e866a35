import { Building2, HeartPulse } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, Outlet } from 'react-router';
import { APP_NAME, paths, SCREENS_WITHOUT_BOTTOM_MENU } from '../../config/paths';
import { useCurrentUser } from '../../features/auth/api/current-user';
import { ApprovalPanel, isApproved } from '../../features/auth/components/approval-panel';
import { useChatUnread } from '../../features/chat/api/get-chat-unread';
import { MonitoringRuntime } from '../../features/monitoring/components/monitoring-runtime';
import { useIsMobile } from '../../lib/device';
import { cx } from '../../ui/cx';
import { UnreadBadge } from '../../ui/unread-badge';
import { useCurrentScreen } from '../use-current-screen';
import { BillingBadges, useClearBillingBadgesOn } from './billing-badges';
import { isNavItemActive, navItemsFor } from './nav-items';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { UserMenu } from './user-menu';

// The real-time connection and its listeners load after the screen: the menu's count is live a
// moment later, and no screen's first download carries them (scripts/check-web-budgets.mjs).
const ChatLive = lazy(async () => ({
  default: (await import('../../shared/chat/use-chat-live')).ChatLive,
}));

/**
 * The signed-in shell (spec §2 protected layout): header with product, clinic and account;
 * side navigation on desktop; on phones a bottom menu, hidden on the exercise library, upload
 * and edit screens. Rendered only under the route guard, so the user is loaded. An account
 * waiting for approval (or declined) keeps the header and account menu but sees only the
 * approval panel: the server would refuse every screen (docs/decisions/007-staff-approval.md).
 */
export function AppLayout() {
  const isMobile = useIsMobile();
  const [bannerSlot, setBannerSlot] = useState<HTMLDivElement | null>(null);
  const screen = useCurrentScreen();
  const { data: user } = useCurrentUser();
  const waiting = user !== undefined && !isApproved(user);
  const showNav = !waiting;
  const showBottomMenu =
    showNav && isMobile && !(screen !== null && SCREENS_WITHOUT_BOTTOM_MENU.has(screen));
  const navItems = navItemsFor(user?.role);
  const unread = useChatUnread(showNav).data?.unread_message_count ?? 0;
  const bottomItems = navItems.filter((item) => item.inBottomMenu);
  useClearBillingBadgesOn(waiting ? null : screen, user);
  // On phones every destination stays reachable: what the bottom menu lacks is in the account menu.
  const menuExtras =
    !isMobile || !showNav
      ? []
      : showBottomMenu
        ? navItems.filter((item) => !item.inBottomMenu)
        : navItems;

  return (
    // The header is 4rem, and 3rem more where the monitoring banner takes a row of its own (below
    // the xl breakpoint): what sticks below the header (the side menu) starts there.
    <div className="flex min-h-dvh flex-col bg-canvas [--header-height:4rem] max-xl:has-[[data-monitoring-banner]]:[--header-height:7rem]">
      <SkipLink />
      <header className="sticky top-0 z-30 border-b border-line bg-surface">
        <div className="flex flex-wrap items-center gap-x-3 px-4 md:px-6">
          <Link
            to={paths.home()}
            className="inline-flex h-16 shrink-0 items-center gap-2 rounded-control text-lg font-semibold text-brand-800"
          >
            <HeartPulse aria-hidden="true" className="size-6 text-brand-600" />
            {/* On a phone the mark alone, so the clinic's name has the room (issue 30, item 9). */}
            <span className="sr-only sm:not-sr-only">{APP_NAME}</span>
          </Link>
          {user?.clinic_name && (
            <p className="flex min-w-0 items-center gap-1.5 border-l border-line pl-3 text-sm text-ink-muted">
              <Building2 aria-hidden="true" className="size-4 shrink-0 text-ink-subtle" />
              <span className="sr-only">Clinic: </span>
              <span className="line-clamp-2 leading-tight sm:truncate">{user.clinic_name}</span>
            </p>
          )}
          {/*
           * Where the monitoring banner shows (features/monitoring/components/monitoring-runtime):
           * between the clinic and the account on a wide screen, a row of its own below them on a
           * narrower one.
           */}
          <div
            ref={setBannerSlot}
            className="order-last basis-full empty:hidden xl:order-none xl:min-w-0 xl:flex-1 xl:basis-0"
          />
          <div className="ml-auto">
            {user && <UserMenu user={user} extraItems={menuExtras} compact={isMobile} />}
          </div>
        </div>
      </header>
      {!waiting && <MonitoringRuntime bannerSlot={bannerSlot} />}
      {/* The chat is live while someone is signed in: the menu's unread count follows it. */}
      {showNav && user && (
        <Suspense fallback={null}>
          <ChatLive meId={user.id} />
        </Suspense>
      )}

      <div className="flex flex-1">
        {showNav && !isMobile && (
          <nav aria-label="Main" className="w-60 shrink-0 border-r border-line bg-surface">
            <ul className="sticky top-(--header-height) flex flex-col gap-1 p-3">
              {navItems.map((item) => {
                const active = isNavItemActive(item, screen);
                return (
                  <li key={item.to}>
                    <Link
                      to={item.to}
                      aria-current={active ? 'page' : undefined}
                      className={cx(
                        'flex min-h-10 items-center gap-3 rounded-control px-3 text-sm font-medium',
                        active
                          ? 'bg-brand-50 text-brand-800'
                          : 'text-ink-muted hover:bg-canvas hover:text-ink',
                      )}
                    >
                      <item.icon
                        aria-hidden="true"
                        className={cx('size-5', active ? 'text-brand-600' : 'text-ink-subtle')}
                      />
                      {item.label}
                      {item.badge === 'chat_unread' && (
                        <UnreadBadge count={unread} className="ml-auto" />
                      )}
                      {item.badge === 'billing' && user && (
                        <BillingBadges user={user} menu="side" />
                      )}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
        )}

        <main
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          className={cx(
            'min-w-0 flex-1 px-4 py-6 focus:outline-none md:px-8',
            showBottomMenu && 'pb-24',
          )}
        >
          {waiting ? <ApprovalPanel user={user} /> : <Outlet />}
        </main>
      </div>

      {showBottomMenu && (
        <nav
          aria-label="Bottom menu"
          className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-surface pb-[env(safe-area-inset-bottom)]"
        >
          <ul className="grid grid-cols-5">
            {bottomItems.map((item) => {
              const active = isNavItemActive(item, screen);
              return (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    aria-current={active ? 'page' : undefined}
                    className={cx(
                      'flex min-h-14 flex-col items-center justify-center gap-0.5 text-xs font-medium',
                      active ? 'text-brand-700' : 'text-ink-muted hover:text-ink',
                    )}
                  >
                    <span className="relative">
                      <item.icon aria-hidden="true" className="size-5" />
                      {item.badge === 'chat_unread' && (
                        <UnreadBadge count={unread} className="absolute -top-1.5 left-3" />
                      )}
                      {item.badge === 'billing' && user && (
                        <BillingBadges user={user} menu="bottom" />
                      )}
                    </span>
                    {item.shortLabel}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      )}
    </div>
  );
}
