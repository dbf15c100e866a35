import type { RtmNeed } from '@homestretch/contract/monitoring/rtm-month';
import { CalendarDays, Clock, Phone } from 'lucide-react';

const ICONS = { minutes: Clock, call: Phone, data_days: CalendarDays } as const;

/** What a patient's claims still need this month, each with its deadline in words. */
export function RtmNeeds({ needs }: { needs: readonly RtmNeed[] }) {
  if (needs.length === 0) {
    return <p className="text-sm text-ink-muted">Nothing more can be done for this month.</p>;
  }
  return (
    <ul className="flex flex-col gap-1.5">
      {needs.map((need) => {
        const Icon = ICONS[need.kind];
        return (
          <li key={need.kind} className="flex items-start gap-2 text-sm text-ink">
            <Icon
              aria-hidden="true"
              className={
                need.kind === 'call'
                  ? 'mt-0.5 size-4 shrink-0 text-warning-700'
                  : 'mt-0.5 size-4 shrink-0 text-ink-subtle'
              }
            />
            {need.text}
          </li>
        );
      })}
    </ul>
  );
}
