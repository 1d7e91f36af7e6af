// The console's paths to the detail pages live in the contract (the server's e-mail links use them too); the
// console's features import them from here.
export {
  certificatePath,
  clientPath,
  OVERDUE_CERTIFICATES_PATH,
  userPath,
} from '../../contract/entity-paths';
