import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { RouteContract } from '@homestretch/contract/common/route';
import { ErrorResponseSchema } from '@homestretch/contract/common/errors';
import type { ClientToServerEvents } from '@homestretch/contract/realtime/events';
import type { AuthedCtx, Ctx } from './context';
import {
  AppError,
  approvalRefused,
  fieldsFromValidation,
  forbidden,
  invalidInput,
  unauthenticated,
  validationFailed,
  zodValidationIssues,
} from './errors';
import {
  MAX_JSON_DEPTH,
  TOO_DEEP_MESSAGE,
  unstorableTextFields,
  valueDepth,
} from './storable-text';
import { recordSocketEvent } from './route-table';
import { type Action, PATIENT_DATA_ACTIONS, forbiddenMessage, refusal } from './permissions';

/** A route is public, or names the action of permissions.ts it performs. There is no default. */
export type Access = 'public' | Action;

type Part<T> = T extends z.ZodType ? z.output<T> : undefined;
type SuccessStatus<C extends RouteContract> = Extract<keyof C['response'], number>;
type ResponseOf<C extends RouteContract> = z.output<C['response'][SuccessStatus<C>]>;

export interface HandlerInput<C extends RouteContract, A extends Access> {
  ctx: A extends 'public' ? Ctx : AuthedCtx;
  params: Part<C['params']>;
  query: Part<C['querystring']>;
  body: Part<C['body']>;
  request: FastifyRequest;
  reply: FastifyReply;
}

declare module 'fastify' {
  interface FastifyRequest {
    ctx: Ctx;
  }
}

const ERROR_STATUSES = [400, 401, 403, 404, 409, 413, 422, 429, 503] as const;

/**
 * Binds a contract entry to a handler (STYLE.md: routes are thin). Before the handler runs the
 * caller must be signed in and allowed the declared action (their role, and their account's
 * approval); the answer is serialized through the contract's response schema, so fields it
 * does not name never leave the server.
 */
export function route<C extends RouteContract, A extends Access>(
  app: FastifyInstance,
  contract: C,
  access: A,
  handler: (input: HandlerInput<C, A>) => Promise<ResponseOf<C>>,
): void {
  const statuses = Object.keys(contract.response).map(Number);
  const successStatus = Math.min(...statuses);
  const errorResponses = Object.fromEntries(
    ERROR_STATUSES.map((status) => [status, ErrorResponseSchema]),
  );
  app.withTypeProvider<ZodTypeProvider>().route({
    method: contract.method,
    url: contract.path,
    ...(contract.bodyLimit ? { bodyLimit: contract.bodyLimit } : {}),
    config: { access },
    schema: {
      summary: contract.summary,
      ...(contract.description ? { description: contract.description } : {}),
      tags: contract.tags,
      ...(contract.params ? { params: contract.params } : {}),
      ...(contract.querystring ? { querystring: contract.querystring } : {}),
      ...(contract.body ? { body: contract.body } : {}),
      ...(access === 'public' ? {} : { security: [{ session: [] }, { bearer: [] }] }),
      response: { ...errorResponses, ...contract.errors, ...contract.response },
    },
    ...(access !== 'public' && PATIENT_DATA_ACTIONS.has(access)
      ? { onResponse: auditRefusal(access) }
      : {}),
    // Who is calling is checked before what they sent is parsed or validated: an anonymous or
    // unauthorised caller learns nothing of a route's schema from its 400s.
    ...(access !== 'public'
      ? { onRequest: async (request) => authorize(request.ctx, access) }
      : {}),
    handler: async (request, reply) => {
      const ctx = request.ctx;
      const result = await handler({
        ctx: ctx as HandlerInput<C, A>['ctx'],
        params: request.params as Part<C['params']>,
        query: request.query as Part<C['querystring']>,
        body: request.body as Part<C['body']>,
        request,
        reply,
      });
      if (reply.sent) {
        throw new AppError('internal', 'Handler answered outside the route helper');
      }
      // A contract with two successes (200 found, 201 made) lets the handler pick one of them.
      const status = statuses.includes(reply.statusCode) ? reply.statusCode : successStatus;
      return reply.status(status).send(result);
    },
  });
}

