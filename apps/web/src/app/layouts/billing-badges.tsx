import type { User } from '@homestretch/contract/users/user';
import { useEffect } from 'react';
import type { ScreenName } from '../../config/paths';
import {
  useCancelBillingNotification,
  useCancelFeatureNotification,
} from '../../features/auth/api/cancel-notifications';
import { CountBadge, NewBadge } from '../../ui/badges';

/**
 * The Balances item's two badges (spec §2): '1' while a billing file was uploaded that the person
 * has not looked at, 'New' while the release's new feature (Balances) is unopened. In the side
 * menu each sits in its own box at the end of the row; in the bottom menu both hang off the icon.
 */
export function BillingBadges({ user, menu }: { user: User; menu: 'side' | 'bottom' }) {
  const count = user.is_new_billing_uploaded;
  const fresh = user.is_feature_notification_on;
  if (!count && !fresh) {
    return null;
  }
  if (menu === 'bottom') {
    return (
      <>
        {count && <CountBadge label="New billing file" size="normal" x="-14px" y="-8px" />}
        {fresh && <NewBadge size="normal" x="16px" y="-10px" />}
      </>
    );
  }
  return (
    <span className="ml-auto flex items-center gap-1.5">
      {count && (
        <span className="relative size-5">
          <CountBadge label="New billing file" size="normal" x="0px" y="0px" />
        </span>
      )}
      {fresh && (
        <span className="relative h-5 w-9">
          <NewBadge size="normal" x="0px" y="0px" />
        </span>
      )}
    </span>
  );
}

/**
 * Opening Balances is looking at what the badges point to: each flag still on is cleared on the
 * server (spec §7 PATCHes), whose answer updates the current user and so removes the badge.
 */
export function useClearBillingBadgesOn(screen: ScreenName | null, user: User | undefined): void {
  const billing = useCancelBillingNotification();
  const feature = useCancelFeatureNotification();
  const onBalances = screen === 'balances_dashboard';
  const clearCount = onBalances && user?.is_new_billing_uploaded === true && billing.isIdle;
  const clearNew = onBalances && user?.is_feature_notification_on === true && feature.isIdle;
  const { mutate: cancelBilling } = billing;
  const { mutate: cancelFeature } = feature;
  useEffect(() => {
    if (clearCount) {
      cancelBilling();
    }
  }, [clearCount, cancelBilling]);
  useEffect(() => {
    if (clearNew) {
      cancelFeature();
    }
  }, [clearNew, cancelFeature]);
}
