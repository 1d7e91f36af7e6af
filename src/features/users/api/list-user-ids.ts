import { USERS_BULK_TEXTS } from '../../../contract/ui-texts';
import { useListIds } from '../../../lib/lists/use-list-ids';

/** `GET /users/ids` with the list's filters: every matching user's id (capped) and how many match. */
export const useListUserIds = () => useListIds('/users/ids', USERS_BULK_TEXTS.fetchIdsError);
