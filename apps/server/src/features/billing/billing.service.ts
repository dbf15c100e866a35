import { PERMISSIONS } from '@homestretch/contract/auth/permissions';
import type { BillingChart } from '@homestretch/contract/billing/billing-chart';
import {
  type BillingDownload,
  type BillingFileCheck,
  type BillingFileFormat,
  type UploadBillingFileBody,
  type UploadedBillingFile,
  BILLING_UPLOAD_MAX_BYTES,
} from '@homestretch/contract/billing/billing-files';
import {
  type BillingInfo,
  type BillingInfoBody,
  PracticeInfoSchema,
  ProviderInfoSchema,
} from '@homestretch/contract/billing/billing-info';
import type { BillingExplanation } from '@homestretch/contract/billing/billing-patient';
import { type BillingPeriod, periodTag } from '@homestretch/contract/billing/billing-period';
import type {
  BillingPatient,
  BillingUnits,
  BillingUnitsQuery,
} from '@homestretch/contract/billing/billing-units';
import { PAGE_SIZE } from '@homestretch/contract/common/constants';
import { pageOffset } from '@homestretch/contract/common/pagination';
import { writeAudit } from '../../platform/audit';
import { localDate } from '../../platform/calendar';
import { type AuthedCtx, clinicScope } from '../../platform/context';
import { onlyRow } from '../../platform/db-errors';
import { AppError, notFound } from '../../platform/errors';
import { type BillingClinic, findBillingClinic, saveBillingInfo } from './billing.repo';
import { billedPatient } from './run-inputs.repo';
import {
  type PatientMonthListing,
  type StoredRun,
  billableRows,
  findRun,
  patientMonthsPage,
  runsOfYear,
} from './stored-runs.repo';
import {
  type UploadedFileRow,
  flagNewBillingFile,
  uploadedFile,
  uploadedFileContent,
  uploadedFiles,
  upsertUploadedFile,
} from './uploaded-files.repo';
import { billingFileTable, toCsv, toXlsx } from './billing-file';
import { chartPeriods, checkPeriod, runIsStale } from './billing-rules';
import { billingUploadRefusal } from './billing-upload-rules';
import { computeRun, judgePatients, monthFrame } from './billing-runs';
import { feeSchedule } from './fee-schedule';

async function callerClinic(ctx: AuthedCtx): Promise<BillingClinic> {
  const clinic = await findBillingClinic(ctx.db, clinicScope(ctx).clinicId);
  if (!clinic) {
    throw notFound('Clinic');
  }
  return clinic;
}

/** The month, refused in words when it is in the future or before the clinic existed (422). */
function allowedPeriod(clinic: BillingClinic, period: BillingPeriod, now: Date): string {
  const tag = periodTag(period);
  const check = checkPeriod(
    tag,
    localDate(now, clinic.timeZone),
    localDate(clinic.createdAt, clinic.timeZone),
  );
  if (!check.ok) {
    throw new AppError('rule_violation', check.reason, { month: check.reason });
  }
  return tag;
}

/**
 * The stored run of a month: computed now when there is none; when stale, answered as it is while
 * a fresh one is computed behind it (the answer says when it was computed).
 */
async function currentRun(
  ctx: AuthedCtx,
  clinic: BillingClinic,
  period: string,
): Promise<StoredRun> {
  const now = ctx.clock.now();
  const schedule = feeSchedule(ctx.config.rtmFeeSchedule);
  const stored = await findRun(ctx.db, clinic.id, period);
  if (!stored) {
    const computed = await computeRun(ctx.db, clinic, period, now, true, schedule);
    if (!computed) {
      throw new AppError('service_unavailable', 'Billing is being computed; try again shortly');
    }
    return computed;
  }
  const computedOn = localDate(stored.computedAt, clinic.timeZone);
  if (runIsStale({ computedAt: stored.computedAt, computedOn }, period, now)) {
    ctx.background.start(
      'billing run',
      () => computeRun(ctx.db, clinic, period, now, false, schedule),
      {
        clinicId: clinic.id,
        period,
      },
    );
  }
  return stored;
}

