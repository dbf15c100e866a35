/**
 * The tenancy rule of STYLE.md, checked: every query a repo exports takes the caller's clinic
 * right after the database handle, so a query can filter on it and a reviewer sees that it does.
 * A query is an exported function of a `*.repo.ts` whose first parameter is a `Db`; its second
 * must be the clinic (`scope: ClinicScope`, `clinicId`, or `clinic` with its id), or the row it
 * writes must name its clinic (`{ clinicId: … }`). The few queries that have no clinic to take
 * are listed below, each with why; a name listed that no longer breaks the rule fails the test,
 * so the list only shrinks.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '..');

/** `file.repo.ts:function` → why it takes no clinic. */
const CLINIC_LESS: Record<string, string> = {
  // Before anyone is signed in, or about the account itself, which sessions look up by id.
  'users.repo.ts:insertAccount':
    'creates an account: its clinic (or none, for an admin) is in the row',
  'library.repo.ts:findCatalogueExercise': 'the shipped catalogue is shared by every clinic',
  'library.repo.ts:findExerciseLinks': 'the shipped catalogue is shared by every clinic',
  'library.repo.ts:catalogueWordsOfInitials': 'the shipped catalogue is shared by every clinic',
  'auth.repo.ts:insertResetToken': 'password reset: the account is found by e-mail, no session',
  'auth.repo.ts:retireResetTokens': 'password reset: by the account, no session',
  'auth.repo.ts:isResetTokenLive': 'password reset: by the account, no session',
  'auth.repo.ts:consumeResetToken': 'password reset: by the account, no session',
  'auth.repo.ts:insertStaffSignUp': 'a staff sign-up names its clinic by code; none is known yet',
  'auth.repo.ts:consumeStaffSignUp': 'the sign-up link is the credential, before any session',
  'users.repo.ts:findAccountByEmail': 'sign-in looks the account up by e-mail, before any clinic',
  'users.repo.ts:findAccountById': 'the session lookup: the account carries its clinic',
  'users.repo.ts:updateAccount': 'an account changes its own names, password, e-mail',
  'users.repo.ts:emailTaken': 'e-mail addresses are unique across every clinic',
  'users.repo.ts:refreshAccountSearch': 'start-up upkeep of every account (docs/architecture.md)',
  'patients.repo.ts:deactivatePatientLogin': 'the account of a patient already found in the clinic',
  'patients.repo.ts:insertPatient': 'the row it inserts carries its clinicId',
  'patients.repo.ts:refreshPatientSearch': 'start-up upkeep of every patient (decisions/009)',
  'patients.repo.ts:findIcd10Code': 'ICD-10-CM is one catalogue, the same for every clinic',
  'icd10.repo.ts:searchIcd10Codes': 'ICD-10-CM is one catalogue, the same for every clinic',
  'icd10.repo.ts:findCodeByDescription': 'ICD-10-CM is one catalogue, the same for every clinic',
  'clinics.repo.ts:findClinicByCode': 'sign-up and the patient app name a clinic by its code',
  'admin.repo.ts:insertClinic': 'the operator’s CLI creates the clinic itself',
  'admin.repo.ts:insertStaffAccount': 'the operator’s CLI; the row it inserts names its clinic',
  // The patient's phone number is the credential before there is a patient record.
  'patient-signup.repo.ts:retireOtpCodes': 'sign-up by phone, before any clinic or account',
  'patient-signup.repo.ts:insertOtpCode': 'sign-up by phone, before any clinic or account',
  'patient-signup.repo.ts:currentOtpCode': 'sign-up by phone, before any clinic or account',
  'patient-signup.repo.ts:reserveOtpTry': 'sign-up by phone, before any clinic or account',
  'patient-signup.repo.ts:markOtpVerified': 'sign-up by phone, before any clinic or account',
  'patient-signup.repo.ts:consumeVerification': 'sign-up by phone, before any clinic or account',
  // Scheduled work and locks over every clinic, or keyed by what the caller already owns.
  'monitoring.repo.ts:closeAbandonedSessions': 'the sweeper closes every clinic’s (decisions/021)',
  'monitoring.repo.ts:lockTherapist': 'an advisory lock on the signed-in therapist',
  'voice.repo.ts:lockCaller': 'a row lock on the signed-in caller’s own account',
  'voice.repo.ts:insertCall': 'the row it inserts carries its clinicId',
  'voice.repo.ts:setProviderCallId': 'the call just inserted by this request',
  'voice.repo.ts:updateLiveCall': 'the provider’s webhook, signed, names the call; no session',
  'upload.repo.ts:deleteStaleUploads': 'the upload sweeper over every clinic',
  'upload.repo.ts:findUploadTarget': 'tus requests carry a signed ticket, not a session',
  'upload.repo.ts:claimUploadedFile': 'tus requests carry a signed ticket, not a session',
  'upload.repo.ts:finishProcessing': 'a film’s processing, after its signed upload ended',
  'dev.repo.ts:listOutbox': 'the development outbox, read by its own reader rules',
};

interface Query {
  key: string;
  second: ts.ParameterDeclaration | undefined;
  file: ts.SourceFile;
}

function repoFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      return repoFiles(full);
    }
    return entry.name.endsWith('.repo.ts') ? [full] : [];
  });
}

const isExported = (node: ts.Node) =>
  ts.canHaveModifiers(node) &&
  (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);

/** The exported functions of a repo whose first parameter is a database handle. */
function queriesOf(file: string): Query[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const queries: Query[] = [];
  const add = (name: string, fn: ts.SignatureDeclarationBase) => {
    const [first, second] = fn.parameters;
    if (first?.type?.getText(source) === 'Db') {
      queries.push({ key: `${path.basename(file)}:${name}`, second, file: source });
    }
  };
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name && isExported(statement)) {
      add(statement.name.text, statement);
    } else if (ts.isVariableStatement(statement) && isExported(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer;
        if (ts.isIdentifier(declaration.name) && init && ts.isArrowFunction(init)) {
          add(declaration.name.text, init);
        }
      }
    }
  }
  return queries;
}

/** The second parameter is the caller's clinic, or the row written names its clinic. */
function takesClinic(query: Query): boolean {
  const param = query.second;
  if (!param) {
    return false;
  }
  const name = param.name.getText(query.file);
  if (['scope', 'clinicId', 'clinic'].includes(name)) {
    return true;
  }
  const type = param.type;
  return (
    type !== undefined &&
    ts.isTypeLiteralNode(type) &&
    type.members.some(
      (member) =>
        ts.isPropertySignature(member) &&
        member.name.getText(query.file) === 'clinicId' &&
        member.questionToken === undefined,
    )
  );
}

describe('every repo query takes the caller’s clinic', () => {
  const queries = repoFiles(path.join(SRC, 'features')).flatMap(queriesOf);

  it('finds the repos’ queries', () => {
    expect(queries.length).toBeGreaterThan(150);
  });

  it('as its parameter after the database, but for the clinic-less few listed with a reason', () => {
    const breaking = queries.filter((query) => !takesClinic(query)).map((query) => query.key);
    expect(breaking.filter((key) => !(key in CLINIC_LESS))).toEqual([]);
    // A listed query that now takes its clinic, or is gone, leaves the list.
    expect(Object.keys(CLINIC_LESS).filter((key) => !breaking.includes(key))).toEqual([]);
  });
});
