// The users and clients APIs over one shared store, so an assignment made on one side shows on the other.
import { createDirectoryData, type DirectoryData } from '../fixtures/users-clients';
import { createClientsHandlers } from './clients';
import { createUsersHandlers } from './users';

export { clientsMocks } from './clients';
export { usersMocks } from './users';

/** Fresh users and clients handlers over `data` (a new store by default: pass one to share or inspect it). */
export function directoryHandlers(data: DirectoryData = createDirectoryData()) {
  return [...createUsersHandlers(data), ...createClientsHandlers(data)];
}
