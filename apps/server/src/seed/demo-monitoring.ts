/**
 * The demo clinic's monitoring time (issues 13 and 15): sessions its therapists spent on their RTM
 * patients this month and the two before, split by clinic day as the server counts them, and the
 * monthly check-in call of most patients, so the priority list, the dashboard, each patient's
 * Monitoring panel and the balances show real months: this one in progress (some patients short
 * of 10 minutes, some between 10 and 20, some past 20, a few still owed their call), the two
 * before mostly complete.
 */
import type { Db } from '../db/client';
import { interactionLogs, monitoringDays, monitoringSessions } from '../db/schema';
import { addDays, daysBetween, localDate, monthStart, startOfLocalDay } from '../platform/calendar';
import type { PatientPlan } from './demo-patients';

/** This month's minutes by patient, in turn: none, short of 10, short of 20, past 20, past 40. */
const THIS_MONTH_MINUTES = [0, 6, 14, 21, 43, 12, 3, 17];
const LAST_MONTH_MINUTES = [22, 25, 12, 41, 20, 0, 24, 31];
const MONTH_BEFORE_MINUTES = [26, 21, 33, 9, 62, 20, 15, 28];
/** This month, every third monitored patient is still owed the call that makes minutes billable. */
const CALL_OWED_EVERY = 3;
const CHECK_IN_NOTE = "Monthly check-in call: went over the week's data and adjusted the program.";
/** Minutes of one sitting: therapists look at a patient's data a few minutes at a time. */
const SITTING_MINUTES = 7;

interface Placed {
  plan: PatientPlan;
  patientId: number;
}

interface Sitting {
  userId: number;
  patientId: number;
  day: string;
  seconds: number;
}

/** A month's minutes for one patient as sittings spread over `days`, by its therapists in turn. */
function sittings(
  minutes: number,
  days: readonly string[],
  who: readonly number[],
  patientId: number,
  index: number,
): Sitting[] {
  const result: Sitting[] = [];
  let left = minutes * 60 + (minutes > 0 ? (index * 17) % 60 : 0);
  let turn = 0;
  while (left > 0 && days.length > 0) {
    const seconds = Math.min(left, SITTING_MINUTES * 60 - ((index + turn) % 3) * 60);
    result.push({
      userId: who[turn % who.length] ?? who[0] ?? 0,
      patientId,
      day: days[(index * 3 + turn * 4) % days.length] ?? days[0] ?? '',
      seconds,
    });
    left -= seconds;
    turn += 1;
  }
  return result;
}

export async function seedDemoMonitoring(
  tx: Db,
  clinic: { id: number; timeZone: string },
  placed: readonly Placed[],
  therapistsOf: (plan: PatientPlan) => number[],
  now: Date,
): Promise<void> {
  const today = localDate(now, clinic.timeZone);
  const thisMonth = monthStart(today);
  const lastMonth = monthStart(addDays(thisMonth, -1));
  const monthBefore = monthStart(addDays(lastMonth, -1));
  const daysOf = (from: string, until: string) =>
    Array.from({ length: Math.max(0, daysBetween(from, until)) }, (_, i) => addDays(from, i));
  const thisMonthDays = daysOf(thisMonth, today);
  const lastMonthDays = daysOf(lastMonth, thisMonth);
  const monthBeforeDays = daysOf(monthBefore, lastMonth);
  const monitored = placed.filter(
    ({ plan }) => plan.row.isRtmCovered && plan.row.status !== 'discharged' && plan.row.onboardedAt,
  );
  const planned = monitored.flatMap(({ plan, patientId }, index) => {
    const who = therapistsOf(plan);
    const onboarded = localDate(plan.row.onboardedAt as Date, clinic.timeZone);
    const after = (days: string[]) => days.filter((day) => day >= onboarded);
    return [
      ...sittings(
        THIS_MONTH_MINUTES[index % THIS_MONTH_MINUTES.length] ?? 0,
        after(thisMonthDays),
        who,
        patientId,
        index,
      ),
      ...sittings(
        LAST_MONTH_MINUTES[index % LAST_MONTH_MINUTES.length] ?? 0,
        after(lastMonthDays),
        who,
        patientId,
        index,
      ),
      ...sittings(
        MONTH_BEFORE_MINUTES[index % MONTH_BEFORE_MINUTES.length] ?? 0,
        after(monthBeforeDays),
        who,
        patientId,
        index,
      ),
    ];
  });
  const calls = monitored.flatMap(({ plan, patientId }, index) => {
    const onboarded = localDate(plan.row.onboardedAt as Date, clinic.timeZone);
    const months = [
      { days: thisMonthDays, owed: index % CALL_OWED_EVERY === 0 },
      { days: lastMonthDays, owed: false },
      { days: monthBeforeDays, owed: false },
    ];
    return months.flatMap(({ days, owed }) => {
      const usable = days.filter((day) => day >= onboarded);
      const day = usable[(index * 5) % Math.max(1, usable.length)];
      return owed || day === undefined
        ? []
        : [{ patientId, userId: therapistsOf(plan)[0] ?? 0, day, seconds: 240 + (index % 5) * 60 }];
    });
  });
  if (calls.length > 0) {
    await tx.insert(interactionLogs).values(
      calls.map((call) => ({
        clinicId: clinic.id,
        patientId: call.patientId,
        userId: call.userId,
        // 8:00, before the day's sittings, so the call is never after `now` on today's date.
        date: new Date(startOfLocalDay(call.day, clinic.timeZone).getTime() + 8 * 3_600_000),
        notes: CHECK_IN_NOTE,
        callDurationSeconds: call.seconds,
      })),
    );
  }
  // One sitting after another from 9:00 for each therapist and day: never two at once.
  const nextFree = new Map<string, number>();
  for (const sitting of planned) {
    const slot = `${sitting.userId} ${sitting.day}`;
    const startMinute = nextFree.get(slot) ?? 9 * 60;
    nextFree.set(slot, startMinute + Math.ceil(sitting.seconds / 60) + 2);
    const startedAt = new Date(
      startOfLocalDay(sitting.day, clinic.timeZone).getTime() + startMinute * 60_000,
    );
    const endedAt = new Date(startedAt.getTime() + sitting.seconds * 1000);
    const [session] = await tx
      .insert(monitoringSessions)
      .values({
        clinicId: clinic.id,
        userId: sitting.userId,
        patientId: sitting.patientId,
        startedAt,
        lastSavedAt: endedAt,
        endedAt,
        seconds: sitting.seconds,
        context: 'patient_dashboard',
      })
      .returning({ id: monitoringSessions.id });
    if (!session) {
      throw new Error('Demo monitoring session was not created');
    }
    await tx.insert(monitoringDays).values({
      sessionId: session.id,
      clinicId: clinic.id,
      patientId: sitting.patientId,
      userId: sitting.userId,
      day: localDate(endedAt, clinic.timeZone),
      seconds: sitting.seconds,
    });
  }
}
