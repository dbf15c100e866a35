import type { z } from 'zod';
import { HEALTH_CHART_MAX_DAYS } from '@homestretch/contract/common/constants';
import { HEALTH_METRICS, type HealthMetric } from '@homestretch/contract/common/enums';
import type { HealthChartQuerySchema } from '@homestretch/contract/health/health-chart';
import { type HealthChart, HEALTH_METRIC_RULES } from '@homestretch/contract/health/metrics';
import type { Progress, ProgressDay } from '@homestretch/contract/health/progress';
import type { PatientReport } from '@homestretch/contract/health/patient-report';
import {
  addDays,
  dateRange,
  daysBetween,
  localDate,
  startOfLocalDay,
  weekOf,
} from '../../platform/calendar';
import type { AuthedCtx } from '../../platform/context';
import { invalidInput } from '../../platform/errors';
import { listInteractionLogs } from '../patients/patients.api';
import { toPatientDto } from '../patients/patients.api';
import { secondsOf } from '../monitoring/monitoring.api';
import { functionalDataDtos } from './functional-data.service';
import { type HealthSubject, ownSubject, staffSubject } from './health-scope';
import {
  type DailyRow,
  completionsByDay,
  dailyRollups,
  functionalEntries,
  functionalTypes,
  programItems,
} from './health.repo';
import { buildProgressDays, mean, summariseMetrics, summariseProgress } from './progress-rules';
import { dailySecondary, dailyValue } from './rollup';

type ChartQuery = z.output<typeof HealthChartQuerySchema>;

const DEFAULT_CHART_DAYS = 30;

function chartRange(query: ChartQuery, today: string): { from: string; to: string } {
  const to = query.to ?? today;
  const from = query.from ?? addDays(to, -(DEFAULT_CHART_DAYS - 1));
  if (from > to) {
    throw invalidInput({ from: 'Must be on or before to' });
  }
  if (daysBetween(from, to) + 1 > HEALTH_CHART_MAX_DAYS) {
    throw invalidInput({ from: `At most ${HEALTH_CHART_MAX_DAYS} days per request` });
  }
  return { from, to };
}

/** Daily roll-ups grouped into one series per metric (spec §3 order), days with data only. */
function toSeries(rows: DailyRow[]): HealthChart['series'] {
  return HEALTH_METRICS.flatMap((metric) => {
    const days = rows.filter((row) => row.metric === metric);
    if (days.length === 0) {
      return [];
    }
    const rule = HEALTH_METRIC_RULES[metric];
    return [
      {
        metric,
        label: rule.label,
        unit: rule.unit,
        aggregation: rule.aggregation,
        days: days.map((row) => ({
          date: row.day,
          value: dailyValue(metric, row),
          min: row.min,
          max: row.max,
          count: row.count,
          last_value: row.lastValue,
          secondary_value: dailySecondary(row),
        })),
      },
    ];
  });
}

async function chartFor(
  ctx: AuthedCtx,
  subject: HealthSubject,
  query: ChartQuery,
): Promise<HealthChart> {
  const range = chartRange(query, localDate(ctx.clock.now(), subject.timeZone));
  const rows = await dailyRollups(
    ctx.db,
    subject.scope,
    subject.patient.id,
    range,
    query.metric ? [query.metric] : undefined,
  );
  await ctx.audit.recordRead(ctx.meta, {
    action: 'health.chart_read',
    clinicId: subject.scope.clinicId,
    actorUserId: ctx.caller.user.id,
    patientId: subject.patient.id,
    details: { ...range, metric: query.metric ?? 'all' },
  });
  return {
    patient_id: subject.patient.id,
    from: range.from,
    to: range.to,
    time_zone: subject.timeZone,
    series: toSeries(rows),
  };
}

/**
 * A patient's daily health figures per metric over a date range (default: the last 30 days),
 * read from the daily roll-ups. For the record's metric charts; audited.
 */
export async function getHealthChart(
  ctx: AuthedCtx,
  patientId: number,
  query: ChartQuery,
): Promise<HealthChart> {
  return chartFor(ctx, await staffSubject(ctx, patientId), query);
}

/** The signed-in patient's own daily figures (patient app). */
export async function getOwnHealthChart(ctx: AuthedCtx, query: ChartQuery): Promise<HealthChart> {
  return chartFor(ctx, await ownSubject(ctx), query);
}

// ── Weekly progress ──────────────────────────────────────────────────────────

interface Week {
  start: string;
  end: string;
  today: string;
  days: ProgressDay[];
  previousAveragePain: number | null;
  rollups: DailyRow[];
}

