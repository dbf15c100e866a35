import { ComingSoon } from '../../../ui/coming-soon';

/** balances_dashboard (/balances) — built in a later issue; no sample data until then. */
export function BalancesPage() {
  return (
    <ComingSoon
      screen="Balances"
      description="Billing units by month, the yearly billing chart, monthly billing files to download and your clinic's billing information."
    />
  );
}
