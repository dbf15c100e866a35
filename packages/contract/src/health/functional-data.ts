import { z } from 'zod';
import { IdSchema, PastIsoDateSchema } from '../common/fields';
import { PaginatedSchema } from '../common/pagination';
import { defineRoute } from '../common/route';
import { PatientIdPathSchema } from '../patients/patient';

/** spec §3 Functional data: a measure the therapist tracks (name, unit) and its dated entries. */
export const FunctionalEntrySchema = z.object({ value: z.number(), date: z.string() });
export type FunctionalEntry = z.infer<typeof FunctionalEntrySchema>;

export const FunctionalDataTypeSchema = z.object({
  datatype_id: z.number().int(),
  name: z.string(),
  unit: z.string(),
  /** Oldest first, one per date. */
  entries: z.array(FunctionalEntrySchema),
  created_at: z.string(),
});
export type FunctionalDataType = z.infer<typeof FunctionalDataTypeSchema>;

const EntryInputSchema = z.strictObject({
  value: z.number({ error: 'Must be a number' }).min(-1e6, 'Too small').max(1e6, 'Too large'),
  date: PastIsoDateSchema,
});

const EntriesSchema = z
  .array(EntryInputSchema)
  .max(1000, 'At most 1000 entries')
  .refine(
    (entries) => new Set(entries.map((entry) => entry.date)).size === entries.length,
    'One entry per date',
  );

const NameSchema = z.string().trim().min(1, 'Name the measure').max(100, 'At most 100 characters');
const UnitSchema = z.string().trim().max(30, 'At most 30 characters');

/** e.g. {"name": "Knee flexion", "unit": "°", "entries": [{"value": 95, "date": "2026-11-02"}]} */
export const CreateFunctionalDataBodySchema = z.strictObject({
  name: NameSchema,
  unit: UnitSchema.default(''),
  entries: EntriesSchema.default([]),
});
export type CreateFunctionalDataBody = z.input<typeof CreateFunctionalDataBodySchema>;

/** The same fields plus `datatype_id`; what is sent replaces (entries: the whole series). */
export const UpdateFunctionalDataBodySchema = z.strictObject({
  datatype_id: IdSchema,
  name: NameSchema.optional(),
  unit: UnitSchema.optional(),
  entries: EntriesSchema.optional(),
});
export type UpdateFunctionalDataBody = z.input<typeof UpdateFunctionalDataBodySchema>;

const path = '/user/therapist/dashboard/functional-data/:patientId';

export const listFunctionalDataRoute = defineRoute({
  method: 'GET',
  path,
  summary: "A patient's functional data (measures and entries)",
  tags: ['health'],
  params: PatientIdPathSchema,
  response: { 200: PaginatedSchema(FunctionalDataTypeSchema) },
});

export const createFunctionalDataRoute = defineRoute({
  method: 'POST',
  path,
  summary: 'Add a functional measure with its entries',
  tags: ['health'],
  params: PatientIdPathSchema,
  body: CreateFunctionalDataBodySchema,
  response: { 201: FunctionalDataTypeSchema },
});

export const updateFunctionalDataRoute = defineRoute({
  method: 'PATCH',
  path,
  summary: 'Rename a functional measure or replace its entries',
  tags: ['health'],
  params: PatientIdPathSchema,
  body: UpdateFunctionalDataBodySchema,
  response: { 200: FunctionalDataTypeSchema },
});
