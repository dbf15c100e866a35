/**
 * Operations for a real deployment without demo data, run from the command line by whoever
 * operates the server (no HTTP door): create clinics and accounts, reset a password.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  ClinicCodeSchema,
  EmailSchema,
  NewPasswordSchema,
  PersonNameSchema,
} from '@homestretch/contract/common/fields';
import { RoleSchema, TREATING_ROLES } from '@homestretch/contract/common/enums';
import type { Db } from '../../db/client';
import { emailTaken, findAccountByEmail, updateAccount } from '../users/users.api';
import { writeAudit } from '../../platform/audit';
import { findClinicByCode } from '../clinics/clinics.api';
import { hashPassword } from '../../platform/passwords';
import { deleteUserSessions } from '../../platform/sessions';
import { insertClinic, insertStaffAccount, mergeClinicSettings } from './admin.repo';

const CLI_META = { ip: 'cli', userAgent: 'homestretch-admin' };

export class AdminError extends Error {}

function parse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `--${String(issue.path[0] ?? '').replaceAll('_', '-')}: ${issue.message}`,
    );
    throw new AdminError(lines.join('\n'));
  }
  return result.data;
}

/** A password people can type from a printout: 4 groups of 5 characters from an unambiguous set. */
export function generatePassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzACDEFGHJKLMNPQRTUVWXY3479';
  const bytes = randomBytes(20);
  const chars = Array.from(bytes, (byte) => alphabet[byte % alphabet.length]);
  return [0, 5, 10, 15].map((start) => chars.slice(start, start + 5).join('')).join('-');
}

const CreateClinicSchema = z.object({
  code: ClinicCodeSchema,
  name: z.string().trim().min(2, 'Give the clinic a name'),
  time_zone: z
    .string()
    .default('America/New_York')
    .refine((zone) => Intl.supportedValuesOf('timeZone').includes(zone), 'Unknown IANA time zone'),
});

export async function createClinic(db: Db, input: unknown) {
  const values = parse(CreateClinicSchema, input);
  if (await findClinicByCode(db, values.code)) {
    throw new AdminError(`A clinic with the code ${values.code} already exists`);
  }
  const clinic = await insertClinic(db, {
    code: values.code,
    name: values.name,
    timeZone: values.time_zone,
  });
  if (!clinic) {
    throw new AdminError('The clinic was not created');
  }
  await writeAudit(db, CLI_META, { action: 'admin.clinic_created', clinicId: clinic.id });
  return clinic;
}

const CreateUserSchema = z.object({
  email: EmailSchema,
  role: RoleSchema,
  clinic: ClinicCodeSchema,
  first_name: PersonNameSchema,
  last_name: PersonNameSchema,
  password: NewPasswordSchema.optional(),
});

export async function createUser(db: Db, input: unknown) {
  const values = parse(CreateUserSchema, input);
  const clinic = await findClinicByCode(db, values.clinic);
  if (!clinic) {
    throw new AdminError(`No clinic has the code ${values.clinic}`);
  }
  if (await emailTaken(db, values.email)) {
    throw new AdminError(`An account with the email ${values.email} already exists`);
  }
  const password = values.password ?? generatePassword();
  const user = await insertStaffAccount(db, {
    clinicId: clinic.id,
    email: values.email,
    role: values.role,
    firstName: values.first_name,
    lastName: values.last_name,
    passwordHash: await hashPassword(password),
    isFullService: clinic.isFullService,
    // Whoever runs the CLI holds the database: their accounts need no approval.
    approvalStatus: 'approved',
  });
  if (!user) {
    throw new AdminError('The account was not created');
  }
  await writeAudit(db, CLI_META, {
    action: 'admin.user_created',
    clinicId: clinic.id,
    targetType: 'user',
    targetId: user.id,
    details: { role: values.role },
  });
  return { user, password, generated: values.password === undefined };
}

const ResetPasswordSchema = z.object({
  email: EmailSchema,
  password: NewPasswordSchema.optional(),
});

export async function resetPassword(db: Db, input: unknown) {
  const values = parse(ResetPasswordSchema, input);
  const account = await findAccountByEmail(db, values.email);
  if (!account) {
    throw new AdminError(`No account has the email ${values.email}`);
  }
  const password = values.password ?? generatePassword();
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await updateAccount(tx, account.user.id, { passwordHash });
    await deleteUserSessions(tx, account.user.id);
    await writeAudit(tx, CLI_META, {
      action: 'admin.password_reset',
      clinicId: account.user.clinicId,
      targetType: 'user',
      targetId: account.user.id,
    });
  });
  return { email: values.email, password, generated: values.password === undefined };
}

const ApprovalRolesSchema = z.object({
  clinic: ClinicCodeSchema,
  /** Comma-separated; empty for none. */
  roles: z
    .string()
    .transform((value) => [
      ...new Set(
        value
          .split(',')
          .map((role) => role.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z.array(
        z.enum(
          TREATING_ROLES.filter((role) => role !== 'admin'),
          { error: 'Roles are therapist and remote_therapist, comma-separated, or empty for none' },
        ),
      ),
    ),
});

/**
 * Which roles' program changes wait for a supervisor in a clinic (README: Programs and
 * approvals); a supervisor's per-therapist choice still wins.
 */
export async function setApprovalRoles(db: Db, input: unknown) {
  const values = parse(ApprovalRolesSchema, input);
  const clinic = await findClinicByCode(db, values.clinic);
  if (!clinic) {
    throw new AdminError(`No clinic has the code ${values.clinic}`);
  }
  await mergeClinicSettings(db, clinic.id, { hep_approval_roles: values.roles });
  await writeAudit(db, CLI_META, {
    action: 'admin.approval_roles_set',
    clinicId: clinic.id,
    details: { roles: values.roles },
  });
  return { clinic: clinic.code, roles: values.roles };
}
