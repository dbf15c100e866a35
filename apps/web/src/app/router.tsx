import { Suspense, useMemo, type ComponentType } from 'react';
import { matchRoutes, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import {
  isRouteHandle,
  paths,
  routePatterns,
  type RouteHandle,
  type ScreenName,
} from '../config/paths';
import { lazyComponent } from '../lib/lazy-component';
import { FullPageSpinner } from './full-page-spinner';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import { RouteErrorBoundary } from './pages/route-error-page';
import { RouteGuard } from './route-guard';
import { CurrentScreenContext } from './use-current-screen';

/** The code of each lazily loaded route, by route: what `preloadRoutesOf` starts early. */
const routeCode = new Map<RouteObject, () => Promise<ComponentType>>();

/**
 * A route whose screen code is its own chunk, loaded on first visit. What the screen asks for
 * first is asked for by the page itself (early-data.ts).
 */
function screenRoute(
  path: string,
  screen: ScreenName,
  load: () => Promise<ComponentType>,
): RouteObject {
  const handle: RouteHandle = { screen };
  const { Component: Screen, loadOnce } = lazyComponent(load);
  return withCode(loadOnce, { path, handle, element: <Screen /> });
}

/** Registers the code a route loads lazily, for `preloadRoutesOf`. */
function withCode(load: () => Promise<ComponentType>, route: RouteObject): RouteObject {
  routeCode.set(route, load);
  return route;
}

const appLayout = lazyComponent(async () => (await import('./layouts/app-layout')).AppLayout);
const AppLayout = appLayout.Component;

/**
 * Every route of spec §2 (history mode), rendered by `AppRoutes` inside whichever router mounts
 * it: the browser's in the app, a memory router in tests. Declarative routes rather than a data
 * router: the app loads its data with TanStack Query, and the data router's code was 18 KB
 * (gzip) of every screen's first download (docs/benchmarks.md).
 */
export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        // Protected layout at / (requires authentication).
        path: routePatterns.root,
        element: <RouteGuard area="protected" />,
        children: [
          withCode(appLayout.loadOnce, {
            element: <AppLayout />,
            children: [
              { index: true, element: <Navigate to={paths.patientList()} replace /> },
              screenRoute(
                routePatterns.patientList,
                'patient_list',
                async () => (await import('./pages/patient-list-page')).PatientListPage,
              ),
              screenRoute(
                routePatterns.patientDashboard,
                'patient_dashboard',
                async () => (await import('./pages/patient-dashboard-page')).PatientDashboardPage,
              ),
              screenRoute(
                routePatterns.therapistList,
                'therapist_list',
                async () =>
                  (await import('../features/staff/pages/therapist-list-page')).TherapistListPage,
              ),
              screenRoute(
                routePatterns.therapistDashboard,
                'therapist_dashboard',
                async () =>
                  (await import('./pages/therapist-dashboard-page')).TherapistDashboardPage,
              ),
              screenRoute(
                routePatterns.approvals,
                'supervisor_approvals',
                async () => (await import('./pages/approvals-page')).ApprovalsPage,
              ),
              screenRoute(
                routePatterns.approvalRequest,
                'supervisor_approval_request',
                async () => (await import('./pages/approval-request-page')).ApprovalRequestPage,
              ),
              screenRoute(
                routePatterns.supervisorProfile,
                'supervisor_profile',
                async () =>
                  (await import('../features/supervisors/pages/supervisor-profile-page'))
                    .SupervisorProfilePage,
              ),
              screenRoute(
                routePatterns.clinicAdmin,
                'clinic_admin',
                async () => (await import('./pages/clinic-admin-page')).ClinicAdminPage,
              ),
              screenRoute(
                routePatterns.balances,
                'balances_dashboard',
                async () => (await import('../features/billing/pages/balances-page')).BalancesPage,
              ),
              screenRoute(
                routePatterns.exerciseLibrary,
                'exercise_library',
                async () =>
                  (await import('../features/library/pages/exercise-library-page'))
                    .ExerciseLibraryPage,
              ),
              screenRoute(
                routePatterns.exerciseUpload,
                'exercise_upload',
                async () =>
                  (await import('../features/library/pages/exercise-upload-page'))
                    .ExerciseUploadPage,
              ),
              screenRoute(
                routePatterns.exerciseEdit,
                'exercise_edit',
                async () =>
                  (await import('../features/library/pages/exercise-edit-page')).ExerciseEditPage,
              ),
              screenRoute(
                routePatterns.programTemplates,
                'program_templates',
                async () =>
                  (await import('../features/templates/pages/templates-page')).TemplatesPage,
              ),
              screenRoute(
                routePatterns.referral,
                'referral_program',
                async () => (await import('../features/referral/pages/referral-page')).ReferralPage,
              ),
              screenRoute(
                routePatterns.chatSessions,
                'chat_sessions',
                async () =>
                  (await import('../features/chat/pages/chat-sessions-page')).ChatSessionsPage,
              ),
              screenRoute(
                routePatterns.chatMessages,
                'chat_messages',
                async () => (await import('./pages/chat-messages-page')).ChatMessagesPage,
              ),
            ],
          }),
          // A sheet to print for patients without a phone: the program alone, no app chrome.
          screenRoute(
            routePatterns.programPrint,
            'hep_print',
            async () => (await import('./pages/program-print-page')).ProgramPrintPage,
          ),
        ],
      },
      {
        // Spec §2: visiting login first tries to load the current user.
        element: <RouteGuard area="login" />,
        children: [
          {
            element: <PublicLayout />,
            children: [
              screenRoute(
                routePatterns.login,
                'login',
                async () => (await import('../features/auth/pages/login-page')).LoginPage,
              ),
            ],
          },
        ],
      },
      {
        element: <PublicLayout />,
        children: [
          screenRoute(
            routePatterns.supervisorLogin,
            'supervisor_login',
            async () =>
              (await import('../features/auth/pages/supervisor-login-page')).SupervisorLoginPage,
          ),
          screenRoute(
            routePatterns.patientSignup,
            'patient_signup',
            async () =>
              (await import('../features/patient-signup/pages/patient-signup-page'))
                .PatientSignupPage,
          ),
          screenRoute(
            routePatterns.therapistSignup,
            'therapist_signup',
            async () =>
              (await import('../features/auth/pages/therapist-signup-page')).TherapistSignupPage,
          ),
          screenRoute(
            routePatterns.findPassword,
            'find_password',
            async () =>
              (await import('../features/auth/pages/find-password-page')).FindPasswordPage,
          ),
          screenRoute(
            routePatterns.resetPassword,
            'reset_password',
            async () =>
              (await import('../features/auth/pages/reset-password-page')).ResetPasswordPage,
          ),
          screenRoute(
            '*',
            'not_found',
            async () => (await import('./pages/not-found-page')).NotFoundPage,
          ),
        ],
      },
    ],
  },
];

