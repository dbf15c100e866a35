import { BANNER_SNOOZE_DAYS } from '@homestretch/contract/common/constants';
import type { Banner } from '@homestretch/contract/common/enums';
import { Bell, BellOff, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../lib/error-messages';
import { Button } from '../../../ui/button';
import { formatDate } from '../../../ui/format-date';
import { notify } from '../../../ui/toasts';
import { useBannerSnoozes } from '../api/list-banner-snoozes';
import { useBanners } from '../api/list-banners';
import { useSnoozeBanner } from '../api/snooze-banner';
import { useUnsnoozeBanner } from '../api/unsnooze-banner';
import { PanelError } from '../../../ui/panel-states';

/** Names for snoozed banners, whose answer carries only the banner's id. */
const BANNER_NAMES: Record<Banner, string> = {
  pain_rising: 'Pain rising',
  no_activity: 'No recent activity',
  low_adherence: 'Low adherence',
  call_due: 'Call due',
};

/**
 * A snooze ends at an instant (for "Call due", the start of the month's last day in the clinic's
 * zone): shown as the viewer's local day, not the UTC date the ISO string starts with.
 */
const until = (snoozedUntil: string) => formatDate(new Date(snoozedUntil));

/**
 * What needs the clinician's attention (pain rising, no activity…), computed by the server from
 * the patient's data. Each can be snoozed for the caller; snoozed ones are listed, each with a
 * way to show it again, so nothing disappears without a trace. `callDue` is what the clinician
 * needs to make the month's call (the patient's phone), shown with the "Call due" banner.
 */
export function RecordBanners({ patientId, callDue }: { patientId: number; callDue?: ReactNode }) {
  const banners = useBanners(patientId);
  const snoozes = useBannerSnoozes(patientId);
  const snooze = useSnoozeBanner(patientId);
  const unsnooze = useUnsnoozeBanner(patientId);

  if (banners.isError) {
    return (
      <PanelError
        error={banners.error}
        onRetry={() => void banners.refetch()}
        retrying={banners.isFetching}
      />
    );
  }

  const active = banners.data ?? [];
  const snoozed = snoozes.data ?? [];
  if (active.length === 0 && snoozed.length === 0) {
    return null;
  }

  return (
    <section aria-label="Alerts" className="flex flex-col gap-2">
      {active.map((banner) => (
        <div
          key={banner.banner}
          role="status"
          className="flex flex-col gap-3 rounded-card border border-warning-400 bg-warning-50 p-4 sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="flex gap-3">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-warning-700" />
            <div>
              <p className="font-semibold text-ink">{banner.title}</p>
              <p className="text-sm text-ink-muted">{banner.message}</p>
              {banner.banner === 'call_due' && callDue}
            </div>
          </div>
          <Button
            variant="secondary"
            size="sm"
            className="shrink-0"
            loading={snooze.isPending && snooze.variables === banner.banner}
            aria-label={`Snooze "${banner.title}" for ${BANNER_SNOOZE_DAYS} days`}
            onClick={() =>
              snooze.mutate(banner.banner, {
                onSuccess: (result) =>
                  notify.success(
                    `${BANNER_NAMES[result.banner]} snoozed until ${until(result.snoozed_until)}`,
                  ),
                onError: (error) => notify.error(errorMessage(error)),
              })
            }
          >
            <BellOff aria-hidden="true" className="size-4" />
            Snooze {BANNER_SNOOZE_DAYS} days
          </Button>
        </div>
      ))}
      {snoozed.length > 0 && (
        <div className="flex flex-col gap-1 text-sm text-ink-muted sm:flex-row sm:items-baseline sm:gap-2">
          <span aria-hidden="true">Snoozed:</span>
          <ul aria-label="Snoozed" className="flex flex-wrap gap-x-4 gap-y-1">
            {snoozed.map((s) => (
              <li key={s.banner} className="flex items-center gap-1">
                <span>
                  {BANNER_NAMES[s.banner]} until {until(s.snoozed_until)}
                </span>
                <Button
                  variant="secondary"
                  size="sm"
                  loading={unsnooze.isPending && unsnooze.variables === s.banner}
                  aria-label={`Show "${BANNER_NAMES[s.banner]}" again`}
                  onClick={() =>
                    unsnooze.mutate(s.banner, {
                      onError: (error) => notify.error(errorMessage(error)),
                    })
                  }
                >
                  <Bell aria-hidden="true" className="size-4" />
                  Show again
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
