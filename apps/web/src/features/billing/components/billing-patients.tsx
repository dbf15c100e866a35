import type { BillingPatient } from '@homestretch/contract/billing/billing-units';
import { ChevronRight } from 'lucide-react';
import { CardTable } from '../../../ui/card-table';
import { formatUsd, missingGroups } from './billing-format';
import { BillableLineSummary, MissingNote, UpcomingNote } from './billing-lines';

export interface BillingPatientsProps {
  patients: readonly BillingPatient[];
  /** The month is over: its last column is what was not billable, not what is still missing. */
  closed: boolean;
  /** A phone: one card per patient instead of the table. */
  compact: boolean;
  onOpen: (patient: BillingPatient) => void;
}

function patientName(row: BillingPatient): string {
  return `${row.patient.first_name} ${row.patient.last_name}`;
}

function Lines({ row }: { row: BillingPatient }) {
  if (row.billable.length === 0) {
    return <span className="text-sm text-ink-subtle">Nothing to bill yet</span>;
  }
  return (
    <ul className="flex flex-col gap-1.5" aria-label={`To bill for ${patientName(row)}`}>
      {row.billable.map((line) => (
        <li key={`${line.code}-${line.date_of_service}`}>
          <BillableLineSummary line={line} />
        </li>
      ))}
    </ul>
  );
}

/** What is still to come: lines billable on a later day, then what is missing and by when. */
function Missing({ row, closed }: { row: BillingPatient; closed: boolean }) {
  if (row.upcoming.length === 0 && row.not_billable.length === 0) {
    return <span className="text-sm text-ink-subtle">Nothing missing</span>;
  }
  return (
    <ul className="flex flex-col gap-1.5" aria-label={`Missing for ${patientName(row)}`}>
      {row.upcoming.map((line) => (
        <li key={`${line.code}-${line.date_of_service}`}>
          <UpcomingNote line={line} detailed={false} />
        </li>
      ))}
      {missingGroups(row.not_billable).map((group) => (
        <li key={`${group.lead.code}-${group.lead.interval?.end ?? group.lead.period}`}>
          <MissingNote group={group} closed={closed} />
        </li>
      ))}
    </ul>
  );
}

function OpenButton({
  row,
  onOpen,
}: {
  row: BillingPatient;
  onOpen: BillingPatientsProps['onOpen'];
}) {
  return (
    <button
      type="button"
      onClick={() => onOpen(row)}
      className="inline-flex min-h-10 items-center gap-1 text-left font-medium text-brand-700 underline-offset-2 hover:underline"
    >
      {patientName(row)}
      <span className="sr-only">: how this is billed</span>
      <ChevronRight aria-hidden="true" className="size-4 shrink-0" />
    </button>
  );
}

/**
 * Each patient's month: the lines to bill (code, units, modifiers, date of service) and, apart
 * from them, what is still missing and by when. The name opens the explanation with the records.
 */
export function BillingPatients({ patients, closed, compact, onOpen }: BillingPatientsProps) {
  if (compact) {
    return (
      <ul className="flex flex-col gap-3" aria-label="Patients">
        {patients.map((row) => (
          <li
            key={row.patient.id}
            className="flex flex-col gap-3 rounded-card border border-line bg-surface p-4 shadow-card"
          >
            <div className="flex items-start justify-between gap-2">
              <OpenButton row={row} onOpen={onOpen} />
              <span className="pt-2 font-medium tabular-nums text-ink">
                {formatUsd(row.amount)}
              </span>
            </div>
            <Lines row={row} />
            {(row.upcoming.length > 0 || row.not_billable.length > 0) && (
              <Missing row={row} closed={closed} />
            )}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <CardTable
      caption="Patients"
      columns={[
        { label: 'Patient' },
        { label: 'To bill' },
        { label: closed ? 'Not billable' : 'Still missing' },
        { label: 'Expected', className: 'text-right' },
      ]}
    >
      {patients.map((row) => (
        <tr key={row.patient.id} className="align-top">
          <td className="px-4 py-2">
            <OpenButton row={row} onOpen={onOpen} />
          </td>
          <td className="min-w-72 px-4 py-3">
            <Lines row={row} />
          </td>
          <td className="px-4 py-3">
            <Missing row={row} closed={closed} />
          </td>
          <td className="px-4 py-3 text-right font-medium whitespace-nowrap tabular-nums text-ink">
            {formatUsd(row.amount)}
          </td>
        </tr>
      ))}
    </CardTable>
  );
}
