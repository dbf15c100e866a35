import type { z } from 'zod';
import { PAGE_SIZE } from '@homestretch/contract/common/constants';
import { ROLE_LABELS, TREATING_ROLES } from '@homestretch/contract/common/enums';
import { pageOffset } from '@homestretch/contract/common/pagination';
import type { StaffListQuerySchema, StaffMember } from '@homestretch/contract/staff/list-staff';
import { type AuthedCtx, clinicScope } from '../../platform/context';
import { normaliseSearchText, personNameColumns, searchTokens } from '../../platform/search-text';
import { type StaffRow, listClinicStaff } from './staff.repo';

const canTreat = (role: StaffRow['role']) => (TREATING_ROLES as readonly string[]).includes(role);

/** Every word starts a word of the name, in either order, or the query is inside the e-mail. */
function matches(row: StaffRow, query: string): boolean {
  const tokens = searchTokens(query);
  const name = ` ${personNameColumns(row.firstName, row.lastName).searchName.replaceAll('-', ' ')}`;
  return (
    tokens.every((token) => name.includes(` ${token}`)) ||
    row.email.includes(normaliseSearchText(query))
  );
}

/**
 * The clinic's staff (spec §7 GET /clinic/therapist): for therapist_list and the therapist
 * pickers. By last name, then first name (accents ignored), 25 a page.
 */
export async function findStaff(
  ctx: AuthedCtx,
  query: z.output<typeof StaffListQuerySchema>,
): Promise<{ results: StaffMember[]; count: number }> {
  const rows = await listClinicStaff(ctx.db, clinicScope(ctx));
  const search = query.search?.trim() ?? '';
  const kept = rows
    .filter((row) => search === '' || matches(row, search))
    .filter((row) => query.role === undefined || row.role === query.role)
    .filter((row) => query.can_treat === undefined || canTreat(row.role) === query.can_treat)
    .map((row) => ({ row, key: personNameColumns(row.firstName, row.lastName).sortName }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.row.id - b.row.id));
  const offset = pageOffset(query.page);
  return {
    count: kept.length,
    results: kept.slice(offset, offset + PAGE_SIZE).map(({ row }) => ({
      id: row.id,
      email: row.email,
      first_name: row.firstName,
      last_name: row.lastName,
      role: row.role,
      role_label: ROLE_LABELS[row.role],
      last_login: row.lastLogin?.toISOString() ?? null,
      can_treat: canTreat(row.role),
      patient_count: row.patientCount,
    })),
  };
}
