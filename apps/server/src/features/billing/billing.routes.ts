import type { FastifyInstance } from 'fastify';
import { billingChartRoute } from '@homestretch/contract/billing/billing-chart';
import {
  checkBillingFileRoute,
  downloadBillingFileRoute,
  listBillingFilesRoute,
  uploadBillingFileRoute,
} from '@homestretch/contract/billing/billing-files';
import {
  getBillingInfoRoute,
  putBillingInfoRoute,
} from '@homestretch/contract/billing/billing-info';
import { billingPatientRoute } from '@homestretch/contract/billing/billing-patient';
import { billingUnitsRoute } from '@homestretch/contract/billing/billing-units';
import { route } from '../../platform/route';
import {
  billingChart,
  billingPatient,
  billingUnits,
  checkBillingFile,
  downloadBillingFile,
  getBillingInfo,
  listBillingFiles,
  putBillingInfo,
  uploadBillingFile,
} from './billing.service';

export function registerBillingRoutes(app: FastifyInstance): void {
  route(app, billingUnitsRoute, 'billing.read', ({ ctx, query }) => billingUnits(ctx, query));
  route(app, billingPatientRoute, 'billing.read', ({ ctx, params, query }) =>
    billingPatient(ctx, params.patientId, query),
  );
  route(app, billingChartRoute, 'billing.read', ({ ctx, query }) => billingChart(ctx, query));
  route(app, getBillingInfoRoute, 'billing.read', ({ ctx, params }) =>
    getBillingInfo(ctx, params.code),
  );
  route(app, putBillingInfoRoute, 'billing.manage', ({ ctx, params, body }) =>
    putBillingInfo(ctx, params.code, body),
  );
  route(app, checkBillingFileRoute, 'billing.read', ({ ctx, params }) =>
    checkBillingFile(ctx, params),
  );
  route(app, downloadBillingFileRoute, 'billing.read', ({ ctx, params, query }) =>
    downloadBillingFile(ctx, params, query.format),
  );
  route(app, uploadBillingFileRoute, 'billing.upload', ({ ctx, params, body }) =>
    uploadBillingFile(ctx, params, body),
  );
  route(app, listBillingFilesRoute, 'billing.read', ({ ctx }) => listBillingFiles(ctx));
}