/** What a socket event's handler answers: one of its contract's success statuses and the body. */
export interface SocketAnswerOf<C extends RouteContract> {
  status: SuccessStatus<C>;
  body: ResponseOf<C>;
}

/**
 * A client's socket event answered as the HTTP route of the same contract is (decision 023): the
 * same action checked for the socket's caller, the same body schema, the same handler.
 */
export function socketRoute<C extends RouteContract & { body: z.ZodType }>(
  app: FastifyInstance,
  event: keyof ClientToServerEvents,
  contract: C,
  access: Action,
  handler: (input: { ctx: AuthedCtx; body: Part<C['body']> }) => Promise<SocketAnswerOf<C>>,
): void {
  recordSocketEvent(app, { event, access, body: contract.body });
  app.realtime.handle(event, async ({ caller, meta }, payload) => {
    const ctx: Ctx = { ...app.deps, caller, meta };
    authorize(ctx, access);
    // What app.ts checks of an HTTP body before its schema: Socket.IO parsed this one, and a NUL
    // let through reached PostgreSQL and answered 500.
    if (valueDepth(payload) > MAX_JSON_DEPTH) {
      throw new AppError('bad_request', TOO_DEEP_MESSAGE);
    }
    const unstorable = unstorableTextFields(payload);
    if (Object.keys(unstorable).length > 0) {
      throw invalidInput(unstorable);
    }
    const parsed = contract.body.safeParse(payload);
    if (!parsed.success) {
      throw validationFailed(fieldsFromValidation(zodValidationIssues(parsed.error), 'body'));
    }
    return handler({ ctx: ctx as AuthedCtx, body: parsed.data as Part<C['body']> });
  });
}

/**
 * The same check for a route that answers a file rather than JSON (playback): one code path, so
 * what route() allows it allows.
 */
export function authorizedCtx(ctx: Ctx, access: Action): AuthedCtx {
  authorize(ctx, access);
  return ctx as AuthedCtx;
}

/** The caller must be signed in, and their role and account allowed the route's action. */
function authorize(ctx: Ctx, access: Action): void {
  if (!ctx.caller) {
    throw unauthenticated();
  }
  const refused = refusal(ctx.caller.user, access, ctx.caller.sessionKind);
  if (refused === 'forbidden') {
    throw forbidden(forbiddenMessage(ctx.caller.user, access, ctx.caller.sessionKind));
  }
  if (refused) {
    throw approvalRefused(refused);
  }
}

/** A refused reach for patient data: the caller may not (403) or it is not theirs to see (404). */
const REFUSED_STATUSES = new Set([403, 404]);

/**
 * Audits refusals on patient data as well as reads (ARCHITECTURE.md, Database): probing for
 * another clinic's patients, or a role reaching past its rights, leaves a row like a read does.
 */
function auditRefusal(action: Action) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (!REFUSED_STATUSES.has(reply.statusCode)) {
      return;
    }
    const { ctx } = request;
    const params = (request.params ?? {}) as Record<string, unknown>;
    const patientId = Number(params.patientId ?? params.id);
    try {
      await ctx.audit.recordRead(ctx.meta, {
        action: 'access.refused',
        clinicId: ctx.caller?.user.clinicId ?? null,
        actorUserId: ctx.caller?.user.id ?? null,
        patientId: Number.isSafeInteger(patientId) && patientId > 0 ? patientId : null,
        details: {
          action,
          status: reply.statusCode,
          method: request.method,
          route: request.routeOptions.url,
        },
      });
    } catch (error) {
      request.log.error({ err: error }, 'refusal audit not written');
    }
  };
}