const dayMap = (rows: DailyRow[], metric: HealthMetric) =>
  new Map(
    rows.filter((row) => row.metric === metric).map((row) => [row.day, dailyValue(metric, row)]),
  );

/** Builds the days of one week (and the previous week's pain) from roll-ups and the program. */
export async function loadWeek(
  ctx: AuthedCtx,
  subject: HealthSubject,
  weeksAgo: number,
): Promise<Week> {
  const today = localDate(ctx.clock.now(), subject.timeZone);
  const { start, end } = weekOf(today, weeksAgo);
  const previous = weekOf(today, weeksAgo + 1);
  const { scope, patient } = subject;
  const [rollups, completions, items] = await Promise.all([
    dailyRollups(ctx.db, scope, patient.id, { from: previous.start, to: end }),
    completionsByDay(ctx.db, scope, patient.id, { from: start, to: end }),
    programItems(ctx.db, scope, patient.id),
  ]);
  const inWeek = rollups.filter((row) => row.day >= start);
  const days = buildProgressDays({
    days: dateRange(start, end),
    today,
    pain: dayMap(inWeek, 'pain'),
    engagement: dayMap(inWeek, 'engagement'),
    steps: dayMap(inWeek, 'steps'),
    completions,
    items: items.map((item) => ({
      createdOn: localDate(item.createdAt, subject.timeZone),
      deletedOn: item.deletedAt ? localDate(item.deletedAt, subject.timeZone) : null,
    })),
    dataDays: new Set(inWeek.map((row) => row.day)),
  });
  const previousPain = dayMap(
    rollups.filter((row) => row.day < start),
    'pain',
  );
  return {
    start,
    end,
    today,
    days,
    previousAveragePain: mean([...previousPain.values()]),
    rollups: inWeek,
  };
}

/**
 * spec §7 progress: the week's pain, engagement, steps and program adherence, day by day, with
 * a summary against the week before. `weeksAgo` 0 is the current week. Audited.
 */
export async function getProgress(
  ctx: AuthedCtx,
  patientId: number,
  weeksAgo: number,
): Promise<Progress> {
  const subject = await staffSubject(ctx, patientId);
  const week = await loadWeek(ctx, subject, weeksAgo);
  await ctx.audit.recordRead(ctx.meta, {
    action: 'health.progress_read',
    clinicId: subject.scope.clinicId,
    actorUserId: ctx.caller.user.id,
    patientId,
    details: { weeks_ago: weeksAgo },
  });
  return {
    patient_id: patientId,
    weeks_ago: weeksAgo,
    start_date: week.start,
    end_date: week.end,
    days: week.days,
    summary: summariseProgress(week.days, week.previousAveragePain),
  };
}

/**
 * The weekly report (spec §7 report, `weeksAgo` default 1 = last week): progress, each metric,
 * monitoring time, interactions (and whether a live call was logged) and functional data of the
 * week. It backs up the month's RTM claims (domain/rtm.md). Audited.
 */
export async function getPatientReport(
  ctx: AuthedCtx,
  patientId: number,
  weeksAgo: number,
): Promise<PatientReport> {
  const subject = await staffSubject(ctx, patientId);
  const { scope, patient, timeZone } = subject;
  const week = await loadWeek(ctx, subject, weeksAgo);
  const instants = {
    from: startOfLocalDay(week.start, timeZone),
    to: startOfLocalDay(addDays(week.end, 1), timeZone),
  };
  const [seconds, interactions, types] = await Promise.all([
    secondsOf(ctx.db, scope, { patientId }, { from: week.start, to: week.end }),
    listInteractionLogs(ctx.db, scope, patientId, { ...instants, timeZone }),
    functionalTypes(ctx.db, scope, patientId),
  ]);
  const entries = await functionalEntries(
    ctx.db,
    scope,
    types.map((type) => type.id),
    { from: week.start, to: week.end },
  );
  await ctx.audit.recordRead(ctx.meta, {
    action: 'patient.report_read',
    clinicId: scope.clinicId,
    actorUserId: ctx.caller.user.id,
    patientId,
    details: { weeks_ago: weeksAgo },
  });
  return {
    patient: await toPatientDto(ctx.db, patient),
    weeks_ago: weeksAgo,
    start_date: week.start,
    end_date: week.end,
    time_zone: timeZone,
    generated_at: ctx.clock.now().toISOString(),
    summary: summariseProgress(week.days, week.previousAveragePain),
    days: week.days,
    metrics: summariseMetrics(week.rollups),
    monitoring_seconds: seconds,
    interactions: interactions.logs,
    has_interactive_call: interactions.logs.some((log) => log.call_duration_seconds > 0),
    functional_data: functionalDataDtos(types, entries),
  };
}
