import type { z } from 'zod';
import type {
  CreateFunctionalDataBodySchema,
  FunctionalDataType,
  UpdateFunctionalDataBodySchema,
} from '@homestretch/contract/health/functional-data';
import { writeAudit } from '../../platform/audit';
import { localDate } from '../../platform/calendar';
import type { AuthedCtx } from '../../platform/context';
import { isUniqueViolation } from '../../platform/db-errors';
import { AppError, invalidInput, notFound } from '../../platform/errors';
import { type HealthSubject, staffSubject, treatingSubject } from './health-scope';
import {
  type FunctionalEntryRow,
  type FunctionalTypeRow,
  functionalEntries,
  functionalTypes,
  insertFunctionalType,
  replaceFunctionalEntries,
  updateFunctionalType,
} from './health.repo';

/** Measures with their entries, oldest entry first. */
export function functionalDataDtos(
  types: FunctionalTypeRow[],
  entries: FunctionalEntryRow[],
): FunctionalDataType[] {
  return types.map((type) => ({
    datatype_id: type.id,
    name: type.name,
    unit: type.unit,
    entries: entries
      .filter((entry) => entry.datatypeId === type.id)
      .map((entry) => ({ value: entry.value, date: entry.recordedOn })),
    created_at: type.createdAt.toISOString(),
  }));
}

type EntryInput = { value: number; date: string };

/** Entries are measurements already taken: none dated after today (clinic time zone). */
function checkEntryDates(ctx: AuthedCtx, subject: HealthSubject, entries: EntryInput[]): void {
  const today = localDate(ctx.clock.now(), subject.timeZone);
  const errors: Record<string, string> = {};
  entries.forEach((entry, index) => {
    if (entry.date > today) {
      errors[`entries.${index}.date`] = 'Cannot be in the future';
    }
  });
  if (Object.keys(errors).length > 0) {
    throw invalidInput(errors);
  }
}

function nameTaken(types: FunctionalTypeRow[], name: string, exceptId?: number): boolean {
  return types.some(
    (type) => type.id !== exceptId && type.name.toLowerCase() === name.toLowerCase(),
  );
}

async function dtoOf(
  ctx: AuthedCtx,
  subject: HealthSubject,
  typeId: number,
): Promise<FunctionalDataType> {
  const types = (await functionalTypes(ctx.db, subject.scope, subject.patient.id)).filter(
    (type) => type.id === typeId,
  );
  const [dto] = functionalDataDtos(types, await functionalEntries(ctx.db, subject.scope, [typeId]));
  if (!dto) {
    throw notFound('Functional measure');
  }
  return dto;
}

/** spec §3 functional data of a patient: every measure and its entries. Audited. */
export async function listFunctionalData(
  ctx: AuthedCtx,
  patientId: number,
): Promise<{ results: FunctionalDataType[]; count: number }> {
  const subject = await staffSubject(ctx, patientId);
  const types = await functionalTypes(ctx.db, subject.scope, patientId);
  const entries = await functionalEntries(
    ctx.db,
    subject.scope,
    types.map((type) => type.id),
  );
  await ctx.audit.recordRead(ctx.meta, {
    action: 'health.functional_data_read',
    clinicId: subject.scope.clinicId,
    actorUserId: ctx.caller.user.id,
    patientId,
  });
  const results = functionalDataDtos(types, entries);
  return { results, count: results.length };
}

const nameConflict = () =>
  new AppError('conflict', 'This patient already has a measure with this name', {
    name: 'This patient already has a measure with this name',
  });

/**
 * The same answer when two requests race past the check above: the database's unique index
 * (migration 0015) refuses the second.
 */
async function conflictOnDuplicateName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw isUniqueViolation(error, 'functional_data_types_patient_name_key')
      ? nameConflict()
      : error;
  }
}

/** Adds a measure (name unique per patient, any case) with its first entries. */
export async function createFunctionalData(
  ctx: AuthedCtx,
  patientId: number,
  input: z.output<typeof CreateFunctionalDataBodySchema>,
): Promise<FunctionalDataType> {
  const subject = await treatingSubject(ctx, patientId);
  checkEntryDates(ctx, subject, input.entries);
  if (nameTaken(await functionalTypes(ctx.db, subject.scope, patientId), input.name)) {
    throw nameConflict();
  }
  const type = await conflictOnDuplicateName(() =>
    ctx.db.transaction(async (tx) => {
      const created = await insertFunctionalType(tx, subject.scope, {
        patientId,
        name: input.name,
        unit: input.unit,
        createdBy: ctx.caller.user.id,
        createdAt: ctx.clock.now(),
      });
      await replaceFunctionalEntries(tx, subject.scope, created, input.entries, ctx.caller.user.id);
      await writeAudit(tx, ctx.meta, {
        action: 'health.functional_data_created',
        clinicId: subject.scope.clinicId,
        actorUserId: ctx.caller.user.id,
        patientId,
        targetType: 'functional_data_type',
        targetId: created.id,
      });
      return created;
    }),
  );
  return dtoOf(ctx, subject, type.id);
}

/**
 * Renames a measure or changes its unit, and replaces its entries when `entries` is sent
 * (the whole series: the client sends what it shows after editing).
 */
export async function updateFunctionalData(
  ctx: AuthedCtx,
  patientId: number,
  input: z.output<typeof UpdateFunctionalDataBodySchema>,
): Promise<FunctionalDataType> {
  const subject = await treatingSubject(ctx, patientId);
  const types = await functionalTypes(ctx.db, subject.scope, patientId);
  const type = types.find((candidate) => candidate.id === input.datatype_id);
  if (!type) {
    throw notFound('Functional measure');
  }
  if (input.entries) {
    checkEntryDates(ctx, subject, input.entries);
  }
  if (input.name !== undefined && nameTaken(types, input.name, type.id)) {
    throw nameConflict();
  }
  await conflictOnDuplicateName(() =>
    ctx.db.transaction(async (tx) => {
      await updateFunctionalType(tx, subject.scope, type.id, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.unit !== undefined ? { unit: input.unit } : {}),
      });
      if (input.entries) {
        await replaceFunctionalEntries(tx, subject.scope, type, input.entries, ctx.caller.user.id);
      }
      await writeAudit(tx, ctx.meta, {
        action: 'health.functional_data_updated',
        clinicId: subject.scope.clinicId,
        actorUserId: ctx.caller.user.id,
        patientId,
        targetType: 'functional_data_type',
        targetId: type.id,
        details: { fields: Object.keys(input).filter((key) => key !== 'datatype_id') },
      });
    }),
  );
  return dtoOf(ctx, subject, type.id);
}
