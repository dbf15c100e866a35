/**
 * Tasks the server makes from a patient's data (issue 13, features/tasks): why the patient needs
 * someone's attention. Each kind is made once per patient and period (tasks.period_key).
 * no_data: the app has sent nothing for 3 days;
 * pain_rising: pain is up 2 points or more over a week;
 * call_due: the month ends within 5 days and no live call is logged (domain/rtm.md);
 * minutes_short: a week or less is left and the month's minutes are short of a threshold.
 */
export const TASK_KINDS = ['no_data', 'pain_rising', 'call_due', 'minutes_short'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];

/** spec §4: the list's default filter is `new`; a done task leaves it. */
export const TASK_STATUSES = ['new', 'done'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
