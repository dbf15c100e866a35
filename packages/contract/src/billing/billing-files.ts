import { z } from 'zod';
import { PaginatedSchema } from '../common/pagination';
import { defineRoute } from '../common/route';
import { BillingMonthNumberSchema, BillingYearSchema } from './billing-period';

const params = z.object({ month: BillingMonthNumberSchema, year: BillingYearSchema });

export const BILLING_FILE_FORMATS = ['xlsx', 'csv', 'uploaded'] as const;
export const BillingFileFormatSchema = z.enum(BILLING_FILE_FORMATS, {
  error: `format is one of ${BILLING_FILE_FORMATS.join(', ')}`,
});
export type BillingFileFormat = z.infer<typeof BillingFileFormatSchema>;

/** Largest uploaded billing file, before base64 (which the body limit allows for). */
export const BILLING_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

export const UploadedBillingFileSchema = z.object({
  id: z.number().int(),
  month: z.number().int(),
  year: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  content_type: z.string(),
  uploaded_at: z.iso.datetime({ offset: true }),
  uploaded_by: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }),
});
export type UploadedBillingFile = z.infer<typeof UploadedBillingFileSchema>;

export const BillingFileCheckSchema = z.object({
  month: z.number().int(),
  year: z.number().int(),
  /** The file the clinic's administrator uploaded for the month, if any. */
  uploaded: UploadedBillingFileSchema.nullable(),
  /** The file the product makes from its records: one row per patient, code and period. */
  generated: z.object({
    rows: z.number().int(),
    patients: z.number().int(),
    amount: z.number(),
    computed_at: z.iso.datetime({ offset: true }),
  }),
});
export type BillingFileCheck = z.infer<typeof BillingFileCheckSchema>;

/** What there is to download for a month (spec §7). */
export const checkBillingFileRoute = defineRoute({
  method: 'GET',
  path: '/clinic/billing/:month/:year/check-file',
  summary: 'What billing files there are for a month',
  tags: ['billing'],
  params,
  response: { 200: BillingFileCheckSchema },
});

export const BillingDownloadSchema = z.object({
  /** The file's bytes, base64; the browser saves it under `name`. */
  content: z.string(),
  name: z.string(),
  content_type: z.string(),
});
export type BillingDownload = z.infer<typeof BillingDownloadSchema>;

/**
 * The month's billing file (spec §7): the workbook (default) or CSV the product makes, or with
 * `format=uploaded` the file the administrator uploaded (404 when there is none).
 */
export const downloadBillingFileRoute = defineRoute({
  method: 'GET',
  path: '/clinic/billing/:month/:year/download-file',
  summary: "The month's billing file",
  tags: ['billing'],
  params,
  querystring: z.object({ format: BillingFileFormatSchema.default('xlsx') }),
  response: { 200: BillingDownloadSchema },
});

export const UploadBillingFileBodySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'name is required')
    .max(200, 'name is at most 200 characters')
    .regex(/^[^/\\\0]+$/, 'name is a file name, without folders')
    .regex(/\.(csv|xlsx|pdf)$/i, 'The file is a .csv, .xlsx or .pdf'),
  content: z.base64({ error: 'content is the file in base64' }),
});
export type UploadBillingFileBody = z.input<typeof UploadBillingFileBodySchema>;

/**
 * The administrator uploads the month's file for the clinic (from its billing service, say): the
 * clinic's staff who see billing get the '1' badge until they dismiss it.
 */
export const uploadBillingFileRoute = defineRoute({
  method: 'POST',
  path: '/clinic/billing/:month/:year/upload-file',
  summary: "Upload the month's billing file for the clinic",
  tags: ['billing'],
  params,
  body: UploadBillingFileBodySchema,
  // base64 is 4 bytes for every 3, plus the JSON around it.
  bodyLimit: Math.ceil((BILLING_UPLOAD_MAX_BYTES * 4) / 3) + 64 * 1024,
  response: { 201: UploadedBillingFileSchema },
});

export const UploadedBillingFileListSchema = PaginatedSchema(UploadedBillingFileSchema);

/** The files uploaded for the clinic, newest month first. */
export const listBillingFilesRoute = defineRoute({
  method: 'GET',
  path: '/clinic/billing/files',
  summary: "The clinic's uploaded billing files",
  tags: ['billing'],
  response: { 200: UploadedBillingFileListSchema },
});
