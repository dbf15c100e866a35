import { DEFAULT_TOOLTIP_MESSAGE } from '@homestretch/contract/common/constants';
import { useQueryClient } from '@tanstack/react-query';
import { Lock, UserX } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { isApiError } from '../../lib/api-client';
import { lazyComponent } from '../../lib/lazy-component';
import { clinicToday } from '../../lib/clinic-calendar';
import { useIsMobile } from '../../lib/device';
import { errorMessage } from '../../lib/error-messages';
import { Alert } from '../../ui/alert';
import { EmptyState } from '../../ui/empty-state';
import { ErrorState } from '../../ui/error-state';
import { Card } from '../../ui/card';
import { AfterFirstPaint } from '../../ui/after-first-paint';
import { PanelLoading } from '../../ui/panel-states';
import { Spinner } from '../../ui/spinner';
import { useClinicTimeZone, useCurrentUser } from '../../features/auth/api/current-user';
import { useMonitorPatient } from '../../features/monitoring/components/use-monitor-patient';
import {
  mayMessagePatient,
  MessagePatientButton,
  usePatientChatMonitoring,
} from '../../features/chat/components/message-patient';
import { usePatient } from '../../features/patients/api/get-patient';
import { PatientContact } from '../../features/patients/components/record/patient-contact';
import { PatientHeader } from '../../features/patients/components/record/patient-header';
import { givesCareTo } from '../../lib/care-team';
import {
  canOpenRecord,
  runsFrontDesk,
  treatsPatients,
} from '../../features/patients/components/roster/patient-labels';
import { progressQueryOptions } from '../../features/health/api/get-progress';
import { bannersQueryOptions } from '../../features/health/api/list-banners';
import { bannerSnoozesQueryOptions } from '../../features/health/api/list-banner-snoozes';
import { RecordBanners } from '../../features/health/components/record-banners';
import { WeeklyProgress } from '../../features/health/components/weekly-progress';
import { WeeklyReport } from '../../features/health/components/weekly-report';
import { MonitoringPanel } from '../../features/monitoring/components/monitoring-panel';

// The panels below the fold on a desktop screen are chunks of their own, fetched as the record
// is asked for and rendered after the first paint (AfterFirstPaint): the program builder (about
// 20 KB with its list, rows and notices), the fifteen health charts' panel, the interaction log
// and the functional data (with their forms). The header, alerts and weekly figures at the top
// neither wait for their code nor share a long task with their rendering (issue 29).
const programPanel = lazyComponent(
  async () => (await import('../../features/hep/components/program-panel')).ProgramPanel,
);
const healthCharts = lazyComponent(
  async () => (await import('../../features/health/components/health-charts')).HealthCharts,
);
const interactionLog = lazyComponent(
  async () =>
    (await import('../../features/patients/components/record/interaction-log')).InteractionLog,
);
const functionalData = lazyComponent(
  async () => (await import('../../features/health/components/functional-data')).FunctionalData,
);
const ProgramPanel = programPanel.Component;
const HealthCharts = healthCharts.Component;
const InteractionLog = interactionLog.Component;
const FunctionalData = functionalData.Component;

/** Starts fetching the lower panels' code, alongside the record's data. */
function preloadLowerPanels() {
  for (const panel of [healthCharts, interactionLog, functionalData, programPanel]) {
    panel.loadOnce().catch(() => undefined);
  }
}

// The call button is its own small chunk, loaded only for those who treat (not office managers or
// supervisors), so it adds nothing to the dashboard's first download.
const CallButton = lazy(async () => ({
  default: (await import('../../features/voice/components/call-button')).CallButton,
}));

const programLoading = (
  <Card title="Home exercise program">
    <PanelLoading label="Loading the program" />
  </Card>
);

/** A lower panel: after the first paint, its place held by a quiet card while its code comes. */
function Lower({ title, children }: { title: string; children: ReactNode }) {
  const loading = (
    <Card title={title}>
      <PanelLoading label={`Loading ${title.toLowerCase()}`} />
    </Card>
  );
  return (
    <AfterFirstPaint fallback={loading}>
      <Suspense fallback={loading}>{children}</Suspense>
    </AfterFirstPaint>
  );
}

const backToPatients = (
  <Link
    to={paths.patientList()}
    className="inline-flex min-h-10 items-center rounded-control px-3 font-medium text-brand-700 underline hover:text-brand-800"
  >
    Back to patients
  </Link>
);

