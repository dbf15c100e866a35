import { can } from '@homestretch/contract/auth/permissions';
import { type ComponentType, Suspense, lazy } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { homePathFor } from '../../config/paths';
import { PanelLoading } from '../../ui/panel-states';
import { Tabs } from '../../ui/tabs';
import { useCurrentUser } from '../../features/auth/api/current-user';
import { StaffSupervisorsTab } from './clinic-admin/staff-supervisors-tab';

interface AdminTab {
  /** In the address: /clinic-admin?tab=staff. */
  id: string;
  label: string;
  /** The tab's content; a `lazy()` one loads when first opened. */
  Panel: ComponentType;
}

/**
 * The tabs of clinic_admin, in order: adding one is one entry here. The billing tabs ("Billing
 * information", "Billing files") come from features/billing/components.
 */
const ADMIN_TABS: readonly AdminTab[] = [
  { id: 'staff', label: 'Staff & supervisors', Panel: StaffSupervisorsTab },
  {
    id: 'billing-info',
    label: 'Billing information',
    Panel: lazy(async () => ({
      default: (await import('../../features/billing/components/billing-info-form'))
        .BillingInfoForm,
    })),
  },
  {
    id: 'billing-files',
    label: 'Billing files',
    Panel: lazy(async () => ({
      default: (await import('../../features/billing/components/billing-files-panel'))
        .BillingFilesPanel,
    })),
  },
];

/**
 * clinic_admin (/clinic-admin): the clinic administrator's screen, as tabs. Other roles are sent
 * to their home screen; the server refuses them every call anyway.
 */
export function ClinicAdminPage() {
  const { data: user } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const current = ADMIN_TABS.find((tab) => tab.id === params.get('tab')) ?? ADMIN_TABS[0];
  if (user && !can(user.role, 'admin.assign_supervisor')) {
    return <Navigate to={homePathFor(user.role)} replace />;
  }
  if (!current) {
    return null;
  }

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-5">
      <div>
        <h1 className="text-2xl font-semibold text-ink">Clinic administration</h1>
        <p className="mt-1 text-sm text-ink-muted">
          {user?.clinic_name ? `${user.clinic_name}: ` : ''}your team, their roles and supervisors,
          and the clinic's billing.
        </p>
      </div>
      <Tabs
        label="Clinic administration"
        tabs={ADMIN_TABS.map((tab) => ({ value: tab.id, label: tab.label }))}
        selected={current.id}
        onSelect={(id) => setParams(id === ADMIN_TABS[0]?.id ? {} : { tab: id })}
      >
        <Suspense fallback={<PanelLoading label={`Loading ${current.label}`} />}>
          <current.Panel />
        </Suspense>
      </Tabs>
    </div>
  );
}
