import { FileText, Printer } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { Dropdown } from '../../../ui/dropdown';
import { Modal } from '../../../ui/modal';
import { useClinicTimeZone } from '../../auth/api/current-user';
import { usePatientReport } from '../api/get-patient-report';
import { PanelError, PanelLoading } from '../../../ui/panel-states';
import { weeksAgoLabel } from '../../../lib/record-format';
import { ReportView } from './report-view';
import { weekOptions } from './week-options';

/**
 * Only the report goes on paper: everything that is not the report, inside it or one of its
 * ancestors is hidden, and the ancestors (the modal's fixed, scrolling layers) are flattened
 * so a long report flows over several pages instead of being clipped to one screen.
 */
export const PRINT_CSS = `@media print {
  body *:not(:has([data-print-root])):not([data-print-root]):not([data-print-root] *) {
    display: none !important;
  }
  body :has([data-print-root]) {
    position: static !important;
    display: block !important;
    overflow: visible !important;
    max-height: none !important;
    max-width: none !important;
    padding: 0 !important;
    border: 0 !important;
    box-shadow: none !important;
  }
  [data-print-root] .overflow-x-auto {
    overflow: visible !important;
  }
}`;

/** Picks a week (last week by default, as spec §7) and opens its printable report. */
export function WeeklyReport({
  patientId,
  patientName,
}: {
  patientId: number;
  patientName: string;
}) {
  const [weeksAgo, setWeeksAgo] = useState(1);
  const [open, setOpen] = useState(false);
  const report = usePatientReport(patientId, weeksAgo, open);
  const timeZone = useClinicTimeZone();

  return (
    <Card title="Weekly report">
      <p className="mb-3 text-sm text-ink-muted">
        The week&apos;s data, monitoring time and calls: what backs up the RTM claim. Open it to
        read or print.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <Dropdown
          label="Report week"
          options={weekOptions()}
          value={weeksAgo}
          onChange={setWeeksAgo}
          buttonClassName="w-40"
        />
        <Button variant="secondary" onClick={() => setOpen(true)}>
          <FileText aria-hidden="true" className="size-4" />
          Open report
        </Button>
      </div>
      <Modal
        show={open}
        onClose={() => setOpen(false)}
        size="lg"
        title={`Report: ${patientName}, ${weeksAgoLabel(weeksAgo).toLowerCase()}`}
      >
        <style href="patient-report-print" precedence="default">
          {PRINT_CSS}
        </style>
        <div className="mb-4 flex justify-end">
          <Button onClick={() => window.print()} disabled={!report.isSuccess}>
            <Printer aria-hidden="true" className="size-4" />
            Print
          </Button>
        </div>
        <div data-print-root>
          {report.isPending ? (
            <PanelLoading label="Loading the report" />
          ) : report.isError ? (
            <PanelError
              error={report.error}
              onRetry={() => void report.refetch()}
              retrying={report.isFetching}
            />
          ) : (
            <ReportView report={report.data} timeZone={timeZone} />
          )}
        </div>
      </Modal>
    </Card>
  );
}
