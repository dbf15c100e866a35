import { BANNER_SNOOZE_DAYS } from '@homestretch/contract/common/constants';
import type { Banner } from '@homestretch/contract/common/enums';
import { BellOff, TriangleAlert } from 'lucide-react';
import { errorMessage } from '../../../lib/error-messages';
import { Button } from '../../../ui/button';
import { formatDate } from '../../../ui/format-date';
import { notify } from '../../../ui/toasts';
import { useBannerSnoozes } from '../api/list-banner-snoozes';
import { useBanners } from '../api/list-banners';
import { useSnoozeBanner } from '../api/snooze-banner';
import { PanelError } from '../../../ui/panel-states';

/** Names for snoozed banners, whose answer carries only the banner's id. */
const BANNER_NAMES: Record<Banner, string> = {
  pain_rising: 'Pain rising',
  no_activity: 'No recent activity',
  low_adherence: 'Low adherence',
  call_due: 'Call due',
};

/**
 * What needs the clinician's attention (pain rising, no activity…), computed by the server from
 * the patient's data. Each can be snoozed for the caller; snoozed ones are listed so nothing
 * disappears without a trace.
 */
export function RecordBanners({ patientId }: { patientId: number }) {
  const banners = useBanners(patientId);
  const snoozes = useBannerSnoozes(patientId);
  const snooze = useSnoozeBanner(patientId);

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
                    `${BANNER_NAMES[result.banner]} snoozed until ${formatDate(result.snoozed_until)}`,
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
        <p className="text-sm text-ink-muted">
          Snoozed:{' '}
          {snoozed
            .map((s) => `${BANNER_NAMES[s.banner]} until ${formatDate(s.snoozed_until)}`)
            .join('; ')}
        </p>
      )}
    </section>
  );
}
