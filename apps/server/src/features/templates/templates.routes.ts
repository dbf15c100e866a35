import type { FastifyInstance } from 'fastify';
import { copyTemplateRoute } from '@homestretch/contract/templates/copy-template';
import { createTemplateRoute } from '@homestretch/contract/templates/create-template';
import { deleteTemplateRoute } from '@homestretch/contract/templates/delete-template';
import { getTemplateRoute } from '@homestretch/contract/templates/get-template';
import { listTemplatesRoute } from '@homestretch/contract/templates/list-templates';
import { updateTemplateRoute } from '@homestretch/contract/templates/update-template';
import { route } from '../../platform/route';
import {
  copyTemplate,
  createTemplate,
  deleteTemplate,
  getTemplate,
  listTemplates,
  updateTemplate,
} from './templates.service';

export function registerTemplateRoutes(app: FastifyInstance): void {
  route(app, listTemplatesRoute, 'templates.read', ({ ctx, query }) => listTemplates(ctx, query));
  route(app, getTemplateRoute, 'templates.read', ({ ctx, params }) =>
    getTemplate(ctx, params.templateId),
  );
  route(app, createTemplateRoute, 'templates.manage', ({ ctx, body }) => createTemplate(ctx, body));
  route(app, updateTemplateRoute, 'templates.manage', ({ ctx, params, body }) =>
    updateTemplate(ctx, params.templateId, body),
  );
  route(app, deleteTemplateRoute, 'templates.manage', async ({ ctx, params }) => {
    await deleteTemplate(ctx, params.templateId);
    return { ok: true as const };
  });
  route(app, copyTemplateRoute, 'templates.manage', ({ ctx, params }) =>
    copyTemplate(ctx, params.templateId),
  );
}
