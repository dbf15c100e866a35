import { can } from '@homestretch/contract/auth/permissions';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { PanelLoading } from '../../../ui/panel-states';
import { Tabs } from '../../../ui/tabs';
import { useCurrentUser } from '../../auth/api/current-user';
import { BillingUnitsPanel } from '../components/billing-units-panel';

// The billing information form (react-hook-form) and the files panel load when their tab is
// opened, as on the clinic administration screen: the units tab, which a visit opens on, does
// not wait for them (issue 29).
const BillingInfoForm = lazy(async () => ({
  default: (await import('../components/billing-info-form')).BillingInfoForm,
}));
const BillingFilesPanel = lazy(async () => ({
  default: (await import('../components/billing-files-panel')).BillingFilesPanel,
}));

type Tab = 'units' | 'info' | 'files';

const TAB_LABELS: Record<Tab, string> = {
  units: 'Billing units',
  info: 'Billing information',
  files: 'Files',
};

/**
 * balances_dashboard (/balances, spec §2): the month's RTM billing units per code and per
 * patient, the year's chart and the billing files; the clinic's billing information and the
 * uploaded files on their own tabs (`?tab=info`, `?tab=files`), so billing staff find them here.
 */
export function BalancesPage() {
  const role = useCurrentUser().data?.role;
  const tabs: Tab[] = can(role, 'billing.manage') ? ['units', 'info', 'files'] : ['units', 'info'];
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = tabs.find((candidate) => candidate === asked) ?? 'units';

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-5">
      <div>
        <h1 className="text-2xl font-semibold text-ink">Balances</h1>
        <p className="mt-1 text-sm text-ink-muted">
          Remote therapeutic monitoring: what your clinic can bill, and what is still missing.
        </p>
      </div>
      <Tabs
        label="Balances"
        tabs={tabs.map((value) => ({ value, label: TAB_LABELS[value] }))}
        selected={tab}
        onSelect={(value) => setParams(value === 'units' ? {} : { tab: value }, { replace: true })}
      >
        {tab === 'units' && <BillingUnitsPanel />}
        <Suspense fallback={<PanelLoading label={`Loading ${TAB_LABELS[tab].toLowerCase()}`} />}>
          {tab === 'info' && (
            <div className="rounded-card border border-line bg-surface p-4 shadow-card sm:p-6">
              <BillingInfoForm />
            </div>
          )}
          {tab === 'files' && <BillingFilesPanel />}
        </Suspense>
      </Tabs>
    </div>
  );
}
