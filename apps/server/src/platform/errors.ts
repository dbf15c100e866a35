import type { FastifyError, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorReporter } from './error-reporting';
import {
  ERROR_STATUS,
  type ErrorCode,
  type ErrorResponse,
} from '@homestretch/contract/common/errors';
import { isDatabaseUnavailable } from './db-errors';

/** The one error type services throw; the handler below turns it into the one error shape. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
    /** What the answer carries beside `fields`, as the route's contract `errors` names it. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }
}

export const notFound = (what = 'Resource') => new AppError('not_found', `${what} not found`);
export const forbidden = (message = 'You are not allowed to do this') =>
  new AppError('forbidden', message);
/** The words of the two approval refusals (staff approval, docs/decisions/007). */
export const APPROVAL_MESSAGES = {
  approval_pending: "Your account is waiting for approval from your clinic's administrator.",
  approval_declined: "Your clinic has not approved this account. Ask your clinic's administrator.",
} as const;
export const approvalRefused = (code: keyof typeof APPROVAL_MESSAGES) =>
  new AppError(code, APPROVAL_MESSAGES[code]);
export const unauthenticated = (message = 'Please sign in') =>
  new AppError('unauthenticated', message);
export const invalidInput = (fields: Record<string, string>, message = 'Some fields are invalid') =>
  new AppError('validation_failed', message, fields);

/** How long a client waits before trying again while the database is unreachable. */
const DATABASE_RETRY_SECONDS = 5;

/**
 * The 503 of a request that met the database down or restarting (a lost connection, one refused,
 * a shutdown's 57P01): nothing is wrong with the request, so the client tries it again shortly.
 * Null for any other error.
 */
export function databaseUnavailable(error: unknown): AppError | null {
  return isDatabaseUnavailable(error)
    ? new AppError(
        'service_unavailable',
        'The database cannot be reached right now. Try again in a moment.',
        undefined,
        { 'retry-after': String(DATABASE_RETRY_SECONDS) },
      )
    : null;
}

interface ValidationIssue {
  instancePath: string;
  message?: string;
  keyword?: string;
  params?: Record<string, unknown>;
}

/**
 * Names every bad field. Unknown keys come from strict schemas as one issue listing them all;
 * each becomes its own field so a client sees exactly what it should not have sent.
 */
export function fieldsFromValidation(
  issues: ValidationIssue[],
  context?: string,
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const base = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params?.keys)) {
      for (const key of issue.params.keys as string[]) {
        fields[base ? `${base}.${key}` : key] = 'Unknown field';
      }
      continue;
    }
    const name = base || context || 'body';
    fields[name] ??= issue.message ?? 'Invalid value';
  }
  return fields;
}

export function errorBody(
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
  details?: Record<string, unknown>,
): ErrorResponse {
  return {
    error: {
      code,
      message,
      ...(fields && Object.keys(fields).length > 0 ? { fields } : {}),
      ...details,
    },
  };
}

/** Fastify's own codes for malformed requests, mapped so a client's mistake is never a 500. */
const FASTIFY_CLIENT_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    code: 'bad_request',
    message: 'The request body is not valid JSON',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'bad_request',
    message: 'The request body is empty but its content type says JSON',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: 'payload_too_large',
    message: 'The request body is too large',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'unsupported_media_type',
    message: 'Send the request body as application/json',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'bad_request',
    message: 'The content length is wrong',
  },
  FST_ERR_CTP_INVALID_TYPE: {
    code: 'bad_request',
    message: 'The content type is missing or invalid',
  },
};

/** The 400 of input that fails its schema, naming each bad field. */
export function validationFailed(fields: Record<string, string>): AppError {
  const names = Object.keys(fields).join(', ');
  return new AppError('validation_failed', `Please check ${names || 'the request'}`, fields);
}

/** A zod error's issues in the form route validation reports them, for the same field names. */
export function zodValidationIssues(error: z.ZodError): ValidationIssue[] {
  return error.issues.map((issue) => ({
    instancePath: issue.path.length > 0 ? `/${issue.path.join('/')}` : '',
    message: issue.message,
    keyword: issue.code,
    params: issue.code === 'unrecognized_keys' ? { keys: issue.keys } : {},
  }));
}

export function registerErrorHandling(app: FastifyInstance, reporter: ErrorReporter): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) {
        void reply.headers(error.headers);
      }
      return reply
        .status(error.status)
        .send(errorBody(error.code, error.message, error.fields, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const refusal = validationFailed(
        fieldsFromValidation(error.validation, error.validationContext),
      );
      return reply
        .status(refusal.status)
        .send(errorBody(refusal.code, refusal.message, refusal.fields));
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) {
      return reply.status(ERROR_STATUS[known.code]).send(errorBody(known.code, known.message));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const code: ErrorCode = error.statusCode === 413 ? 'payload_too_large' : 'bad_request';
      return reply.status(error.statusCode).send(errorBody(code, error.message));
    }
    const unavailable = databaseUnavailable(error);
    if (unavailable) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(unavailable.status)
        .headers(unavailable.headers ?? {})
        .send(errorBody(unavailable.code, unavailable.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    reporter.captureRequestError(error, request);
    return reply
      .status(500)
      .send(errorBody('internal', `Something went wrong on our side (reference ${request.id})`));
  });
}
