import type { FastifyInstance } from 'fastify';
import { addToProgramRoute } from '@homestretch/contract/hep/add-to-program';
import {
  approvalRequestDetailsRoute,
  createApprovalRequestRoute,
  decideApprovalRoute,
  pendingApprovalRoute,
} from '@homestretch/contract/hep/approval-request';
import { programHistoryRoute, programItemHistoryRoute } from '@homestretch/contract/hep/history';
import { resolveHepRequestRoute } from '@homestretch/contract/hep/patient-request';
import { getProgramRoute } from '@homestretch/contract/hep/program';
import { removeFromProgramRoute } from '@homestretch/contract/hep/remove-from-program';
import { restoreProgramItemRoute } from '@homestretch/contract/hep/restore-program-item';
import { setProgramOrderRoute } from '@homestretch/contract/hep/set-program-order';
import {
  setTherapistApprovalRoute,
  supervisorApprovalsRoute,
} from '@homestretch/contract/hep/supervisor-approvals';
import { updateProgramItemRoute } from '@homestretch/contract/hep/update-program-item';
import { route } from '../../platform/route';
import {
  approvalRequestDetails,
  createApprovalRequest,
  decideApprovalRequest,
  pendingApproval,
  setTherapistApproval,
  supervisorApprovals,
} from './approvals.service';
import {
  addToProgram,
  getProgram,
  itemHistory,
  programHistory,
  removeFromProgram,
  resolvePatientRequest,
  restoreProgramItem,
  setProgramOrder,
  updateProgramItem,
} from './hep.service';

export function registerHepRoutes(app: FastifyInstance): void {
  route(app, getProgramRoute, 'hep.read', ({ ctx, params, query }) =>
    getProgram(ctx, params.dashboardId, query.as_of),
  );
  route(app, addToProgramRoute, 'hep.write', ({ ctx, params, body }) =>
    addToProgram(ctx, params.dashboardId, body),
  );
  route(app, updateProgramItemRoute, 'hep.write', ({ ctx, params, body }) =>
    updateProgramItem(ctx, params.dashboardId, params.hepId, body),
  );
  route(app, removeFromProgramRoute, 'hep.write', ({ ctx, params, body }) =>
    removeFromProgram(ctx, params.dashboardId, body.hep_ids),
  );
  route(app, restoreProgramItemRoute, 'hep.write', ({ ctx, params }) =>
    restoreProgramItem(ctx, params.id),
  );
  route(app, setProgramOrderRoute, 'hep.write', ({ ctx, body }) =>
    setProgramOrder(ctx, body.hep_ids),
  );
  route(app, programItemHistoryRoute, 'hep.read', ({ ctx, params }) =>
    itemHistory(ctx, params.hepId),
  );
  route(app, programHistoryRoute, 'hep.read', ({ ctx, params, query }) =>
    programHistory(ctx, params.dashboardId, query.page),
  );
  route(app, resolveHepRequestRoute, 'patients.treat', ({ ctx, params }) =>
    resolvePatientRequest(ctx, params.id),
  );

  route(app, createApprovalRequestRoute, 'hep.write', ({ ctx, params, body }) =>
    createApprovalRequest(ctx, params.dashboardId, body),
  );
  route(app, approvalRequestDetailsRoute, 'hep.read', ({ ctx, params }) =>
    approvalRequestDetails(ctx, params.id),
  );
  route(app, decideApprovalRoute, 'hep.approve', ({ ctx, params, body }) =>
    decideApprovalRequest(ctx, params.id, body),
  );
  route(app, pendingApprovalRoute, 'hep.read', ({ ctx, params }) =>
    pendingApproval(ctx, params.patientId),
  );
  route(app, supervisorApprovalsRoute, 'hep.approve', ({ ctx, query }) =>
    supervisorApprovals(ctx, query),
  );
  route(app, setTherapistApprovalRoute, 'hep.approve', ({ ctx, body }) =>
    setTherapistApproval(ctx, body),
  );
}
