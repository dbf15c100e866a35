/** What the admin CLI uses of the admin domain: the only file imported from outside it. */
export {
  AdminError,
  createClinic,
  createUser,
  resetPassword,
  setApprovalRoles,
} from './admin.service';
export { backup, restore } from './backup';
