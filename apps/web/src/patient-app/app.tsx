import { lazy, Suspense, type ReactNode } from 'react';
import { ArrowLeft, LogOut, RotateCw, TriangleAlert } from 'lucide-react';
import type { TodayProgram } from '@homestretch/contract/patient-app/program';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { isApiError } from '../lib/api-client';
import { errorMessage } from '../lib/error-messages';
import { useTodayProgram } from './api/program';
import { useMe, useSignOut } from './api/session';
import { AppFrame } from './components/app-frame';
import { startSession } from './lib/exercise-session';
import { readProgram } from './lib/program-cache';
import { useViews } from './lib/use-views';
import { AskScreen } from './screens/ask-screen';
import { ExerciseScreen } from './screens/exercise-screen';
import { PainScreen } from './screens/pain-screen';
import { ProgramScreen } from './screens/program-screen';

// The chat (its thread, composer and the real-time client) is its own chunk, loaded when the
// patient opens it: the app's first download stays within its budget.
const ChatScreen = lazy(async () => ({
  default: (await import('./screens/chat-screen')).ChatScreen,
}));

// A patient signs in once on a phone and stays signed in: the form (its fields and checks) is
// fetched only when nobody is, not with every opening of the program.
const SignInScreen = lazy(async () => ({
  default: (await import('./screens/sign-in-screen')).SignInScreen,
}));

/**
 * The patient app: who is signed in decides the screen. A phone without a network still opens
 * the program it last loaded for the account that loaded it.
 */
export function PatientApp() {
  const me = useMe();
  if (me.isPending) {
    return <Loading />;
  }
  if (me.isSuccess) {
    return me.data.role === 'patient' ? (
      <SignedIn userId={me.data.id} firstName={me.data.first_name} />
    ) : (
      <Refusal title="This app is for patients">
        Clinic staff use{' '}
        <a href="/" className="font-medium underline">
          Homestretch for clinics
        </a>
        . Sign out here to sign in as a patient.
      </Refusal>
    );
  }
  const error = me.error;
  if (isApiError(error) && error.status === 401) {
    return (
      <Suspense fallback={<Loading />}>
        <SignInScreen />
      </Suspense>
    );
  }
  if (isApiError(error) && error.isNetworkError) {
    const kept = readProgram();
    if (kept) {
      return <SignedIn userId={kept.userId} firstName={kept.firstName} />;
    }
  }
  return (
    <AppFrame>
      <Problem message={errorMessage(error)} onRetry={() => void me.refetch()} />
    </AppFrame>
  );
}

function Loading() {
  return (
    <AppFrame>
      <Waiting label="Loading your program" />
    </AppFrame>
  );
}

function Waiting({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-16">
      <Spinner size="lg" label={label} />
    </div>
  );
}

function Problem({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <section className="flex flex-col items-center gap-4 rounded-card bg-surface p-6 text-center shadow-card">
      <TriangleAlert aria-hidden="true" className="size-10 text-danger-600" />
      <p role="alert" className="text-lg text-ink">
        {message}
      </p>
      <Button size="lg" variant="secondary" className="w-full" onClick={onRetry}>
        <RotateCw aria-hidden="true" className="size-5" />
        Try again
      </Button>
    </section>
  );
}

function SignOutButton() {
  const signOut = useSignOut();
  return (
    <Button
      variant="ghost"
      className="min-h-12"
      loading={signOut.isPending}
      onClick={() => signOut.mutate()}
    >
      <LogOut aria-hidden="true" className="size-5" />
      Sign out
    </Button>
  );
}

function Refusal({ title, children }: { title: string; children: ReactNode }) {
  return (
    <AppFrame action={<SignOutButton />}>
      <h1 className="text-3xl font-semibold text-ink">{title}</h1>
      <Alert tone="info">
        <p className="text-base">{children}</p>
      </Alert>
    </AppFrame>
  );
}

/**
 * The program as loaded, or the copy kept on the phone when the network is gone (at start, or
 * on a later reload, which keeps the last answer).
 */
function useProgramOrKept(userId: number, firstName: string) {
  const query = useTodayProgram({ userId, firstName });
  const offline = query.isError && isApiError(query.error) && query.error.isNetworkError;
  const kept = offline ? readProgram(userId) : null;
  if (query.data) {
    return { query, program: query.data, offlineSince: kept?.savedAt ?? null };
  }
  return { query, program: kept?.program ?? null, offlineSince: kept?.savedAt ?? null };
}

function SignedIn({ userId, firstName }: { userId: number; firstName: string }) {
  const { query, program, offlineSince } = useProgramOrKept(userId, firstName);
  const { view, go, home } = useViews();
  const onProgram = view.name === 'program';
  const action = onProgram ? (
    <SignOutButton />
  ) : (
    <Button variant="ghost" className="min-h-12" onClick={home}>
      <ArrowLeft aria-hidden="true" className="size-5" />
      My program
    </Button>
  );
  return (
    <AppFrame action={action}>
      {program ? (
        <Screen
          view={view}
          userId={userId}
          program={program}
          firstName={firstName}
          offlineSince={offlineSince}
          go={go}
          home={home}
        />
      ) : isApiError(query.error) && query.error.status === 404 ? (
        <Alert tone="info">
          <p className="text-base font-semibold">No patient record</p>
          <p className="mt-1 text-base">
            This account is not linked to a patient record at your clinic. Please call your clinic.
          </p>
        </Alert>
      ) : query.isError ? (
        <Problem message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      ) : (
        <Waiting label="Loading your program" />
      )}
    </AppFrame>
  );
}

function Screen({
  view,
  userId,
  program,
  firstName,
  offlineSince,
  go,
  home,
}: {
  view: ReturnType<typeof useViews>['view'];
  userId: number;
  program: TodayProgram;
  firstName: string;
  offlineSince: string | null;
  go: ReturnType<typeof useViews>['go'];
  home: () => void;
}) {
  const therapist = program.therapist
    ? `${program.therapist.first_name} ${program.therapist.last_name}`
    : null;
  const open = (id: number) => {
    startSession(new Date());
    go({ name: 'exercise', id });
  };
  switch (view.name) {
    case 'exercise': {
      const index = program.items.findIndex((item) => item.id === view.id);
      const item = program.items[index];
      if (!item) {
        // Taken out of the program since this screen was opened.
        break;
      }
      const next = program.items[index + 1];
      return (
        <ExerciseScreen
          key={item.id}
          item={item}
          number={index + 1}
          total={program.items.length}
          offline={offlineSince !== null}
          onNext={() => next && open(next.id)}
          onFinish={() => go({ name: 'pain' })}
        />
      );
    }
    case 'pain':
      return <PainScreen program={program} onDone={home} />;
    case 'ask':
      return <AskScreen therapistName={therapist} onDone={home} />;
    case 'chat':
      return (
        <Suspense fallback={<Waiting label="Opening the chat" />}>
          <ChatScreen meId={userId} />
        </Suspense>
      );
    case 'program':
      break;
  }
  return (
    <ProgramScreen
      firstName={firstName}
      program={program}
      offlineSince={offlineSince}
      onOpen={(item) => open(item.id)}
      onFinish={() => go({ name: 'pain' })}
      onAsk={() => go({ name: 'ask' })}
      onChat={() => go({ name: 'chat' })}
    />
  );
}
