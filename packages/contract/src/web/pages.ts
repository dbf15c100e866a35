/**
 * The staff app's pages, spec §2, in React Router syntax: the web app routes by them (its
 * config/paths.ts adds the href builders), and the server names the first data of the page it
 * serves by them (early-data.ts).
 */
export const routePatterns = {
  root: '/',
  patientList: '/patients',
  patientDashboard: '/patient/:id/dashboard',
  therapistList: '/therapist-list',
  therapistDashboard: '/dashboard',
  balances: '/balances',
  exerciseLibrary: '/exercise-library',
  exerciseUpload: '/exercise-upload',
  exerciseEdit: '/exercise-edit/:id',
  programTemplates: '/program-templates',
  referral: '/referral',
  chatSessions: '/chat',
  chatMessages: '/chat/:id/messages',
  approvals: '/approvals',
  approvalRequest: '/approvals/:id',
  programPrint: '/patient/:id/program/print',
  supervisorProfile: '/profile',
  clinicAdmin: '/clinic-admin',
  supervisorLogin: '/supervisor-login',
  patientSignup: '/patient/signup',
  therapistSignup: '/therapist-signup',
  login: '/login',
  findPassword: '/find-password',
  resetPassword: '/reset-password',
} as const;
