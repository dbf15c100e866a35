import { BANNER_SNOOZE_DAYS } from '@homestretch/contract/common/constants';
import type { Banner } from '@homestretch/contract/common/enums';
import type { ActiveBanner, BannerSnooze } from '@homestretch/contract/health/banners';
import { writeAudit } from '../../platform/audit';
import {
  addDays,
  dateRange,
  localDate,
  monthStart,
  startOfLocalDay,
} from '../../platform/calendar';
import type { AuthedCtx } from '../../platform/context';
import { staffSubject } from './health-scope';
import {
  completionsByDay,
  dailyRollups,
  deleteSnooze,
  hasLoggedCall,
  lastCompletionDay,
  lastRollupDay,
  liveSnoozes,
  programItems,
  upsertSnooze,
} from './health.repo';
import { computeBanners, snoozeEnd } from './banner-rules';
import { buildProgressDays, weeklyAdherence } from './progress-rules';
import { dailyValue } from './rollup';

/**
 * The banners the record shows the caller now: computed from the patient's data (banner-rules),
 * minus the ones the caller snoozed. Audited as a read of the record.
 */
export async function listBanners(
  ctx: AuthedCtx,
  patientId: number,
): Promise<{ results: ActiveBanner[]; count: number }> {
  const subject = await staffSubject(ctx, patientId);
  const { scope, patient, timeZone } = subject;
  const now = ctx.clock.now();
  const today = localDate(now, timeZone);
  const lastWeek = { from: addDays(today, -6), to: today };
  const [pain, lastRollup, lastCompletion, completions, items, hasCall, snoozes] =
    await Promise.all([
      dailyRollups(ctx.db, scope, patientId, { from: addDays(today, -13), to: today }, ['pain']),
      lastRollupDay(ctx.db, scope, patientId),
      lastCompletionDay(ctx.db, scope, patientId),
      completionsByDay(ctx.db, scope, patientId, lastWeek),
      programItems(ctx.db, scope, patientId),
      hasLoggedCall(ctx.db, scope, patientId, {
        from: startOfLocalDay(monthStart(today), timeZone),
        to: startOfLocalDay(addDays(today, 1), timeZone),
      }),
      liveSnoozes(ctx.db, scope, patientId, ctx.caller.user.id, now),
    ]);
  const days = buildProgressDays({
    days: dateRange(lastWeek.from, lastWeek.to),
    today,
    pain: new Map(),
    engagement: new Map(),
    steps: new Map(),
    completions,
    items: items.map((item) => ({
      createdOn: localDate(item.createdAt, timeZone),
      deletedOn: item.deletedAt ? localDate(item.deletedAt, timeZone) : null,
    })),
    dataDays: new Set(),
  });
  const lastDataDay =
    [lastRollup, lastCompletion]
      .filter((day): day is string => day !== null)
      .sort()
      .at(-1) ?? null;
  const banners = computeBanners({
    today,
    status: patient.status,
    onboardedOn: patient.onboardedAt ? localDate(patient.onboardedAt, timeZone) : null,
    isRtmCovered: patient.isRtmCovered,
    painByDay: new Map(pain.map((row) => [row.day, dailyValue('pain', row)])),
    lastDataDay,
    adherence: weeklyAdherence(days),
    hasCallThisMonth: hasCall,
  });
  const snoozed = new Set(snoozes.map((snooze) => snooze.banner));
  await ctx.audit.recordRead(ctx.meta, {
    action: 'health.banners_read',
    clinicId: scope.clinicId,
    actorUserId: ctx.caller.user.id,
    patientId,
  });
  const results = banners.filter((banner) => !snoozed.has(banner.banner));
  return { results, count: results.length };
}

/**
 * The caller's live snoozes on this patient's record. Audited like every read of the record:
 * which banners were snoozed says what the patient's data showed.
 */
export async function listBannerSnoozes(
  ctx: AuthedCtx,
  patientId: number,
): Promise<{ results: BannerSnooze[]; count: number }> {
  const { scope } = await staffSubject(ctx, patientId);
  const rows = await liveSnoozes(ctx.db, scope, patientId, ctx.caller.user.id, ctx.clock.now());
  await ctx.audit.recordRead(ctx.meta, {
    action: 'health.banner_snoozes_read',
    clinicId: scope.clinicId,
    actorUserId: ctx.caller.user.id,
    patientId,
  });
  const results = rows.map((row) => ({
    banner: row.banner as Banner,
    snoozed_until: row.snoozedUntil.toISOString(),
  }));
  return { results, count: results.length };
}

/**
 * Hides a banner for the caller for `days` (default 7), or until the deadline it is about, if
 * sooner (banner-rules snoozeEnd); snoozing again moves the end.
 */
export async function snoozeBanner(
  ctx: AuthedCtx,
  patientId: number,
  banner: Banner,
  days: number = BANNER_SNOOZE_DAYS,
): Promise<BannerSnooze> {
  const { scope, timeZone } = await staffSubject(ctx, patientId);
  const until = snoozeEnd({ banner, now: ctx.clock.now(), days, timeZone });
  await ctx.db.transaction(async (tx) => {
    await upsertSnooze(tx, {
      clinicId: scope.clinicId,
      patientId,
      userId: ctx.caller.user.id,
      banner,
      until,
    });
    await writeAudit(tx, ctx.meta, {
      action: 'health.banner_snoozed',
      clinicId: scope.clinicId,
      actorUserId: ctx.caller.user.id,
      patientId,
      details: { banner, days },
    });
  });
  return { banner, snoozed_until: until.toISOString() };
}

/**
 * Lifts the caller's snooze, so the banner shows again while the data calls for it. Lifting a
 * banner that is not snoozed changes nothing and is not audited.
 */
export async function unsnoozeBanner(
  ctx: AuthedCtx,
  patientId: number,
  banner: Banner,
): Promise<void> {
  const { scope } = await staffSubject(ctx, patientId);
  await ctx.db.transaction(async (tx) => {
    const lifted = await deleteSnooze(tx, scope, {
      patientId,
      userId: ctx.caller.user.id,
      banner,
    });
    if (lifted) {
      await writeAudit(tx, ctx.meta, {
        action: 'health.banner_unsnoozed',
        clinicId: scope.clinicId,
        actorUserId: ctx.caller.user.id,
        patientId,
        details: { banner },
      });
    }
  });
}