function toBillingPatient(row: PatientMonthListing): BillingPatient {
  return {
    patient: {
      id: row.patientId,
      first_name: row.firstName,
      last_name: row.lastName,
      is_rtm_covered: row.rtmCovered,
    },
    billable: row.billable,
    upcoming: row.upcoming,
    not_billable: row.notBillable,
    amount: row.amount,
  };
}

export async function billingUnits(
  ctx: AuthedCtx,
  query: BillingUnitsQuery,
): Promise<BillingUnits> {
  const clinic = await callerClinic(ctx);
  const period = allowedPeriod(
    clinic,
    { month: Number(query.month), year: Number(query.year) },
    ctx.clock.now(),
  );
  const run = await currentRun(ctx, clinic, period);
  const filter = query.filter ?? 'all';
  const page = await patientMonthsPage(ctx.db, clinic.id, period, {
    filter,
    search: query.search,
    offset: pageOffset(Number(query.page ?? 1)),
    limit: PAGE_SIZE,
    storedCount: {
      all: run.totals.patients,
      billable: run.totals.billablePatients,
      missing: run.totals.attentionPatients,
    }[filter],
  });
  await ctx.audit.recordRead(ctx.meta, {
    action: 'billing.read',
    clinicId: clinic.id,
    actorUserId: ctx.caller.user.id,
    targetType: 'billing_period',
    targetId: period,
    details: { patients: page.rows.map((row) => row.patientId) },
  });
  return {
    month: Number(query.month),
    year: Number(query.year),
    period,
    currency: 'USD',
    computed_at: run.computedAt.toISOString(),
    closed: run.closed,
    totals: run.totals.codes,
    total_units: run.totals.units,
    total_amount: run.totals.amount,
    patients: { results: page.rows.map(toBillingPatient), count: page.count },
  };
}

/** One patient's month judged now from the records, with the case it was judged from. */
export async function billingPatient(
  ctx: AuthedCtx,
  patientId: number,
  query: BillingPeriod,
): Promise<BillingExplanation> {
  const clinic = await callerClinic(ctx);
  const now = ctx.clock.now();
  const period = allowedPeriod(clinic, query, now);
  const patient = await billedPatient(ctx.db, clinicScope(ctx), patientId, clinic.timeZone);
  if (!patient) {
    throw notFound('Patient');
  }
  const judged = onlyRow(
    await judgePatients(
      ctx.db,
      clinicScope(ctx),
      monthFrame(clinic, period, now, feeSchedule(ctx.config.rtmFeeSchedule)),
      [patient],
    ),
    'Judging a patient',
  );
  await ctx.audit.recordRead(ctx.meta, {
    action: 'billing.read_patient',
    clinicId: clinic.id,
    actorUserId: ctx.caller.user.id,
    patientId,
    targetType: 'billing_period',
    targetId: period,
  });
  return {
    patient: {
      id: patientId,
      first_name: patient.firstName,
      last_name: patient.lastName,
      is_rtm_covered: patient.rtmCovered,
    },
    billable: judged.row.billable,
    upcoming: judged.row.upcoming,
    not_billable: judged.row.notBillable,
    amount: judged.row.amount,
    case: judged.rtmCase,
  };
}

/** Units and dollars per month of a year, up to `current_month`, from each month's run. */
export async function billingChart(
  ctx: AuthedCtx,
  query: { year: number; current_month: number },
): Promise<BillingChart> {
  const clinic = await callerClinic(ctx);
  const now = ctx.clock.now();
  const periods = chartPeriods(
    query.year,
    query.current_month,
    localDate(now, clinic.timeZone),
    localDate(clinic.createdAt, clinic.timeZone),
  );
  const stored = await runsOfYear(ctx.db, clinic.id, query.year);
  // A month without a stored run is computed and stored once, one month at a time: each holds a
  // connection for its transaction, and the chart must not take the pool from the clinic's work.
  const runs = new Map<string, StoredRun>();
  for (const period of periods) {
    runs.set(period, stored.get(period) ?? (await currentRun(ctx, clinic, period)));
  }
  const months = Array.from({ length: 12 }, (_, index) => {
    const run = runs.get(periodTag({ month: index + 1, year: query.year }));
    return {
      month: index + 1,
      units: run ? run.totals.units : null,
      amount: run ? run.totals.amount : null,
      patients: run ? run.totals.billablePatients : null,
    };
  });
  return { year: query.year, currency: 'USD', months };
}

