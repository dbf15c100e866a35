import { type TodayProgram, TodayProgramSchema } from '@homestretch/contract/patient-app/program';

/*
 * The last program the phone loaded, so it stays readable without a network (a basement gym,
 * a flight). Kept per account: on a shared phone the next patient never sees it, and signing
 * out forgets it.
 */

const KEY = 'homestretch.app.program';

export interface CachedProgram {
  userId: number;
  firstName: string;
  /** When it was loaded (ISO 8601). */
  savedAt: string;
  program: TodayProgram;
}

export function saveProgram(entry: CachedProgram): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(entry));
  } catch {
    // Storage full or refused (private mode): the app works on, only not offline.
  }
}

export function readProgram(userId?: number): CachedProgram | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(KEY);
  } catch {
    return null;
  }
  if (!raw) {
    return null;
  }
  try {
    const entry = JSON.parse(raw) as Partial<CachedProgram>;
    const program = TodayProgramSchema.safeParse(entry.program);
    if (
      !program.success ||
      typeof entry.userId !== 'number' ||
      typeof entry.savedAt !== 'string' ||
      typeof entry.firstName !== 'string' ||
      (userId !== undefined && entry.userId !== userId)
    ) {
      return null;
    }
    return { ...(entry as CachedProgram), program: program.data };
  } catch {
    return null;
  }
}

export function forgetProgram(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}
