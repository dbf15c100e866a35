/**
 * The role rules of spec §6 as data, one table for the server and the web app. What the server
 * adds on top (approval status, extension tokens, the words of a refusal) stays in its
 * platform/permissions.ts; here is only who may do what, and the few rules that read one more
 * fact than the role (monitoring in a full-service clinic, the treating relationship).
 */
import { type Role, TREATING_ROLES } from '../common/enums';

const STAFF: readonly Role[] = ['admin', 'therapist', 'remote_therapist', 'manager', 'supervisor'];
const CLINICIANS: readonly Role[] = ['admin', 'therapist', 'remote_therapist', 'supervisor'];
/** Supervisors approve programs (spec §6); they do not run the front desk or treat. */
const FRONT_DESK: readonly Role[] = [...TREATING_ROLES, 'manager'];

/**
 * Who may do what (spec §6), for both apps: the server's routes declare these actions and refuse
 * a role not listed (apps/server/src/platform/permissions.ts); the web app asks `can` before it
 * shows what the server would refuse. An action missing from the table denies.
 */
export const PERMISSIONS = {
  /** Own account: settings, notification flags, sign-out, extension token. */
  'self.read': [...STAFF, 'patient'],
  'self.update': [...STAFF, 'patient'],
  'extension.token': STAFF,
  'clinic.read': STAFF,
  'staff.list': STAFF,
  /** The roster: office managers run the front desk, so they see and register patients. */
  'patients.list': STAFF,
  /**
   * Front-desk changes that open no clinical data: register, update details, discharge, RTM
   * coverage, change of therapist, app reminder, remove. Not supervisors: whether a patient is
   * billed and who treats them is the clinic's call (docs/decisions/016).
   */
  'patients.manage': FRONT_DESK,
  /**
   * The record and clinical data: "Only therapists are allowed to enter the patient page."
   * Reading the record, its health data, progress, reports, functional data, banners and the
   * interaction log, and snoozing a banner in one's own view. Office managers get 403 here even
   * though they run the roster; supervisors read it to judge the programs they approve (spec §6,
   * docs/decisions/016-supervisor-patient-access.md).
   */
  'patients.record': CLINICIANS,
  /**
   * The treating therapist's clinical changes: onboarding (diagnosis, treating therapists),
   * logging and deleting interactions, functional data. A supervisor reads them, never writes
   * them: a call they did not make must not count toward the month's RTM codes (domain/rtm.md).
   * Each on a patient the caller treats (mayTreatPatient), but onboarding, which names who treats.
   */
  'patients.treat': TREATING_ROLES,
  /**
   * The ICD-10-CM code set is public reference data, not patient data: every staff member who
   * may register a patient (with a diagnosis) may search it.
   */
  'icd10.search': STAFF,
  /**
   * The exercise library and the catalogue: every staff member may browse it (an office manager
   * prints a program sheet, a supervisor judges the programs they approve).
   */
  'library.read': STAFF,
  /**
   * Uploading, editing and deleting videos, and keeping folders: those who build programs.
   * Which video or folder a person may change is library-rules.ts's (its owner, or the admin).
   */
  'library.manage': TREATING_ROLES,
  /**
   * Playing a film or showing a poster: the clinic's staff, and a patient whose program holds
   * the video (features/library/playback.service.ts checks which).
   */
  'library.play': [...STAFF, 'patient'],
  /**
   * A patient's home exercise program: read by those who read the record (supervisors judge the
   * programs they approve), and the recommendations for it.
   */
  'hep.read': CLINICIANS,
  /**
   * Changing a program. Whose changes wait for a supervisor is the clinic's setting (hep-rules.ts
   * needsApproval): they send approval requests, and a direct change is refused with 403. A change
   * or a request is only for a patient the caller treats (mayTreatPatient).
   */
  'hep.write': TREATING_ROLES,
  /**
   * Program templates (issue 32 item 6): read by those who build or judge programs (a supervisor
   * approving with changes starts from one too), not the front desk.
   */
  'templates.read': CLINICIANS,
  /**
   * Writing the clinic's templates and copying a shipped one: those who build programs. Which
   * template a person may change or delete is template-rules.ts's (its author, or the admin;
   * docs/decisions/034-program-templates.md).
   */
  'templates.manage': TREATING_ROLES,
  /** Deciding approval requests and who needs them: supervisors, and the clinic's administrator. */
  'hep.approve': ['supervisor', 'admin'],
  /**
   * Tasks made from the patients' data (features/tasks): those who treat act on them, each seeing
   * the patients they treat (the admin, the clinic's). Office managers and supervisors do not treat.
   */
  'tasks.manage': TREATING_ROLES,
  /**
   * Phoning a patient: the call is the month's RTM live interaction (domain/rtm.md), which only
   * those who treat the patient may log (mayTreatPatient).
   */
  'voice.call': TREATING_ROLES,
  /**
   * Monitoring time (issue 13): those who treat, and only as canMonitor allows (spec §5/§6, the
   * service checks it). Not supervisors: their minutes are not the treating practitioner's, and
   * one practitioner bills a patient's RTM (domain/rtm.md), so a session opens only on a patient
   * the caller treats (mayTreatPatient). Reading a patient's minutes is `patients.record`.
   */
  'monitoring.record': TREATING_ROLES,
  /**
   * Chat (issue 14): reading and writing the conversations one is in, staff and patients alike;
   * which conversations those are is features/chat's (chat.repo.ts visibleTo).
   */
  'chat.use': [...STAFF, 'patient'],
  /** Opening a conversation with a patient: those who treat (chat-rules.ts says which of them). */
  'chat.open': TREATING_ROLES,
  /** Every staff member may ask the clinic's support contact. */
  'chat.support': STAFF,
  /** spec §7 analytics calls, stored with who made them. */
  'analytics.record': STAFF,
  /**
   * spec §1/§7: staff invite colleagues by e-mail. Every staff role may; an account waiting for
   * approval may not (it is not yet the clinic's, so it may not write in the clinic's name).
   */
  'referral.send': STAFF,
  'billing.read': ['admin', 'manager', 'therapist', 'remote_therapist'],
  'billing.manage': ['admin', 'manager'],
  /** The month's file from the clinic's billing service: the administrator's. */
  'billing.upload': ['admin'],
  /** spec §6: supervisors update their own profile, view approvals, set approval status, update roles. */
  'supervisor.profile': ['supervisor'],
  'supervisor.approvals': ['supervisor'],
  'users.update_role': ['supervisor', 'admin'],
  /** spec §6: admin assigns a supervisor to therapists. */
  'admin.assign_supervisor': ['admin'],
  /** The administrator approves or declines staff who signed up with the clinic code. */
  'staff.approve': ['admin'],
  /** Whether a therapist is a PTA, an OTA or licensed: billing's CQ/CO (domain/rtm.md). */
  'staff.set_assistant_kind': ['admin'],
  /**
   * The development outbox (DEV_OUTBOX=on), beyond this machine: an admin reads their own
   * clinic's messages, which hold its staff's reset links and its patients' codes.
   */
  'dev.outbox': ['admin'],
  /** The patient app: a patient reaches only their own data. */
  'patient_app.self': ['patient'],
} as const satisfies Record<string, readonly Role[]>;

export type Action = keyof typeof PERMISSIONS;

/** Whether this role may take the action; no role (not signed in, not loaded yet) may not. */
export function can(role: Role | undefined, action: Action): boolean {
  const allowed: readonly Role[] | undefined = PERMISSIONS[action];
  return role !== undefined && (allowed?.includes(role) ?? false);
}

/**
 * spec §5/§6: no monitoring for office managers, and in a full-service clinic only remote
 * therapists monitor. Supervisors do not either (`monitoring.record`): one practitioner bills a
 * patient's RTM (domain/rtm.md).
 */
export function canMonitor(role: Role, isFullService: boolean): boolean {
  if (!can(role, 'monitoring.record')) {
    return false;
  }
  return isFullService ? role === 'remote_therapist' : true;
}

/**
 * The treating relationship (docs/decisions/031): whether a role gives a patient care —
 * changes the program, records monitoring time, calls, logs interactions and functional data,
 * opens the conversation — when `treatsPatient` says whether the person is among the patient's
 * treating therapists. The clinic's administrator covers every patient.
 */
export function givesCare(role: Role, treatsPatient: boolean): boolean {
  return (TREATING_ROLES as readonly Role[]).includes(role) && (role === 'admin' || treatsPatient);
}