// ── Billing info ────────────────────────────────────────────────────────────────

/** The caller's own clinic by its code; any other code is 404, as if it did not exist. */
async function clinicByCode(ctx: AuthedCtx, code: string): Promise<BillingClinic> {
  const clinic = await callerClinic(ctx);
  if (clinic.code !== code) {
    throw notFound('Clinic');
  }
  return clinic;
}

function toBillingInfo(clinic: BillingClinic): BillingInfo {
  const provider = ProviderInfoSchema.safeParse(clinic.providerInfo);
  const practice = PracticeInfoSchema.safeParse(clinic.practiceInfo);
  return {
    provider_info: provider.success ? provider.data : null,
    practice_info: practice.success ? practice.data : null,
    updated_at: clinic.billingInfoUpdatedAt?.toISOString() ?? null,
  };
}

export async function getBillingInfo(ctx: AuthedCtx, code: string): Promise<BillingInfo> {
  return toBillingInfo(await clinicByCode(ctx, code));
}

export async function putBillingInfo(
  ctx: AuthedCtx,
  code: string,
  body: BillingInfoBody,
): Promise<BillingInfo> {
  const clinic = await clinicByCode(ctx, code);
  const now = ctx.clock.now();
  const info = {
    providerInfo: ProviderInfoSchema.parse(body.provider_info),
    practiceInfo: PracticeInfoSchema.parse(body.practice_info),
  };
  await ctx.db.transaction(async (tx) => {
    await saveBillingInfo(tx, clinic.id, info, now);
    await writeAudit(tx, ctx.meta, {
      action: 'billing.info_update',
      clinicId: clinic.id,
      actorUserId: ctx.caller.user.id,
      targetType: 'clinic',
      targetId: clinic.id,
      details: {
        before: { provider_info: clinic.providerInfo, practice_info: clinic.practiceInfo },
      },
    });
  });
  return toBillingInfo({ ...clinic, ...info, billingInfoUpdatedAt: now });
}

// ── Files ───────────────────────────────────────────────────────────────────────

function toUploadedFile(row: UploadedFileRow): UploadedBillingFile {
  return {
    id: row.id,
    month: Number(row.period.slice(5, 7)),
    year: Number(row.period.slice(0, 4)),
    name: row.name,
    size: row.size,
    content_type: row.contentType,
    uploaded_at: row.uploadedAt.toISOString(),
    uploaded_by: {
      id: row.uploaderId,
      first_name: row.uploaderFirstName,
      last_name: row.uploaderLastName,
    },
  };
}

export async function checkBillingFile(
  ctx: AuthedCtx,
  period: BillingPeriod,
): Promise<BillingFileCheck> {
  const clinic = await callerClinic(ctx);
  const tag = allowedPeriod(clinic, period, ctx.clock.now());
  const [run, uploaded] = await Promise.all([
    currentRun(ctx, clinic, tag),
    uploadedFile(ctx.db, clinic.id, tag),
  ]);
  return {
    month: period.month,
    year: period.year,
    uploaded: uploaded ? toUploadedFile(uploaded) : null,
    generated: {
      rows: run.totals.rows,
      patients: run.totals.billablePatients,
      amount: run.totals.amount,
      computed_at: run.computedAt.toISOString(),
    },
  };
}

const CONTENT_TYPES = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
} as const;

