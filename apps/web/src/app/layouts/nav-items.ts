import { type Action, can } from '@homestretch/contract/auth/permissions';
import type { Role } from '@homestretch/contract/common/enums';
import {
  Building2,
  ClipboardCheck,
  ClipboardList,
  Dumbbell,
  Gift,
  LayoutDashboard,
  MessagesSquare,
  Stethoscope,
  Users,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { paths, type ScreenName } from '../../config/paths';

export interface NavItem {
  label: string;
  /** Shorter label for the mobile bottom menu. */
  shortLabel: string;
  to: string;
  icon: LucideIcon;
  /** Screens under this item, so it stays highlighted on their sub-pages. */
  screens: readonly ScreenName[];
  /** One of the main items shown in the mobile bottom menu. */
  inBottomMenu: boolean;
  /** Only the roles that may take this action see it (spec §6); every staff role when absent. */
  action?: Action;
  /** What the item's badge shows: unread chat messages, or the billing badges (spec §2). */
  badge?: 'chat_unread' | 'billing';
}

/** One navigation for the staff roles; a few items belong to some roles only. */
export const NAV_ITEMS: readonly NavItem[] = [
  {
    label: 'Approvals',
    shortLabel: 'Approvals',
    to: paths.approvals(),
    icon: ClipboardCheck,
    screens: ['supervisor_approvals', 'supervisor_approval_request'],
    inBottomMenu: true,
    action: 'supervisor.approvals',
  },
  {
    label: 'Patients',
    shortLabel: 'Patients',
    to: paths.patientList(),
    icon: Users,
    screens: ['patient_list', 'patient_dashboard'],
    inBottomMenu: true,
  },
  {
    label: 'Dashboard',
    shortLabel: 'Dashboard',
    to: paths.therapistDashboard(),
    icon: LayoutDashboard,
    screens: ['therapist_dashboard'],
    inBottomMenu: true,
  },
  {
    label: 'Therapists',
    shortLabel: 'Therapists',
    to: paths.therapistList(),
    icon: Stethoscope,
    screens: ['therapist_list'],
    inBottomMenu: false,
  },
  {
    label: 'Exercise library',
    shortLabel: 'Exercises',
    to: paths.exerciseLibrary(),
    icon: Dumbbell,
    screens: ['exercise_library', 'exercise_upload', 'exercise_edit'],
    inBottomMenu: true,
  },
  {
    label: 'Program templates',
    shortLabel: 'Templates',
    to: paths.programTemplates(),
    icon: ClipboardList,
    screens: ['program_templates'],
    inBottomMenu: false,
    // Those who build or judge programs; the front desk does not.
    action: 'templates.read',
  },
  {
    label: 'Chat',
    shortLabel: 'Chat',
    to: paths.chatSessions(),
    icon: MessagesSquare,
    screens: ['chat_sessions', 'chat_messages'],
    inBottomMenu: true,
    badge: 'chat_unread',
  },
  {
    label: 'Balances',
    shortLabel: 'Balances',
    to: paths.balances(),
    icon: Wallet,
    screens: ['balances_dashboard'],
    inBottomMenu: true,
    // The clinic's billing is not a supervisor's.
    action: 'billing.read',
    badge: 'billing',
  },
  {
    label: 'Referral',
    shortLabel: 'Referral',
    to: paths.referral(),
    icon: Gift,
    screens: ['referral_program'],
    inBottomMenu: false,
  },
  {
    label: 'Clinic admin',
    shortLabel: 'Admin',
    to: paths.clinicAdmin(),
    icon: Building2,
    screens: ['clinic_admin'],
    inBottomMenu: false,
    action: 'admin.assign_supervisor',
  },
];

export function navItemsFor(role: Role | undefined): readonly NavItem[] {
  return NAV_ITEMS.filter((item) => item.action === undefined || can(role, item.action));
}

export function isNavItemActive(item: NavItem, screen: ScreenName | null): boolean {
  return screen !== null && item.screens.includes(screen);
}
