import type { FastifyInstance } from 'fastify';
import {
  listBannerSnoozesRoute,
  listBannersRoute,
  snoozeBannerRoute,
  unsnoozeBannerRoute,
} from '@homestretch/contract/health/banners';
import {
  createFunctionalDataRoute,
  listFunctionalDataRoute,
  updateFunctionalDataRoute,
} from '@homestretch/contract/health/functional-data';
import { healthChartRoute } from '@homestretch/contract/health/health-chart';
import { ingestHealthSamplesRoute } from '@homestretch/contract/health/ingest-health-samples';
import { progressRoute } from '@homestretch/contract/health/progress';
import { patientAppHealthRoute } from '@homestretch/contract/patient-app/patient-app';
import { patientReportRoute } from '@homestretch/contract/health/patient-report';
import { route } from '../../platform/route';
import { listBannerSnoozes, listBanners, snoozeBanner, unsnoozeBanner } from './banners.service';
import { getHealthChart, getOwnHealthChart, getPatientReport, getProgress } from './charts.service';
import {
  createFunctionalData,
  listFunctionalData,
  updateFunctionalData,
} from './functional-data.service';
import { ingestHealthSamples } from './ingest.service';

export function registerHealthRoutes(app: FastifyInstance): void {
  // The patient record's clinical data: clinicians only (office managers get 403).
  route(app, healthChartRoute, 'patients.record', ({ ctx, params, query }) =>
    getHealthChart(ctx, params.patientId, query),
  );
  route(app, progressRoute, 'patients.record', ({ ctx, params, query }) =>
    getProgress(ctx, params.patientId, query.weeks_ago),
  );
  route(app, patientReportRoute, 'patients.record', ({ ctx, params, query }) =>
    getPatientReport(ctx, params.id, query.weeks_ago),
  );
  route(app, listFunctionalDataRoute, 'patients.record', ({ ctx, params }) =>
    listFunctionalData(ctx, params.patientId),
  );
  route(app, createFunctionalDataRoute, 'patients.treat', ({ ctx, params, body }) =>
    createFunctionalData(ctx, params.patientId, body),
  );
  route(app, updateFunctionalDataRoute, 'patients.treat', ({ ctx, params, body }) =>
    updateFunctionalData(ctx, params.patientId, body),
  );
  route(app, listBannersRoute, 'patients.record', ({ ctx, params }) =>
    listBanners(ctx, params.patientId),
  );
  route(app, listBannerSnoozesRoute, 'patients.record', ({ ctx, params }) =>
    listBannerSnoozes(ctx, params.patientId),
  );
  route(app, snoozeBannerRoute, 'patients.record', ({ ctx, params, body }) =>
    snoozeBanner(ctx, params.patientId, params.banner, body?.days),
  );
  route(app, unsnoozeBannerRoute, 'patients.record', async ({ ctx, params }) => {
    await unsnoozeBanner(ctx, params.patientId, params.banner);
    return { ok: true as const };
  });

  // The patient app: the signed-in patient's own data only.
  route(app, ingestHealthSamplesRoute, 'patient_app.self', ({ ctx, body }) =>
    ingestHealthSamples(ctx, body),
  );
  route(app, patientAppHealthRoute, 'patient_app.self', ({ ctx, query }) =>
    getOwnHealthChart(ctx, query),
  );
}
