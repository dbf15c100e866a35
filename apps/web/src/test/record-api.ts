import { settingsFixture, userFixture } from './fixtures';
import { programFixture } from './hep-fixtures';
import { mockApi, type MockHandler, type MockReply } from './mock-api';
import { patientMonitoringFixture } from './monitoring-fixtures';
import { healthChartFixture, patientFixture, progressFixture } from './record-fixtures';

/**
 * The API behind patient 12's dashboard for the signed-in therapist (userFixture): every panel
 * answers, the program with three exercises. `extra` replaces or adds routes.
 */
export function recordApi(extra: Record<string, MockHandler | MockReply> = {}) {
  return mockApi({
    'GET /api/v1/users/': { body: { results: [userFixture()], count: 1 } },
    'GET /user/settings-info': { body: settingsFixture },
    'GET /api/v1/patients/12/': { body: patientFixture() },
    'GET /user/therapist/banners/12': { body: { results: [], count: 0 } },
    'GET /user/therapist/banners/12/snoozes': { body: { results: [], count: 0 } },
    'GET /user/therapist/dashboard/health/12': ({ url }) => ({
      body: healthChartFixture(
        url.searchParams.get('from') ?? '',
        url.searchParams.get('to') ?? '',
      ),
    }),
    'GET /user/therapist/dashboard/progress/12': ({ url }) => ({
      body: progressFixture(Number(url.searchParams.get('weeks_ago'))),
    }),
    'GET /api/v1/patients/12/log_interaction/': { body: { results: [], count: 0 } },
    'GET /user/therapist/dashboard/functional-data/12': { body: { results: [], count: 0 } },
    'GET /video/hep/therapist/12': { body: programFixture() },
    'GET /api/v1/patients/12/monitoring/': { body: patientMonitoringFixture() },
    ...extra,
  });
}
