import { defineRoute } from '../common/route';
import { PaginatedSchema } from '../common/pagination';
import { UserSchema } from './user';

/** spec §7: the first of the results is the current user. */
export const listUsersRoute = defineRoute({
  method: 'GET',
  path: '/api/v1/users/',
  summary: 'The current user (first result)',
  tags: ['users'],
  response: { 200: PaginatedSchema(UserSchema) },
});
