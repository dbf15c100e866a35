import { z } from 'zod';

/** The error codes every endpoint may answer, and the HTTP status each one means. */
export const ERROR_STATUS = {
  bad_request: 400,
  validation_failed: 400,
  unauthenticated: 401,
  forbidden: 403,
  csrf_rejected: 403,
  /** A self-signed-up staff account the clinic's administrator has not approved yet. */
  approval_pending: 403,
  /** A staff account the clinic's administrator declined. */
  approval_declined: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  /** A Range of a film or photo past its end (playback). */
  range_not_satisfiable: 416,
  rule_violation: 422,
  rate_limited: 429,
  internal: 500,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ErrorCodeSchema = z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]);

/** The one error shape (ARCHITECTURE.md, HTTP): `fields` names each bad input field. */
export const ErrorResponseSchema = z.object({
  error: z.object({
    code: ErrorCodeSchema,
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;
