import { RotateCw, TriangleAlert } from 'lucide-react';
import { Button } from './button';

export interface ErrorStateProps {
  /** Words a clinician understands; the technical detail belongs in the logs. */
  message: string;
  onRetry?: () => void;
  retryLabel?: string;
  /** Disables the retry button while the retry is in flight. */
  retrying?: boolean;
}

export function ErrorState({
  message,
  onRetry,
  retryLabel = 'Try again',
  retrying = false,
}: ErrorStateProps) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-card border border-danger-600/30 bg-danger-50 px-4 py-8 text-center"
    >
      <TriangleAlert aria-hidden="true" className="size-8 text-danger-700" />
      <p className="text-sm text-danger-700">{message}</p>
      {onRetry && (
        <Button variant="secondary" size="sm" onClick={onRetry} loading={retrying}>
          {!retrying && <RotateCw aria-hidden="true" className="size-4" />}
          {retryLabel}
        </Button>
      )}
    </div>
  );
}
