/** What other domains may use of the users domain: the only file imported from outside it. */
export {
  type AccountRow,
  type AccountValues,
  type UserRow,
  canTreatPatients,
  emailTaken,
  findAccountByEmail,
  findAccountById,
  insertAccount,
  listSignInSupervisors,
  refreshAccountSearch,
  toUserDto,
  updateAccount,
  withAccountSearch,
} from './users.repo';
export {
  type StaffApprovalRow,
  findStaffApproval,
  listTreatingStaff,
  setUserApproval,
} from './treating-staff.repo';
