import type { HepItem } from '@homestretch/contract/hep/hep-item';
import { ArrowLeft, Printer } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { clinicToday } from '../../lib/clinic-calendar';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { formatDate } from '../../ui/format-date';
import { PanelError, PanelLoading } from '../../ui/panel-states';
import { useClinicTimeZone, useCurrentUser } from '../../features/auth/api/current-user';
import { shownValue } from '../../features/library/components/video-labels';
import { usePatient } from '../../features/patients/api/get-patient';
import { useProgram } from '../../features/hep/api/get-program';
import { HepPicture } from '../../features/hep/components/hep-picture';
import { FigureImage } from '../../shared/exercise-figure/figure-image';
import { dosage } from '../../features/hep/components/program-row';

function parseId(raw: string | undefined): number | null {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * The exercise's figure at its start and end side by side when it follows a movement model
 * (issue 32 item 3: paper cannot loop); else a catalogue item's start and end photos; else a
 * film's poster alone.
 */
function ExercisePictures({ item }: { item: HepItem }) {
  if (item.video.movement) {
    return (
      <FigureImage
        videoId={item.video.id}
        frame="start-end"
        alt={`${item.video.title}: start and end positions`}
        eager
        className="aspect-[2/1] w-full shrink-0 self-start rounded-control border border-line object-contain p-2 sm:w-72"
      />
    );
  }
  const [start, end] = item.video.frame_urls;
  if (start && end) {
    return (
      <div className="grid w-full shrink-0 grid-cols-2 gap-2 sm:w-72">
        {[start, end].map((src) => (
          <HepPicture
            key={src}
            video={{ ...item.video, thumbnail_url: src, frame_urls: [] }}
            eager
            className="aspect-4/3 rounded-control border border-line"
          />
        ))}
      </div>
    );
  }
  return (
    <HepPicture
      video={item.video}
      eager
      className="aspect-video w-full shrink-0 rounded-control border border-line sm:w-72"
    />
  );
}

/**
 * hep_print (/patient/:id/program/print): the program on paper for a patient without a phone:
 * pictures, sets, reps and holds, the therapist's notes, the patient's name, the clinic and the date.
 * The browser's print (the button, or Ctrl+P) gives the sheet without the app around it.
 */
export function ProgramPrintPage() {
  const patientId = parseId(useParams().id);
  if (patientId === null) {
    return <EmptyState title="Patient not found" />;
  }
  return <PrintSheet patientId={patientId} />;
}

function PrintSheet({ patientId }: { patientId: number }) {
  const user = useCurrentUser().data;
  const timeZone = useClinicTimeZone();
  const today = useMemo(() => clinicToday(timeZone), [timeZone]);
  const patient = usePatient(patientId);
  const program = useProgram(patientId);

  const back = (
    <Link
      to={paths.patientDashboard(patientId)}
      className="inline-flex min-h-10 items-center gap-2 rounded-control px-3 font-medium text-brand-700 hover:bg-brand-50"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to the patient
    </Link>
  );

  let body;
  if (patient.isPending || program.isPending) {
    body = <PanelLoading label="Loading the program" />;
  } else if (patient.isError || program.isError) {
    const failed = patient.isError ? patient : program;
    body = (
      <PanelError
        error={failed.error}
        onRetry={() => void failed.refetch()}
        retrying={failed.isFetching}
      />
    );
  } else {
    const items = program.data.items;
    body = (
      <article className="flex flex-col gap-6">
        <header className="flex flex-wrap items-end justify-between gap-4 border-b-2 border-ink pb-4">
          <div>
            <p className="text-sm font-medium tracking-wide text-ink-muted uppercase">
              {user?.clinic_name ?? 'Homestretch'}
            </p>
            <h1 className="text-3xl font-semibold text-ink">Home exercise program</h1>
            <p className="mt-1 text-xl text-ink">
              {patient.data.first_name} {patient.data.last_name}
            </p>
          </div>
          <p className="text-base text-ink">Printed {formatDate(today)}</p>
        </header>
        {items.length === 0 ? (
          <p className="text-lg text-ink">No exercises have been prescribed yet.</p>
        ) : (
          <ol className="flex flex-col gap-5">
            {items.map((item, index) => {
              const instructions = shownValue(item.video.description);
              return (
                <li
                  key={item.id}
                  className="flex break-inside-avoid flex-col gap-4 border-b border-line pb-5 sm:flex-row"
                >
                  <ExercisePictures item={item} />
                  <div className="flex flex-col gap-2">
                    <h2 className="text-2xl font-semibold text-ink">
                      {index + 1}. {item.video.title}
                    </h2>
                    <p className="text-xl font-semibold text-ink">
                      {dosage(item.sets, item.reps, item.hold_seconds)}
                    </p>
                    {item.description && (
                      <p className="text-lg whitespace-pre-line text-ink">{item.description}</p>
                    )}
                    {instructions && (
                      <p className="text-base whitespace-pre-line text-ink-muted">{instructions}</p>
                    )}
                    <p className="text-base text-ink-muted">
                      Done: <span className="tracking-[0.4em]">☐ ☐ ☐ ☐ ☐ ☐ ☐</span>
                    </p>
                  </div>
                </li>
              );
            })}
          </ol>
        )}
        <footer className="text-sm text-ink-muted">
          Questions about your exercises? Call your clinic or ask in the Homestretch app.
        </footer>
      </article>
    );
  }

  return (
    <main className="mx-auto max-w-4xl bg-surface p-6 print:max-w-none print:p-0">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-2 print:hidden">
        {back}
        <Button onClick={() => window.print()} disabled={!program.isSuccess || !patient.isSuccess}>
          <Printer aria-hidden="true" className="size-4" />
          Print
        </Button>
      </div>
      {body}
    </main>
  );
}
