import { CircleCheck, Info, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { cx } from './cx';

export type AlertTone = 'error' | 'info' | 'success';

const TONE = {
  error: { Icon: TriangleAlert, className: 'border-danger-600/30 bg-danger-50 text-danger-700' },
  info: { Icon: Info, className: 'border-info-700/20 bg-info-50 text-info-700' },
  success: { Icon: CircleCheck, className: 'border-success-700/30 bg-success-50 text-success-700' },
} as const;

/**
 * A message about a whole form or step, not one field. Errors are alerts (read out at once); the
 * rest are polite status messages, so someone typing is not interrupted.
 */
export function Alert({ tone, children }: { tone: AlertTone; children: ReactNode }) {
  const { Icon, className } = TONE[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cx('flex items-start gap-2 rounded-control border px-3 py-2 text-sm', className)}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div>{children}</div>
    </div>
  );
}