/**
 * Starts fetching the code of every lazily loaded route a path matches: on a first visit the
 * layout's and the screen's chunks then load beside the session check, instead of one after
 * the other behind it (three waits on a slow phone, two of them for script).
 */
export function preloadRoutesOf(pathname: string): void {
  for (const match of matchRoutes(appRoutes, pathname) ?? []) {
    const load = routeCode.get(match.route);
    void load?.();
  }
}

/** The screen of the deepest matched route that names one (its `handle.screen`). */
function screenAt(pathname: string): ScreenName | null {
  const matches = matchRoutes(appRoutes, pathname) ?? [];
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle: unknown = matches[index]?.route.handle;
    if (isRouteHandle(handle)) {
      return handle.screen;
    }
  }
  return null;
}

/**
 * The app's routes, with the current screen known to the layouts around it. A screen whose code
 * is still loading keeps the previous screen up (navigations are transitions); only the very
 * first load shows the full-page spinner.
 */
export function AppRoutes() {
  const location = useLocation();
  const screen = useMemo(() => screenAt(location.pathname), [location.pathname]);
  const routes = useRoutes(appRoutes);
  return (
    <CurrentScreenContext value={screen}>
      <RouteErrorBoundary resetKey={location.pathname}>
        <Suspense fallback={<FullPageSpinner />}>{routes}</Suspense>
      </RouteErrorBoundary>
    </CurrentScreenContext>
  );
}
