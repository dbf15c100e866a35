import {
  BILLING_PATIENT_FILTERS,
  type BillingPatient,
} from '@homestretch/contract/billing/billing-units';
import { Wallet } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { useIsMobile } from '../../../lib/device';
import { errorMessage } from '../../../lib/error-messages';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { cx } from '../../../ui/cx';
import { Dropdown } from '../../../ui/dropdown';
import { EmptyState } from '../../../ui/empty-state';
import { ErrorState } from '../../../ui/error-state';
import { Pager } from '../../../ui/pager';
import { SearchInput } from '../../../ui/search-input';
import { Spinner } from '../../../ui/spinner';
import { useClinicTimeZone } from '../../auth/api/current-user';
import { useBillingUnits } from '../api/get-billing-units';
import { BillingYearChart } from './billing-chart';
import { BillingDownloads } from './billing-downloads';
import { monthLabel, monthName, periodOf, updatedLabel } from './billing-format';
import { BillingPatients } from './billing-patients';
import { BillingTotals } from './billing-totals';
import { useBillingMonths } from './use-billing-months';

// Why a patient's line reads as it does (the case record, every rule): its code loads when a
// line's explanation is first opened, not with the month (issue 29).
const BillingExplanationModal = lazy(async () => ({
  default: (await import('./billing-explanation-modal')).BillingExplanationModal,
}));

type Filter = (typeof BILLING_PATIENT_FILTERS)[number];

const FILTER_LABELS: Record<Filter, string> = {
  all: 'All',
  billable: 'Billable',
  missing: 'Something missing',
};

/**
 * The month's billing units (spec §2 balances_dashboard, domain/rtm.md): totals per code, the
 * year's chart, the files, and each patient's lines with what is still missing and by when.
 */
export function BillingUnitsPanel() {
  const compact = useIsMobile();
  const timeZone = useClinicTimeZone();
  const months = useBillingMonths();
  const [month, setMonth] = useState(months[0]?.value ?? '');
  const [filter, setFilter] = useState<Filter>('all');
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim());
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<BillingPatient | null>(null);
  // A new month, filter or search starts again at its first page.
  const [pagedBy, setPagedBy] = useState(`${month}|${filter}|${search}`);
  if (pagedBy !== `${month}|${filter}|${search}`) {
    setPagedBy(`${month}|${filter}|${search}`);
    setPage(1);
  }
  const period = periodOf(month);
  const units = useBillingUnits({ ...period, page, filter, search: search || undefined });
  const data = units.data;

  const status = data
    ? data.closed
      ? `${monthLabel(data)} is closed: these are the month’s final figures.`
      : `${monthLabel(data)} is open: figures are recomputed every few minutes and what is missing can still be done.`
    : null;

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <Dropdown
          label="Month"
          hideLabel
          options={months}
          value={month}
          onChange={setMonth}
          buttonClassName="min-w-48"
        />
        {data && (
          <p className="flex items-center gap-2 text-sm text-ink-muted" aria-live="polite">
            {units.isFetching && <Spinner size="sm" label="Updating" />}
            {updatedLabel(data.computed_at, timeZone)}
          </p>
        )}
      </div>

      {units.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner size="lg" label="Loading billing units" />
        </div>
      ) : units.isError && !data ? (
        isApiError(units.error) && units.error.status === 422 ? (
          <div className="rounded-card border border-line bg-surface shadow-card">
            <EmptyState
              icon={Wallet}
              title={`No billing figures for ${monthLabel(period)}`}
              description={
                units.error.serverMessage ?? 'Your clinic was not using Homestretch yet.'
              }
            />
          </div>
        ) : (
          <ErrorState
            message={errorMessage(units.error)}
            onRetry={() => void units.refetch()}
            retrying={units.isFetching}
          />
        )
      ) : data ? (
        <>
          <p
            className={cx(
              'rounded-control border px-3 py-2 text-sm',
              data.closed
                ? 'border-line bg-canvas text-ink-muted'
                : 'border-info-700/20 bg-info-50 text-info-700',
            )}
          >
            {status}
          </p>
          <BillingTotals units={data} />
          <div className="grid gap-5 lg:grid-cols-2">
            <BillingYearChart year={period.year} currentMonth={period.month} />
            <BillingDownloads period={period} />
          </div>

          <section aria-labelledby="billing-patients" className="flex flex-col gap-3">
            <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
              <h2 id="billing-patients" className="text-lg font-semibold text-ink">
                Patients{' '}
                <span className="text-sm font-normal text-ink-muted">({data.patients.count})</span>
              </h2>
              <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
                <div role="group" aria-label="Show" className="flex flex-wrap gap-1">
                  {BILLING_PATIENT_FILTERS.map((value) => (
                    <button
                      key={value}
                      type="button"
                      aria-pressed={filter === value}
                      onClick={() => setFilter(value)}
                      className={cx(
                        'min-h-10 rounded-control px-3 text-sm',
                        filter === value
                          ? 'bg-brand-700 font-medium text-surface'
                          : 'border border-line-strong bg-surface text-ink hover:bg-canvas',
                      )}
                    >
                      {FILTER_LABELS[value]}
                    </button>
                  ))}
                </div>
                <div role="search" aria-label="Find a patient" className="sm:w-56">
                  <label htmlFor="billing-search" className="sr-only">
                    Search patients
                  </label>
                  <SearchInput
                    id="billing-search"
                    placeholder="Patient name"
                    value={searchText}
                    onChange={setSearchText}
                  />
                </div>
              </div>
            </div>
            {data.patients.results.length === 0 ? (
              <div className="rounded-card border border-line bg-surface shadow-card">
                <EmptyState
                  icon={Wallet}
                  title={
                    search
                      ? `No patients match “${search}”`
                      : filter !== 'all'
                        ? `No patients to show as “${FILTER_LABELS[filter]}”`
                        : `No RTM-covered patients had activity in ${monthName(data.month)}`
                  }
                  description={
                    search || filter !== 'all'
                      ? 'Try another name or show all patients.'
                      : 'Patients appear here once their app sends data or you monitor them.'
                  }
                />
              </div>
            ) : (
              <BillingPatients
                patients={data.patients.results}
                closed={data.closed}
                compact={compact}
                onOpen={setOpen}
              />
            )}
            <Pager
              page={page}
              count={data.patients.count}
              onChange={setPage}
              label="Patient pages"
              className="self-center"
            />
          </section>
        </>
      ) : null}

      {open && data && (
        <Suspense fallback={null}>
          <BillingExplanationModal
            row={open}
            period={{ month: data.month, year: data.year }}
            closed={data.closed}
            onClose={() => setOpen(null)}
          />
        </Suspense>
      )}
    </div>
  );
}
