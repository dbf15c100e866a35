/** What other domains may use of the users domain: the only file imported from outside it. */
export {
  type AccountRow,
  type UserRow,
  canTreatPatients,
  emailTaken,
  findAccountByEmail,
  findAccountById,
  listClinicAccountsByRole,
  toUserDto,
  updateAccount,
} from './users.repo';
