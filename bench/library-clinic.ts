/**
 * The library bench's clinic (issue 11): 10,000 videos of ten therapists beside the 873-item
 * catalogue, built once per database and reused. Titles, tags and descriptions are drawn from
 * the catalogue, so searches meet real words at realistic frequencies.
 */
import { sql } from 'drizzle-orm';
import { BODY_PARTS, EQUIPMENT, POSITIONS, PURPOSES } from '@homestretch/contract/library/video';
import type { Db } from '../apps/server/src/db/client';
import { videos } from '../apps/server/src/db/schema';
import { videoSearchVector } from '../apps/server/src/features/library/library.api';
import { hashPassword } from '../apps/server/src/platform/passwords';
import { personNameColumns } from '../apps/server/src/platform/search-text';
import { loadExerciseCatalogue } from '../apps/server/src/features/library/library.api';
import { mulberry32 } from './large-clinic';

export const LIBRARY_CLINIC_CODE = 'BENCHLIB';
export const LIBRARY_EMAIL = 'bench.library@bench.homestretch.test';
export const LIBRARY_PASSWORD = 'Bench-pass-2026';
export const CLINIC_VIDEOS = 10_000;
const THERAPISTS = 10;

/** What therapists type in the library's search box. */
export const LIBRARY_SEARCHES = [
  'hamstring',
  'ham str',
  'squat',
  'knee',
  'shoulder ext',
  'band',
  'calf stretch',
  'bridge',
  'lunge',
  'plank',
  'rotator',
  'sit stand',
  // What clinicians call an exercise, and a typo (issue 32).
  'wall sit',
  'SLR',
  'hamstring strech',
];

type Rows<T> = { rows: T[] };

export interface LibraryClinic {
  clinicId: number;
  therapistId: number;
}

const VARIANTS = [
  '',
  'progression',
  'easy',
  'home version',
  'with hold',
  'slow',
  'week 2',
  'post-op',
];

export async function ensureLibraryClinic(
  db: Db,
  log: (message: string) => void,
): Promise<LibraryClinic> {
  await loadExerciseCatalogue(db);
  const found = (await db.execute(sql`
    select c.id as clinic_id, u.id as user_id, count(v.id) as videos
    from clinics c join users u on u.clinic_id = c.id and u.email = ${LIBRARY_EMAIL}
    left join videos v on v.clinic_id = c.id
    where c.code = ${LIBRARY_CLINIC_CODE} group by c.id, u.id`)) as Rows<{
    clinic_id: number;
    user_id: number;
    videos: string;
  }>;
  const existing = found.rows[0];
  if (existing && Number(existing.videos) >= CLINIC_VIDEOS) {
    log(`Library clinic ${LIBRARY_CLINIC_CODE} already present; reusing it.`);
    return { clinicId: existing.clinic_id, therapistId: existing.user_id };
  }
  await db.execute(sql`delete from clinics where code = ${LIBRARY_CLINIC_CODE}`);
  await db.execute(sql`delete from users where email like 'bench.library%'`);
  const clinic = (await db.execute(sql`
    insert into clinics (code, name) values (${LIBRARY_CLINIC_CODE}, 'Library Bench PT')
    returning id`)) as Rows<{ id: number }>;
  const clinicId = clinic.rows[0]!.id;
  const hash = await hashPassword(LIBRARY_PASSWORD);
  const therapistIds: number[] = [];
  for (let index = 0; index < THERAPISTS; index += 1) {
    const names = personNameColumns('Bench', `Library ${index}`);
    const email = index === 0 ? LIBRARY_EMAIL : `bench.library.${index}@bench.homestretch.test`;
    const user = (await db.execute(sql`
      insert into users (clinic_id, email, password_hash, first_name, last_name, search_name,
        sort_name, role)
      values (${clinicId}, ${email}, ${hash}, 'Bench', ${`Library ${index}`}, ${names.searchName},
        ${names.sortName}, 'therapist')
      returning id`)) as Rows<{ id: number }>;
    therapistIds.push(user.rows[0]!.id);
  }
  const catalogue = (await db.execute(sql`
    select title, description from videos where clinic_id is null order by id`)) as Rows<{
    title: string;
    description: string;
  }>;
  const random = mulberry32(11);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const started = Date.now();
  for (let start = 0; start < CLINIC_VIDEOS; start += 1_000) {
    const rows = Array.from({ length: Math.min(1_000, CLINIC_VIDEOS - start) }, (_, offset) => {
      const source = pick(catalogue.rows);
      const variant = pick(VARIANTS);
      const fields = {
        title: variant ? `${source.title} (${variant})` : source.title,
        description: source.description,
        bodyParts: pick(BODY_PARTS),
        purpose: pick(PURPOSES),
        equipment: pick(EQUIPMENT),
      };
      return {
        clinicId,
        ownerUserId: pick(therapistIds),
        ...fields,
        position: pick(POSITIONS),
        status: 'ready' as const,
        storageKey: `bench/${start + offset}.mp4`,
        createdAt: new Date(Date.now() - Math.floor(random() * 730 * 86_400_000)),
        searchVector: videoSearchVector(fields),
      };
    });
    await db.insert(videos).values(rows);
  }
  log(
    `Library clinic built in ${Math.round((Date.now() - started) / 1000)} s: ${CLINIC_VIDEOS} videos`,
  );
  return { clinicId, therapistId: therapistIds[0]! };
}
