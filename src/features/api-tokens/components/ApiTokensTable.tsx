import { useCallback } from 'react';
import type { ApiToken } from '../../../contract/api-tokens';
import { API_TOKENS_TEXTS as TEXTS } from '../../../contract/ui-texts';
import { formatDate, formatDateTimeOr, formatDay } from '../../../lib/format/dates';
import {
  DataTable,
  layout,
  RoleBadge,
  RowActions,
  type DataTableColumn,
  useLatestHandler,
} from '../../../ui';
import * as styles from '../ApiTokensPage.css';

/**
 * 'Never', the day it expires, or 'Expired …' once that day has passed (expired tokens stay listed until revoked),
 * judged when the row is drawn.
 */
function Expiry({ expiresAt }: { expiresAt: number | null }) {
  if (expiresAt === null) return <span className={layout.muted}>{TEXTS.never}</span>;
  if (expiresAt <= Date.now())
    return <span className={styles.expired}>{TEXTS.expiredOn(formatDay(expiresAt))}</span>;
  return formatDay(expiresAt);
}

const columns: DataTableColumn<ApiToken>[] = [
  {
    id: 'name',
    header: TEXTS.columns.name,
    isRowHeader: true,
    cell: (token) => <span className={styles.nameCell}>{token.name}</span>,
  },
  { id: 'role', header: TEXTS.columns.role, cell: (token) => <RoleBadge role={token.role} /> },
  {
    id: 'token',
    header: TEXTS.columns.token,
    noWrap: true,
    cell: (token) => <code className={styles.prefix}>{TEXTS.prefixShown(token.prefix)}</code>,
  },
  { id: 'createdBy', header: TEXTS.columns.createdBy, cell: (token) => token.createdBy.name },
  {
    id: 'created',
    header: TEXTS.columns.created,
    noWrap: true,
    cell: (token) => formatDate(token.createdAt),
  },
  {
    id: 'lastUsed',
    header: TEXTS.columns.lastUsed,
    noWrap: true,
    cell: (token) => (
      <span className={token.lastUsedAt === null ? layout.muted : undefined}>
        {formatDateTimeOr(token.lastUsedAt, TEXTS.never)}
      </span>
    ),
  },
  {
    id: 'expires',
    header: TEXTS.columns.expires,
    noWrap: true,
    cell: (token) => <Expiry expiresAt={token.expiresAt} />,
  },
];

const tokenId = (token: ApiToken) => token.id;

/** The live API tokens, each with its Revoke button; never a secret, only the first characters of it. */
export function ApiTokensTable({
  tokens,
  isLoading,
  onRevoke,
}: {
  tokens: ApiToken[] | undefined;
  isLoading: boolean;
  onRevoke: (token: ApiToken) => void;
}) {
  const revoke = useLatestHandler(onRevoke);
  const rowActions = useCallback(
    (token: ApiToken) => (
      <RowActions
        actions={[{ action: 'revoke', label: TEXTS.revoke }]}
        menuLabel={TEXTS.columns.actions}
        onAction={() => revoke(token)}
      />
    ),
    [revoke],
  );
  return (
    <DataTable
      aria-label={TEXTS.tableLabel}
      columns={columns}
      rows={tokens}
      getRowId={tokenId}
      isLoading={isLoading}
      loadingLabel={TEXTS.loading}
      emptyText={TEXTS.empty}
      rowActionsHeader={TEXTS.columns.actions}
      rowActions={rowActions}
    />
  );
}
