import { IsoDateSchema } from '@homestretch/contract/common/fields';
import type { HepEvent } from '@homestretch/contract/hep/history';
import { CalendarSearch, History } from 'lucide-react';
import { useId, useState } from 'react';
import { Alert } from '../../../ui/alert';
import { EmptyState } from '../../../ui/empty-state';
import { formatDate, toIsoDate } from '../../../ui/format-date';
import { Modal } from '../../../ui/modal';
import { Pager } from '../../../ui/pager';
import { PanelError, PanelLoading } from '../../../ui/panel-states';
import { Spinner } from '../../../ui/spinner';
import { type TabItem, Tabs } from '../../../ui/tabs';
import { useClinicTimeZone } from '../../auth/api/current-user';
import { clinicToday } from '../../../lib/clinic-calendar';
import { formatClinicDateTime } from '../../../lib/clinic-time';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useItemHistory } from '../api/get-item-history';
import { useProgramOnDate } from '../api/get-program';
import { useProgramHistory } from '../api/get-program-history';
import { describeChange, EVENT_LABELS, personName } from './history-format';
import { ProgramRow } from './program-row';

/** One change: what, who, when, and before → after. */
function EventEntry({ event, title }: { event: HepEvent; title?: string }) {
  const timeZone = useClinicTimeZone();
  const lines = describeChange(event);
  return (
    <li className="flex flex-col gap-0.5 py-2">
      <p className="text-sm text-ink">
        <span className="font-semibold">{EVENT_LABELS[event.kind]}</span>
        {title && <span> · {title}</span>}
      </p>
      {lines.length > 0 && (
        <ul className="text-sm text-ink-muted">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      <p className="text-xs text-ink-subtle">
        {personName(event.actor)} · {formatClinicDateTime(event.at, timeZone)}
        {event.approval_request_id !== null &&
          ` · approved with request #${event.approval_request_id}`}
      </p>
    </li>
  );
}

/** Every change of one program item, oldest first (GET /video/hep/{hepId}/history). */
export function ItemHistoryDialog({ hepId, onClose }: { hepId: number; onClose: () => void }) {
  const history = useItemHistory(hepId);
  return (
    <Modal
      show
      size="md"
      title={history.data ? `History of ${history.data.video.title}` : 'History'}
      onClose={onClose}
    >
      {history.isPending ? (
        <PanelLoading label="Loading the history" />
      ) : history.isError ? (
        <PanelError
          error={history.error}
          onRetry={() => void history.refetch()}
          retrying={history.isFetching}
        />
      ) : history.data.events.length === 0 ? (
        <EmptyState icon={History} title="No changes recorded" />
      ) : (
        <ol aria-label="Changes" className="divide-y divide-line">
          {history.data.events.map((event) => (
            <EventEntry key={event.id} event={event} />
          ))}
        </ol>
      )}
    </Modal>
  );
}

type Tab = 'changes' | 'on-date';

/**
 * The program's timeline (every change, newest first, paged) and the program as it stood at
 * the end of a chosen day: "what was the patient told to do on 3 October?".
 */
export function ProgramHistoryDialog({
  patientId,
  onClose,
}: {
  patientId: number;
  onClose: () => void;
}) {
  const [tab, setTab] = useState<Tab>('changes');
  const tabs: TabItem<Tab>[] = [
    { value: 'changes', label: 'Changes' },
    { value: 'on-date', label: 'Program on a date' },
  ];
  return (
    <Modal show size="lg" title="Program history" onClose={onClose}>
      <div className="flex flex-col gap-4">
        <Tabs label="Program history" tabs={tabs} selected={tab} onSelect={setTab} size="base">
          {tab === 'changes' ? (
            <ProgramTimeline patientId={patientId} />
          ) : (
            <ProgramOnDate patientId={patientId} />
          )}
        </Tabs>
      </div>
    </Modal>
  );
}

function ProgramTimeline({ patientId }: { patientId: number }) {
  const [page, setPage] = useState(1);
  const history = useProgramHistory(patientId, page);
  if (history.isPending) {
    return <PanelLoading label="Loading the changes" />;
  }
  if (history.isError) {
    return (
      <PanelError
        error={history.error}
        onRetry={() => void history.refetch()}
        retrying={history.isFetching}
      />
    );
  }
  const { results, count } = history.data;
  if (count === 0) {
    return <EmptyState icon={History} title="No changes yet" />;
  }
  return (
    <div className="flex flex-col gap-3">
      <p className="flex items-center gap-2 text-sm text-ink-muted">
        {count === 1 ? '1 change' : `${count} changes`}, newest first
        {history.isPlaceholderData && <Spinner size="sm" label="Loading" />}
      </p>
      <ol aria-label="Changes" className="divide-y divide-line">
        {results.map((event) => (
          <EventEntry key={event.id} event={event} title={event.video.title} />
        ))}
      </ol>
      <Pager page={page} count={count} onChange={setPage} label="Pages of changes" />
    </div>
  );
}

function ProgramOnDate({ patientId }: { patientId: number }) {
  const inputId = useId();
  const timeZone = useClinicTimeZone();
  const today = toIsoDate(clinicToday(timeZone));
  const [typed, setTyped] = useState('');
  // A date field's value changes with every digit of the year (0002, 0020, 0202, 2026): the
  // program is asked for once typing pauses, and only for a day the server takes (issue 30: a
  // request per keystroke, one answered 400).
  const settled = useDebouncedValue(typed);
  const asOf = IsoDateSchema.safeParse(settled).success && settled <= today ? settled : null;
  const program = useProgramOnDate(patientId, asOf);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1 sm:max-w-xs">
        <label htmlFor={inputId} className="text-sm font-medium text-ink">
          Date
        </label>
        <input
          id={inputId}
          type="date"
          max={today}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          className="min-h-10 rounded-control border border-line-strong bg-surface px-3 text-base text-ink"
        />
      </div>
      {asOf === null ? (
        <EmptyState
          icon={CalendarSearch}
          title="Choose a day"
          description="See the program exactly as the patient had it at the end of that day."
        />
      ) : program.isPending ? (
        <PanelLoading label="Loading the program" />
      ) : program.isError ? (
        <PanelError
          error={program.error}
          onRetry={() => void program.refetch()}
          retrying={program.isFetching}
        />
      ) : (
        <section aria-label={`Program on ${formatDate(asOf)}`} className="flex flex-col gap-2">
          <Alert tone="info">
            Read only: the program at the end of {formatDate(asOf)}
            {program.data.items.length === 0 ? ', when it held no exercises.' : '.'}
          </Alert>
          <ol className="flex flex-col gap-2">
            {program.data.items.map((item, index) => (
              <li key={item.id}>
                <ProgramRow
                  video={item.video}
                  sets={item.sets}
                  reps={item.reps}
                  holdSeconds={item.hold_seconds}
                  description={item.description}
                  place={index + 1}
                />
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}
