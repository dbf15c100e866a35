import type { FastifyInstance } from 'fastify';
import { changeTherapistRoute } from '@homestretch/contract/patients/change-therapist';
import { dischargePatientsRoute } from '@homestretch/contract/patients/discharge-patients';
import { getPatientRoute } from '@homestretch/contract/patients/get-patient';
import {
  deleteInteractionRoute,
  listInteractionsRoute,
  logInteractionRoute,
} from '@homestretch/contract/patients/interaction-log';
import { listPatientsRoute } from '@homestretch/contract/patients/list-patients';
import {
  onboardPatientRoute,
  reOnboardPatientRoute,
} from '@homestretch/contract/patients/onboard-patient';
import { registerPatientRoute } from '@homestretch/contract/patients/register-patient';
import { removePatientRoute } from '@homestretch/contract/patients/remove-patient';
import { sendAppReminderRoute } from '@homestretch/contract/patients/send-app-reminder';
import { updatePatientRoute } from '@homestretch/contract/patients/update-patient';
import { updateRtmCoverageRoute } from '@homestretch/contract/patients/update-rtm-coverage';
import { route } from '../../platform/route';
import {
  changeTherapists,
  dischargePatients,
  findPatients,
  getPatient,
  onboardPatient,
  reOnboardPatient,
  registerPatient,
  removePatient,
  updatePatientDetails,
  updateRtmCoverage,
} from './patients.service';
import { sendAppReminder } from './app-reminder.service';
import { deleteInteraction, listInteractions, logInteraction } from './interactions.service';

export function registerPatientRoutes(app: FastifyInstance): void {
  // The roster: staff, office managers included.
  route(app, listPatientsRoute, 'patients.list', ({ ctx, query }) => findPatients(ctx, query));
  route(app, registerPatientRoute, 'patients.manage', ({ ctx, body }) =>
    registerPatient(ctx, body),
  );
  route(app, updatePatientRoute, 'patients.manage', ({ ctx, params, body }) =>
    updatePatientDetails(ctx, params.id, body),
  );
  route(app, dischargePatientsRoute, 'patients.manage', ({ ctx, body }) =>
    dischargePatients(ctx, body.patient_ids),
  );
  route(app, updateRtmCoverageRoute, 'patients.manage', ({ ctx, params, body }) =>
    updateRtmCoverage(ctx, params.id, body.is_rtm_covered),
  );
  route(app, changeTherapistRoute, 'patients.manage', ({ ctx, params, body }) =>
    changeTherapists(ctx, params.id, body),
  );
  route(app, sendAppReminderRoute, 'patients.manage', ({ ctx, params, body }) =>
    sendAppReminder(ctx, params.id, body),
  );
  route(app, removePatientRoute, 'patients.manage', async ({ ctx, params }) => {
    await removePatient(ctx, params.id);
    return { ok: true as const };
  });

  // The record and clinical changes: clinicians only.
  route(app, getPatientRoute, 'patients.record', ({ ctx, params }) => getPatient(ctx, params.id));
  route(app, onboardPatientRoute, 'patients.treat', ({ ctx, params, body }) =>
    onboardPatient(ctx, params.id, body),
  );
  route(app, reOnboardPatientRoute, 'patients.treat', ({ ctx, params, body }) =>
    reOnboardPatient(ctx, params.id, body),
  );
  route(app, listInteractionsRoute, 'patients.record', ({ ctx, params, query }) =>
    listInteractions(ctx, params.id, query.page),
  );
  route(app, logInteractionRoute, 'patients.treat', ({ ctx, params, body }) =>
    logInteraction(ctx, params.id, body),
  );
  route(app, deleteInteractionRoute, 'patients.treat', ({ ctx, params, body }) =>
    deleteInteraction(ctx, params.id, body),
  );
}
