import type { BillingFileFormat } from '@homestretch/contract/billing/billing-files';
import type { BillingPeriod } from '@homestretch/contract/billing/billing-period';
import { Download } from 'lucide-react';
import { errorMessage } from '../../../lib/error-messages';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { Spinner } from '../../../ui/spinner';
import { useBillingFileCheck } from '../api/check-billing-file';
import { useDownloadBillingFile } from '../api/download-billing-file';
import { formatUsd, monthLabel, plural } from './billing-format';

const FORMATS: ReadonlyArray<{ format: BillingFileFormat; label: string }> = [
  { format: 'xlsx', label: 'Download workbook (.xlsx)' },
  { format: 'csv', label: 'Download CSV' },
];

/**
 * The month's billing file (spec §7, domain/rtm.md "A monthly billing file"): what it will hold,
 * the workbook and the CSV the product makes, and the administrator's own file when there is one.
 */
export function BillingDownloads({ period }: { period: BillingPeriod }) {
  const check = useBillingFileCheck(period);
  const download = useDownloadBillingFile();
  const pending = download.isPending ? download.variables.format : null;
  const get = (format: BillingFileFormat) => download.mutate({ ...period, format });

  return (
    <Card title={`Billing file for ${monthLabel(period)}`}>
      <div className="flex flex-col gap-3">
        {check.isPending ? (
          <Spinner size="sm" label="Checking the file" />
        ) : check.isError ? (
          <p className="text-sm text-danger-700">{errorMessage(check.error)}</p>
        ) : (
          <p className="text-sm text-ink-muted">
            {check.data.generated.rows === 0
              ? 'Nothing to bill yet: the file would be empty.'
              : `${plural(check.data.generated.rows, 'row')} for ${plural(
                  check.data.generated.patients,
                  'patient',
                )}, ${formatUsd(check.data.generated.amount)} expected.`}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          {FORMATS.map(({ format, label }) => (
            <Button
              key={format}
              variant="secondary"
              size="sm"
              loading={pending === format}
              disabled={pending !== null}
              onClick={() => get(format)}
            >
              <Download aria-hidden="true" className="size-4" />
              {label}
            </Button>
          ))}
          {check.data?.uploaded && (
            <Button
              size="sm"
              loading={pending === 'uploaded'}
              disabled={pending !== null}
              onClick={() => get('uploaded')}
            >
              <Download aria-hidden="true" className="size-4" />
              Download uploaded file
            </Button>
          )}
        </div>
        {check.data?.uploaded && (
          <p className="text-xs text-ink-muted">
            {check.data.uploaded.name}: your clinic&apos;s own file, uploaded by{' '}
            {check.data.uploaded.uploaded_by.first_name} {check.data.uploaded.uploaded_by.last_name}
            . Homestretch did not make it and passes it on as it was uploaded.
          </p>
        )}
        {download.isError && <Alert tone="error">{errorMessage(download.error)}</Alert>}
      </div>
    </Card>
  );
}
