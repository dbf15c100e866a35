import { can } from '@homestretch/contract/auth/permissions';
import {
  BILLING_UPLOAD_MAX_BYTES,
  UploadBillingFileBodySchema,
  type UploadedBillingFile,
} from '@homestretch/contract/billing/billing-files';
import { Download, FileUp } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-messages';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { Dropdown } from '../../../ui/dropdown';
import { EmptyState } from '../../../ui/empty-state';
import { formatClinicDate } from '../../../lib/clinic-time';
import { PanelError, PanelLoading } from '../../../ui/panel-states';
import { notify } from '../../../ui/toasts';
import { useClinicTimeZone, useCurrentUser } from '../../auth/api/current-user';
import { useDownloadBillingFile } from '../api/download-billing-file';
import { useBillingFiles } from '../api/list-billing-files';
import { useUploadBillingFile } from '../api/upload-billing-file';
import { monthLabel, periodOf } from './billing-format';
import { readFileAsBase64 } from './save-file';
import { useBillingMonths } from './use-billing-months';

const MAX_MB = BILLING_UPLOAD_MAX_BYTES / 1024 / 1024;

/** `1536` → `1.5 KB`. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) {
    return `${bytes} B`;
  }
  if (bytes < 1024 * 1024) {
    return `${(bytes / 1024).toFixed(1)} KB`;
  }
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Why a chosen file cannot be sent, before reading it: its type and size. */
export function checkChosenFile(file: { name: string; size: number }): string | null {
  const name = UploadBillingFileBodySchema.shape.name.safeParse(file.name);
  if (!name.success) {
    return name.error.issues[0]?.message ?? 'This file cannot be uploaded';
  }
  if (file.size > BILLING_UPLOAD_MAX_BYTES) {
    return `The file is ${formatFileSize(file.size)}: files are at most ${MAX_MB} MB.`;
  }
  if (file.size === 0) {
    return 'The file is empty.';
  }
  return null;
}

/** The server's refusal in words: the body limit (413) may answer without our error shape. */
function uploadErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status === 413) {
    return error.serverMessage ?? `The file is too large: files are at most ${MAX_MB} MB.`;
  }
  return errorMessage(error);
}

type Step =
  { kind: 'idle' } | { kind: 'reading'; share: number } | { kind: 'error'; message: string };

function UploadForm() {
  const months = useBillingMonths();
  const [month, setMonth] = useState(months[0]?.value ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const upload = useUploadBillingFile();

  const choose = (chosen: File | null) => {
    upload.reset();
    setFile(chosen);
    const problem = chosen ? checkChosenFile(chosen) : null;
    setStep(problem ? { kind: 'error', message: problem } : { kind: 'idle' });
  };

  const send = async () => {
    if (!file || checkChosenFile(file)) {
      return;
    }
    setStep({ kind: 'reading', share: 0 });
    let content: string;
    try {
      content = await readFileAsBase64(file, (share) => setStep({ kind: 'reading', share }));
    } catch {
      setStep({ kind: 'error', message: 'The file could not be read. Choose it again.' });
      return;
    }
    setStep({ kind: 'idle' });
    upload.mutate(
      { ...periodOf(month), body: { name: file.name, content } },
      {
        onSuccess: (saved) => {
          notify.success(`${saved.name} is uploaded for ${monthLabel(saved)}.`);
          setFile(null);
          if (inputRef.current) {
            inputRef.current.value = '';
          }
        },
      },
    );
  };

  const busy = step.kind === 'reading' || upload.isPending;
  const problem =
    step.kind === 'error' ? step.message : upload.isError ? uploadErrorMessage(upload.error) : null;

  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Dropdown
          label="Month"
          options={months}
          value={month}
          onChange={setMonth}
          disabled={busy}
        />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <label htmlFor={inputId} className="text-sm font-medium text-ink">
            File (.csv, .xlsx or .pdf, up to {MAX_MB} MB)
          </label>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept=".csv,.xlsx,.pdf"
            disabled={busy}
            onChange={(event) => choose(event.target.files?.[0] ?? null)}
            className="min-h-10 text-sm text-ink file:mr-3 file:min-h-10 file:rounded-control file:border file:border-line-strong file:bg-surface file:px-3 file:text-sm file:text-ink"
          />
        </div>
        <Button type="submit" loading={busy} disabled={!file || step.kind === 'error'}>
          <FileUp aria-hidden="true" className="size-4" />
          Upload
        </Button>
      </div>
      {step.kind === 'reading' && (
        <div className="flex items-center gap-2 text-sm text-ink-muted">
          <progress
            max={1}
            value={step.share}
            aria-label="Reading the file"
            className="h-2 w-40 accent-brand-700"
          />
          Reading the file…
        </div>
      )}
      {upload.isPending && <p className="text-sm text-ink-muted">Uploading…</p>}
      {problem && <Alert tone="error">{problem}</Alert>}
    </form>
  );
}

function FileRow({ file }: { file: UploadedBillingFile }) {
  const timeZone = useClinicTimeZone();
  const download = useDownloadBillingFile();
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-medium text-ink">
          {monthLabel(file)}{' '}
          <span className="font-normal break-all text-ink-muted">· {file.name}</span>
        </p>
        <p className="text-sm text-ink-muted">
          {formatFileSize(file.size)} · uploaded {formatClinicDate(file.uploaded_at, timeZone)} by{' '}
          {file.uploaded_by.first_name} {file.uploaded_by.last_name}
        </p>
        {download.isError && (
          <p className="text-sm text-danger-700">{errorMessage(download.error)}</p>
        )}
      </div>
      <Button
        variant="secondary"
        size="sm"
        loading={download.isPending}
        aria-label={`Download ${file.name}`}
        onClick={() => download.mutate({ month: file.month, year: file.year, format: 'uploaded' })}
      >
        <Download aria-hidden="true" className="size-4" />
        Download
      </Button>
    </li>
  );
}

/**
 * The billing files the clinic's administrator uploads (from its billing service, say) for a
 * month, and the list of them to download. Self-contained: the balances page and the clinic
 * administration page both show it.
 */
export function BillingFilesPanel() {
  const role = useCurrentUser().data?.role;
  const files = useBillingFiles();
  return (
    <div className="flex flex-col gap-5">
      {can(role, 'billing.upload') && (
        <Card title="Upload a billing file">
          <UploadForm />
        </Card>
      )}
      <Card title="Uploaded files">
        {files.isPending ? (
          <PanelLoading label="Loading the files" />
        ) : files.isError ? (
          <PanelError
            error={files.error}
            onRetry={() => void files.refetch()}
            retrying={files.isFetching}
          />
        ) : files.data.results.length === 0 ? (
          <EmptyState
            icon={FileUp}
            title="No files uploaded yet"
            description="Files your administrator uploads for a month appear here."
          />
        ) : (
          <ul className="flex flex-col divide-y divide-line" aria-label="Uploaded files">
            {files.data.results.map((file) => (
              <FileRow key={file.id} file={file} />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