function parsePatientId(raw: string | undefined): number | null {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

function PatientNotFound() {
  return (
    <div className="mx-auto max-w-lg">
      <h1 className="sr-only">Patient dashboard</h1>
      <EmptyState
        icon={UserX}
        title="Patient not found"
        description="This patient does not exist in your clinic, or was removed."
        action={backToPatients}
      />
    </div>
  );
}

/** patient_dashboard (/patient/:id/dashboard): one patient's record, data and follow-up. */
export function PatientDashboardPage() {
  const params = useParams();
  const patientId = parsePatientId(params.id);
  if (patientId === null) {
    return <PatientNotFound />;
  }
  // Keyed so moving to another patient starts every panel (week, period, forms) afresh.
  return <PatientDashboard key={patientId} patientId={patientId} />;
}

function PatientDashboard({ patientId }: { patientId: number }) {
  const patient = usePatient(patientId);
  const timeZone = useClinicTimeZone();
  // The clinic's day: a birthday evening in New York is not yet the next day (the patient's age).
  const today = useMemo(() => clinicToday(timeZone), [timeZone]);
  // Under the route guard the user is loaded; a supervisor reads the record without its controls.
  const user = useCurrentUser().data;
  const role = user?.role ?? 'supervisor';
  const phone = useIsMobile();
  // spec §4: the record shown is the patient monitored; leaving the page stops. Its chat modal
  // open, the time is chat time.
  const chat = usePatientChatMonitoring(patientId, phone);
  useMonitorPatient(chat.held ? null : (patient.data ?? null), chat.context);
  // The figures at the top are asked for with the record, not once it has come and rendered:
  // the weekly progress and the alerts were a round trip behind it (issue 29, the dashboard's
  // largest paint). Not for those the record is closed to (office managers), who get no panels.
  const queryClient = useQueryClient();
  const opensRecord = canOpenRecord(role);
  useEffect(() => {
    preloadLowerPanels();
    if (opensRecord) {
      void queryClient.prefetchQuery(progressQueryOptions(patientId, 0));
      void queryClient.prefetchQuery(bannersQueryOptions(patientId));
      void queryClient.prefetchQuery(bannerSnoozesQueryOptions(patientId));
    }
  }, [queryClient, patientId, opensRecord]);

  if (patient.isPending) {
    return (
      <div className="flex min-h-64 items-center justify-center">
        <Spinner size="lg" label="Loading the patient" />
      </div>
    );
  }
  if (patient.isError) {
    const status = isApiError(patient.error) ? patient.error.status : null;
    if (status === 404) {
      return <PatientNotFound />;
    }
    if (status === 403) {
      // spec §2: office managers do not open patient pages; this is the product's own wording.
      return (
        <div className="mx-auto max-w-lg">
          <h1 className="sr-only">Patient dashboard</h1>
          <EmptyState icon={Lock} title={DEFAULT_TOOLTIP_MESSAGE} action={backToPatients} />
        </div>
      );
    }
    return (
      <div className="mx-auto max-w-lg">
        <h1 className="mb-4 text-xl font-semibold text-ink">Patient dashboard</h1>
        <ErrorState
          message={errorMessage(patient.error)}
          onRetry={() => void patient.refetch()}
          retrying={patient.isFetching}
        />
      </div>
    );
  }

  const record = patient.data;
  const name = `${record.first_name} ${record.last_name}`;
  // A colleague's patient is read, not treated: no controls the server would refuse (decision 031).
  const treats = user !== undefined && givesCareTo(user, record);
  const colleaguesPatient = !treats && treatsPatients(role);
  const header = (
    <PatientHeader
      patient={record}
      today={today}
      editable={runsFrontDesk(role)}
      call={
        treats && (
          <div className="flex flex-wrap items-start gap-2">
            <Suspense fallback={null}>
              <CallButton patient={record} />
            </Suspense>
            {user && mayMessagePatient(user, record) && <MessagePatientButton patient={record} />}
          </div>
        )
      }
    />
  );
  const readOnlyNotice = colleaguesPatient && (
    <Alert tone="info">
      You are reading this record: {record.first_name}&apos;s program, calls, messages and
      monitoring time are for their treating therapists and the clinic&apos;s admin. Covering for a
      colleague? Ask the front desk to add you with Change therapists on the patient list.
    </Alert>
  );
  const interactionLog = (
    <Lower title="Interaction log">
      <InteractionLog patientId={patientId} editable={treats} />
    </Lower>
  );
  const functionalData = (
    <Lower title="Functional data">
      <FunctionalData patientId={patientId} editable={treats} />
    </Lower>
  );
  const healthCharts = (
    <Lower title="Health metrics">
      <HealthCharts patientId={patientId} />
    </Lower>
  );
  const banners = (
    <RecordBanners
      patientId={patientId}
      callDue={
        <p className="mt-1 text-sm">
          <PatientContact patient={record} />
        </p>
      }
    />
  );
  const program = (
    <AfterFirstPaint fallback={programLoading}>
      <Suspense fallback={programLoading}>
        <ProgramPanel patient={record} />
      </Suspense>
    </AfterFirstPaint>
  );
  const progress = <WeeklyProgress patientId={patientId} />;
  const report = <WeeklyReport patientId={patientId} patientName={name} />;
  const monitoring = <MonitoringPanel patientId={patientId} />;

  if (phone) {
    // One column on a phone: what the therapist acts on (alerts, contact, the interaction log, the
    // program) comes before the fifteen charts, which once put the log ~6,900 px down the page.
    // Reordered in the markup, not with CSS order, so reading and tab order follow what is seen.
    return (
      <div className="flex flex-col gap-4">
        {header}
        {readOnlyNotice}
        {banners}
        {interactionLog}
        {program}
        {progress}
        {report}
        {monitoring}
        {functionalData}
        {healthCharts}
      </div>
    );
  }

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-4">
      {header}
      {readOnlyNotice}
      {banners}
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">{progress}</div>
        <div className="flex min-w-0 flex-col gap-4">
          {report}
          {monitoring}
        </div>
      </div>
      {healthCharts}
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="min-w-0">{interactionLog}</div>
        <div className="min-w-0">{functionalData}</div>
      </div>
      {program}
    </div>
  );
}
