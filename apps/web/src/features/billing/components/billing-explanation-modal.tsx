import type { BillingPeriod } from '@homestretch/contract/billing/billing-period';
import type { BillingPatient } from '@homestretch/contract/billing/billing-units';
import { Copy } from 'lucide-react';
import { Button } from '../../../ui/button';
import { formatDate } from '../../../ui/format-date';
import { Modal } from '../../../ui/modal';
import { PanelError, PanelLoading } from '../../../ui/panel-states';
import { notify } from '../../../ui/toasts';
import { useBillingPatient } from '../api/get-billing-patient';
import { formatUsd, missingGroups, monthLabel, RTM_CODE_LABELS } from './billing-format';
import { BillableLineSummary, MissingNote, UpcomingNote } from './billing-lines';
import { CaseRecords } from './case-records';

export interface BillingExplanationModalProps {
  row: BillingPatient;
  period: BillingPeriod;
  closed: boolean;
  onClose: () => void;
}

/**
 * Why a patient's month bills what it bills: each line with its reasons, what is missing, the
 * records behind them, and the case as JSON for `npm run rtm -- explain` (billing staff and
 * auditors check a case by hand). Computed afresh from the records when opened.
 */
export function BillingExplanationModal({
  row,
  period,
  closed,
  onClose,
}: BillingExplanationModalProps) {
  const explanation = useBillingPatient(row.patient.id, period);
  const name = `${row.patient.first_name} ${row.patient.last_name}`;

  const copyCase = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      notify.success(`${name}’s case is copied as JSON.`);
    } catch {
      notify.error('Could not copy: your browser did not allow it.');
    }
  };

  return (
    <Modal show size="lg" title={`${name} · ${monthLabel(period)}`} onClose={onClose}>
      {explanation.isPending ? (
        <PanelLoading label="Loading the explanation" minHeight={240} />
      ) : explanation.isError ? (
        <PanelError
          error={explanation.error}
          onRetry={() => void explanation.refetch()}
          retrying={explanation.isFetching}
        />
      ) : (
        <div className="flex flex-col gap-5">
          <p className="text-sm text-ink-muted">
            Expected{' '}
            <span className="font-semibold text-ink">{formatUsd(explanation.data.amount)}</span>
            {explanation.data.patient.is_rtm_covered
              ? ''
              : ' · RTM coverage is off for this patient'}
          </p>
          <section aria-label="To bill" className="flex flex-col gap-3">
            <h3 className="text-sm font-semibold text-ink">To bill</h3>
            {explanation.data.billable.length === 0 ? (
              <p className="text-sm text-ink-muted">Nothing is billable yet this month.</p>
            ) : (
              <ul className="flex flex-col gap-3">
                {explanation.data.billable.map((line) => (
                  <li
                    key={`${line.code}-${line.date_of_service}`}
                    className="flex flex-col gap-1.5 rounded-control border border-line p-3"
                  >
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <BillableLineSummary line={line} />
                      <span className="text-sm font-medium tabular-nums text-ink">
                        {formatUsd(line.amount)}
                      </span>
                    </div>
                    <p className="text-xs text-ink-muted">
                      {RTM_CODE_LABELS[line.code]}
                      {line.interval &&
                        ` · period ${formatDate(line.interval.start)} – ${formatDate(line.interval.end)}`}
                      {line.days_with_data !== undefined &&
                        ` · ${line.days_with_data} days with data`}
                      {line.minutes !== undefined && ` · ${line.minutes} min`}
                      {line.call_date && ` · call on ${formatDate(line.call_date)}`}
                    </p>
                    <ul className="list-disc pl-5 text-sm text-ink">
                      {line.reasons.map((reason) => (
                        <li key={reason}>{reason}</li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ul>
            )}
          </section>
          {explanation.data.upcoming.length > 0 && (
            <section aria-label="Billable later" className="flex flex-col gap-2">
              <h3 className="text-sm font-semibold text-ink">Billable later this month</h3>
              <ul className="flex flex-col gap-1.5">
                {explanation.data.upcoming.map((line) => (
                  <li key={`${line.code}-${line.date_of_service}`}>
                    <UpcomingNote line={line} detailed />
                  </li>
                ))}
              </ul>
            </section>
          )}
          {explanation.data.not_billable.length > 0 && (
            <section aria-label="Missing" className="flex flex-col gap-2">
              <h3 className="text-sm font-semibold text-ink">
                {closed ? 'Not billable' : 'Still missing'}
              </h3>
              <ul className="flex flex-col gap-1.5">
                {missingGroups(explanation.data.not_billable).map((group) => (
                  <li key={`${group.lead.code}-${group.lead.interval?.end ?? group.lead.period}`}>
                    <MissingNote group={group} closed={closed} />
                  </li>
                ))}
              </ul>
            </section>
          )}
          <CaseRecords rtmCase={explanation.data.case} />
          <div className="flex flex-wrap items-center justify-between gap-3 border-t border-line pt-4">
            <p className="text-xs text-ink-muted">
              The case as JSON reproduces these lines with <code>npm run rtm -- explain</code>.
            </p>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => void copyCase(JSON.stringify(explanation.data.case, null, 2))}
            >
              <Copy aria-hidden="true" className="size-4" />
              Copy case (JSON)
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
