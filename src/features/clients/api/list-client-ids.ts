import { CLIENTS_BULK_TEXTS } from '../../../contract/ui-texts';
import { useListIds } from '../../../lib/lists/use-list-ids';

/** `GET /clients/ids` with the list's filters: every matching client's id (capped) and how many match. */
export const useListClientIds = () => useListIds('/clients/ids', CLIENTS_BULK_TEXTS.fetchIdsError);
