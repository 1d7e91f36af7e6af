import type { ApiToken, CreatedApiToken } from '../../contract/api-tokens';
import type { RoleName } from '../../contract/roles';
import { API_TOKENS_TEXTS as TEXTS } from '../../contract/ui-texts';
import { useDialogs } from '../../lib/lists/use-dialogs';
import { useSessionState } from '../../lib/session';
import { Button, layout, PageHeader } from '../../ui';
import { useApiTokens } from './api/get-api-tokens';
import { ApiTokensTable } from './components/ApiTokensTable';
import { CreateApiTokenDialog } from './components/CreateApiTokenDialog';
import { RevokeApiTokenDialog } from './components/RevokeApiTokenDialog';
import { LoadedList } from '../../lib/lists/LoadedList';

type OpenDialog = { kind: 'create'; created: CreatedApiToken | null } | { kind: 'revoke'; token: ApiToken };

function ApiTokensScreen({ creator }: { creator: RoleName }) {
  const tokens = useApiTokens();
  const dialogs = useDialogs<OpenDialog>();
  const { dialog } = dialogs;
  const rows = tokens.data;

  return (
    <div className={layout.page}>
      <PageHeader
        title={TEXTS.title}
        description={TEXTS.description}
        actions={
          <Button onPress={() => dialogs.open({ kind: 'create', created: null })}>{TEXTS.create}</Button>
        }
      />
      <LoadedList
        list={tokens}
        rows={rows}
        empty={{ title: TEXTS.empty, description: TEXTS.emptyDescription }}
      >
        <ApiTokensTable
          tokens={rows}
          isLoading={tokens.isLoading}
          onRevoke={(token) => dialogs.open({ kind: 'revoke', token })}
        />
      </LoadedList>

      {dialog?.kind === 'create' && (
        <CreateApiTokenDialog
          creator={creator}
          created={dialog.created}
          // The same dialog, now showing the secret.
          onCreated={(created) => dialogs.open({ kind: 'create', created })}
          {...dialogs.modalProps}
        />
      )}
      {dialog?.kind === 'revoke' && <RevokeApiTokenDialog token={dialog.token} {...dialogs.modalProps} />}
    </div>
  );
}

/** The API tokens screen: owners and admins only, which the route already enforces. */
export function ApiTokensPage() {
  const state = useSessionState();
  if (state.status !== 'authenticated') return null;
  return <ApiTokensScreen creator={state.user.role.name} />;
}
