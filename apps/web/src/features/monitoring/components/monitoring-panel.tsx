import { IDLE_THRESHOLD_MS } from '@homestretch/contract/common/constants';
import { CheckCircle2, PhoneOff } from 'lucide-react';
import { useState } from 'react';
import { formatClinicDate, formatClinicDateTime } from '../../../lib/clinic-time';
import { formatDuration } from '../../../lib/record-format';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { formatDate } from '../../../ui/format-date';
import { PanelError, PanelLoading } from '../../../ui/panel-states';
import { useClinicTimeZone } from '../../auth/api/current-user';
import { type PatientMonitoring, usePatientMonitoring } from '../api/get-patient-monitoring';
import { DataDays } from './data-days';
import { MonthDropdown, useMonthChoice } from './month-dropdown';
import { RtmMinutesBar } from './rtm-minutes-bar';
import { RtmNeeds } from './rtm-needs';

const SESSIONS_SHOWN = 5;

const CONTEXT_LABELS = {
  patient_dashboard: 'Patient dashboard',
  desktop_chat: 'Chat',
  mobile_chat: 'Chat (phone)',
} as const;

/**
 * The patient dashboard's Monitoring panel: the month's minutes as the server counted them
 * against the RTM thresholds, the data days and live call the claims also need, who spent the
 * time, and the sessions behind it (domain/rtm.md: every claim explainable from the records).
 */
export function MonitoringPanel({ patientId }: { patientId: number }) {
  const choice = useMonthChoice();
  const monitoring = usePatientMonitoring(patientId, choice.month);

  return (
    <Card title="Monitoring" actions={<MonthDropdown choice={choice} className="min-w-36" />}>
      {monitoring.isPending ? (
        <PanelLoading label="Loading monitoring time" />
      ) : monitoring.isError ? (
        <PanelError
          error={monitoring.error}
          onRetry={() => void monitoring.refetch()}
          retrying={monitoring.isFetching}
        />
      ) : (
        <MonitoringMonthView data={monitoring.data} current={choice.current} />
      )}
    </Card>
  );
}

/**
 * What the timer counts, said where its sessions are listed (issue 30, item 11): reading a chart
 * without touching anything counts, until the idle threshold stops the timer (spec §9).
 */
const WHAT_COUNTS = `Time counts while this record or the patient's chat is open in front of you, reading included. It stops after ${IDLE_THRESHOLD_MS / 60_000} minutes without a mouse move, scroll or key, when you switch tab or window, or when the computer sleeps.`;

function MonitoringMonthView({ data, current }: { data: PatientMonitoring; current: boolean }) {
  const [showAll, setShowAll] = useState(false);
  const timeZone = useClinicTimeZone();
  const { status } = data;
  const sessions = showAll ? data.sessions : data.sessions.slice(0, SESSIONS_SHOWN);
  return (
    <div className="flex flex-col gap-4">
      <div>
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="text-2xl font-semibold text-ink">{status.minutes} min</span>
          <span className="text-sm text-ink-muted">
            {status.seconds > 0 ? `(${formatDuration(status.seconds)}) ` : ''}
            {current
              ? `· ${status.remainingMinutes} more needed for the ${status.next_threshold_minutes}-minute mark`
              : 'in the month'}
          </span>
        </p>
        <RtmMinutesBar minutes={status.minutes} nextThreshold={status.next_threshold_minutes} />
      </div>

      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-ink-muted">Days with data</dt>
          <dd className="font-medium text-ink">
            <DataDays interval={status.interval} />
            {status.interval && (
              <span className="block font-normal text-ink-muted">
                {formatDate(status.interval.start)} – {formatDate(status.interval.end)}
              </span>
            )}
          </dd>
        </div>
        <div>
          <dt className="text-ink-muted">Live call this month</dt>
          <dd className="flex items-center gap-1.5 font-medium text-ink">
            {status.last_call_at ? (
              <>
                <CheckCircle2 aria-hidden="true" className="size-4 text-success-700" />
                {formatClinicDate(status.last_call_at, timeZone)}
              </>
            ) : (
              <>
                <PhoneOff aria-hidden="true" className="size-4 text-warning-700" />
                None yet
              </>
            )}
          </dd>
        </div>
      </dl>

      {current && (
        <div>
          <h3 className="mb-1.5 text-sm font-semibold text-ink">Still needed</h3>
          <RtmNeeds needs={status.needs} />
        </div>
      )}

      {data.by_therapist.length > 0 && (
        <div>
          <h3 className="mb-1.5 text-sm font-semibold text-ink">By therapist</h3>
          <ul className="flex flex-col gap-1 text-sm">
            {data.by_therapist.map((entry) => (
              <li key={entry.user_id} className="flex justify-between gap-2">
                <span className="text-ink">{entry.therapist_name}</span>
                <span className="tabular-nums text-ink-muted">{formatDuration(entry.seconds)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}

      <div>
        <h3 className="mb-1.5 text-sm font-semibold text-ink">Sessions</h3>
        {current && <p className="mb-1.5 text-sm text-ink-muted">{WHAT_COUNTS}</p>}
        {data.sessions.length === 0 ? (
          <p className="text-sm text-ink-muted">
            {current ? 'No monitoring time yet this month.' : 'No monitoring time in this month.'}
          </p>
        ) : (
          <>
            <ul className="divide-y divide-line text-sm">
              {sessions.map((session) => (
                <li key={session.id} className="flex flex-wrap justify-between gap-x-3 py-1.5">
                  <span className="text-ink">
                    {formatClinicDateTime(session.started_at, timeZone)}
                    <span className="text-ink-subtle">
                      {' '}
                      · {session.therapist_name}
                      {session.context ? ` · ${CONTEXT_LABELS[session.context]}` : ''}
                      {session.ended_at ? '' : ' · in progress'}
                    </span>
                  </span>
                  <span className="tabular-nums text-ink-muted">
                    {formatDuration(session.seconds)}
                  </span>
                </li>
              ))}
            </ul>
            {data.sessions.length > SESSIONS_SHOWN && (
              <Button variant="ghost" size="sm" onClick={() => setShowAll((shown) => !shown)}>
                {showAll ? 'Show fewer' : `Show all ${data.sessions.length}`}
              </Button>
            )}
          </>
        )}
      </div>
    </div>
  );
}
