import { MAX_REQUEST_CONTENT_LENGTH } from '@homestretch/contract/hep/patient-request';
import { CircleCheck } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';
import { errorMessage, fieldErrors } from '../../lib/error-messages';
import { useAskTherapist } from '../api/ask';

/** "Ask my therapist": a question about the program, which the clinic's staff see. */
export function AskScreen({
  therapistName,
  onDone,
}: {
  therapistName: string | null;
  onDone: () => void;
}) {
  const ask = useAskTherapist();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();

  if (ask.isSuccess) {
    return (
      <section className="flex flex-col items-center gap-4 rounded-card bg-surface p-6 text-center shadow-card">
        <CircleCheck aria-hidden="true" className="size-12 text-success-700" />
        <h1 className="text-2xl font-semibold text-ink">Question sent</h1>
        <p role="status" className="text-lg text-ink">
          {therapistName ?? 'Your clinic'} will see it with your program. For anything urgent, call
          your clinic.
        </p>
        <Button size="lg" className="w-full" onClick={onDone}>
          Back to my program
        </Button>
      </section>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!text.trim()) {
      setError('Write what you would like to ask');
      return;
    }
    setError(null);
    ask.mutate(
      { request_content: text },
      { onError: (failure) => setError(fieldErrors(failure).request_content ?? null) },
    );
  };

  return (
    <>
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-semibold text-ink">Ask my therapist</h1>
        <p className="text-lg text-ink-muted">
          A question about your exercises? {therapistName ?? 'Your therapist'} will see it.
        </p>
      </div>
      <form
        noValidate
        onSubmit={onSubmit}
        className="flex flex-col gap-3 rounded-card bg-surface p-4 shadow-card"
      >
        {ask.isError && !error && <Alert tone="error">{errorMessage(ask.error)}</Alert>}
        <label htmlFor={fieldId} className="text-base font-medium text-ink">
          Your question
        </label>
        <textarea
          id={fieldId}
          rows={6}
          value={text}
          maxLength={MAX_REQUEST_CONTENT_LENGTH}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${fieldId}-count${error ? ` ${fieldId}-error` : ''}`}
          className={cx(
            'rounded-control border bg-surface p-3 text-lg text-ink',
            error ? 'border-danger-600' : 'border-line-strong',
          )}
        />
        {error && (
          <p id={`${fieldId}-error`} className="text-base text-danger-700">
            {error}
          </p>
        )}
        <p id={`${fieldId}-count`} className="text-sm text-ink-muted">
          {text.length} of {MAX_REQUEST_CONTENT_LENGTH} characters
        </p>
        <Button type="submit" size="lg" loading={ask.isPending} className="w-full">
          Send my question
        </Button>
      </form>
    </>
  );
}