export async function downloadBillingFile(
  ctx: AuthedCtx,
  period: BillingPeriod,
  format: BillingFileFormat,
): Promise<BillingDownload> {
  const clinic = await callerClinic(ctx);
  const tag = allowedPeriod(clinic, period, ctx.clock.now());
  if (format === 'uploaded') {
    const file = await uploadedFileContent(ctx.db, clinic.id, tag);
    if (!file) {
      throw notFound('Uploaded billing file');
    }
    await auditDownload(ctx, clinic, tag, format, null);
    return {
      // The embedded database answers bytea as a Uint8Array, PostgreSQL's driver as a Buffer.
      content: Buffer.from(file.content).toString('base64'),
      name: file.name,
      content_type: file.contentType,
    };
  }
  await currentRun(ctx, clinic, tag);
  const rows = await billableRows(ctx.db, clinic.id, tag);
  const info = toBillingInfo(clinic);
  const table = billingFileTable(rows, {
    providerNpi: info.provider_info?.npi ?? null,
    placeOfService: info.practice_info?.place_of_service ?? '11',
  });
  const content = format === 'csv' ? toCsv(table) : await toXlsx(table, `RTM ${tag}`);
  await auditDownload(
    ctx,
    clinic,
    tag,
    format,
    rows.map((row) => row.patientId),
  );
  return {
    content: content.toString('base64'),
    name: `rtm-billing-${clinic.code.toLowerCase()}-${tag}.${format}`,
    content_type: CONTENT_TYPES[format],
  };
}

/** A billing file names patients, their diagnoses and dates of birth: its download is a read. */
async function auditDownload(
  ctx: AuthedCtx,
  clinic: BillingClinic,
  period: string,
  format: BillingFileFormat,
  patientIds: number[] | null,
): Promise<void> {
  await ctx.audit.recordRead(ctx.meta, {
    action: 'billing.file_download',
    clinicId: clinic.id,
    actorUserId: ctx.caller.user.id,
    targetType: 'billing_period',
    targetId: period,
    details: { format, ...(patientIds ? { patients: patientIds } : {}) },
  });
}

export async function uploadBillingFile(
  ctx: AuthedCtx,
  period: BillingPeriod,
  body: UploadBillingFileBody,
): Promise<UploadedBillingFile> {
  const clinic = await callerClinic(ctx);
  const now = ctx.clock.now();
  const tag = allowedPeriod(clinic, period, now);
  const content = Buffer.from(body.content, 'base64');
  if (content.length === 0) {
    throw new AppError('rule_violation', 'The file is empty', { content: 'The file is empty' });
  }
  if (content.length > BILLING_UPLOAD_MAX_BYTES) {
    throw new AppError(
      'payload_too_large',
      `The file is ${(content.length / 1_048_576).toFixed(1)} MB; the largest is ${BILLING_UPLOAD_MAX_BYTES / 1_048_576} MB`,
    );
  }
  const extension = (
    body.name.trim().split('.').pop() ?? ''
  ).toLowerCase() as keyof typeof CONTENT_TYPES;
  const refused = billingUploadRefusal(extension, content);
  if (refused) {
    throw new AppError('rule_violation', refused, { content: refused });
  }
  await ctx.db.transaction(async (tx) => {
    const id = await upsertUploadedFile(tx, {
      clinicId: clinic.id,
      period: tag,
      name: body.name.trim(),
      contentType: CONTENT_TYPES[extension],
      content,
      uploadedBy: ctx.caller.user.id,
      uploadedAt: now,
    });
    // Those who see the clinic's billing get the '1' badge of a newly uploaded file.
    await flagNewBillingFile(tx, clinic.id, PERMISSIONS['billing.read']);
    await writeAudit(tx, ctx.meta, {
      action: 'billing.file_upload',
      clinicId: clinic.id,
      actorUserId: ctx.caller.user.id,
      targetType: 'billing_file',
      targetId: id,
      details: { period: tag, name: body.name.trim(), size: content.length },
    });
  });
  const stored = await uploadedFile(ctx.db, clinic.id, tag);
  return toUploadedFile(onlyRow(stored ? [stored] : [], 'Reading the uploaded billing file'));
}

export async function listBillingFiles(
  ctx: AuthedCtx,
): Promise<{ results: UploadedBillingFile[]; count: number }> {
  const rows = await uploadedFiles(ctx.db, clinicScope(ctx).clinicId);
  return { results: rows.map(toUploadedFile), count: rows.length };
}
