import type { Meta, StoryObj } from '@storybook/react-vite';
import { http } from 'msw';
import { expect, screen, waitFor, within } from 'storybook/test';
import {
  certificatePath,
  clientPath,
  CLIENTS_TEXTS,
  COMMAND_PALETTE_TEXTS as TEXTS,
  SEARCH_LAUNCHER_TEXTS,
  type RoleName,
} from '../../contract';
import { mockUsers } from '../../../mocks/fixtures';
import { certificateUuid } from '../../../mocks/fixtures/certificates';
import { createMockClients, createMockUsers } from '../../../mocks/fixtures/users-clients';
import { errorResponse } from '../../../mocks/handlers/directory-common';
import {
  address,
  apiPath,
  LocationProbe,
  onThePhone,
  UNAVAILABLE,
  visible,
  type Canvas,
  type UserEvent,
} from '../../../.storybook/story-helpers';
import { useSessionState } from '../../lib/session';
import { vars } from '../../ui';
import { forgetRecentItems, rememberOpened, type RecentItem } from '../../lib/routing/recent-items';
import { SearchLauncher } from './SearchLauncher';

/** A strip in the top bar's colours holding the launcher, and a field to type in, as the console's shell has. */
function PaletteStage() {
  const session = useSessionState();
  // As the shell: drawn once the session is known, so the palette knows whose recent items to offer.
  if (session.status !== 'authenticated') return null;
  return (
    <>
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 16,
          padding: '10px 24px',
          background: vars.color.topBar,
          color: vars.color.topBarText,
        }}
      >
        <strong>License Console</strong>
        <div style={{ display: 'flex', flex: '0 1 320px', minWidth: 0 }}>
          <SearchLauncher />
        </div>
      </div>
      <p style={{ padding: '16px 24px' }}>
        <label>
          Notes <input type="text" />
        </label>
      </p>
      <LocationProbe />
    </>
  );
}

const forgetEveryonesRecentItems = () => {
  for (const role of Object.keys(mockUsers) as RoleName[]) forgetRecentItems(mockUsers[role].uuid);
};

const meta = {
  title: 'Search/Command palette',
  component: PaletteStage,
  parameters: { session: { signedInAs: 'owner' } },
  // What an earlier story (or a detail page's story) opened is not offered here.
  beforeEach: () => {
    forgetEveryonesRecentItems();
    return forgetEveryonesRecentItems;
  },
} satisfies Meta<typeof PaletteStage>;
export default meta;
type Story = StoryObj<typeof meta>;

type Play = { canvas: Canvas; userEvent: UserEvent };

const palette = () => screen.getByRole('dialog', { name: TEXTS.title });
const paletteInput = () => within(palette()).getByRole('textbox', { name: TEXTS.inputLabel });
const results = () => within(palette()).getByRole('listbox', { name: TEXTS.resultsLabel });
/** The headings of the sections shown, in order. */
const sectionTitles = () =>
  within(results())
    .queryAllByRole('group')
    .map((group) => group.querySelector('header')?.textContent);
/** The option whose name starts with `name` (a name, then its second line and status). */
const optionNamed = (name: string) =>
  within(results()).getByRole('option', {
    name: (accessibleName) => accessibleName === name || accessibleName.startsWith(`${name} `),
  });

/** The launcher, once the stage shows it (after the session's validation). */
const launcherOf = (canvas: Canvas) =>
  visible(() => canvas.getByRole('button', { name: SEARCH_LAUNCHER_TEXTS.text }));

/** Opens the palette with Ctrl+K from wherever the focus is, and waits for its field to have it. */
async function openWithShortcut(userEvent: UserEvent) {
  await userEvent.keyboard('{Control>}k{/Control}');
  await visible(palette);
  await waitFor(() => expect(paletteInput()).toHaveFocus());
}

/** The launcher, focused with Tab and opened with Enter. */
async function openFromLauncher({ canvas, userEvent }: Play) {
  const launcher = await launcherOf(canvas);
  await userEvent.tab();
  await expect(launcher).toHaveFocus();
  await userEvent.keyboard('{Enter}');
  await visible(palette);
  await waitFor(() => expect(paletteInput()).toHaveFocus());
  return launcher;
}

/**
 * Opens the `position`th option (from 1) with the arrow keys and Enter: the palette closes and the address is `path`.
 * Once something is typed the first option is already active (the field's `aria-activedescendant`), so Enter alone
 * opens the best match; before, the first Arrow down reaches it.
 */
async function openOption(canvas: Canvas, userEvent: UserEvent, position: number, path: string) {
  const input = paletteInput() as HTMLInputElement;
  if (input.value !== '') await waitFor(() => expect(input).toHaveAttribute('aria-activedescendant'));
  const active = input.value === '' ? 0 : 1;
  for (let step = active; step < position; step += 1) await userEvent.keyboard('{ArrowDown}');
  await userEvent.keyboard('{Enter}');
  await waitFor(() => expect(screen.queryByRole('dialog', { name: TEXTS.title })).not.toBeInTheDocument());
  await expect(address(canvas)).toHaveTextContent(path);
}

/** Waits until the results are those of what was typed (the search answered). */
const settled = () => waitFor(() => expect(results().parentElement).not.toHaveAttribute('aria-busy'));

const [acmeStudios] = createMockClients();
const nora = createMockUsers().find((user) => user.name === 'Nora Nguyen')!;
const RECENT: RecentItem[] = [
  { kind: 'client', uuid: acmeStudios!.uuid, label: acmeStudios!.name },
  { kind: 'certificate', uuid: certificateUuid(2), label: 'SN-1002', detail: 'Acme Animation' },
  { kind: 'user', uuid: nora.uuid, label: nora.name, detail: nora.email },
];

/**
 * Before anything is typed: what this user opened last, newest first. The launcher opens it from the keyboard; Enter
 * opens a recent item's page, which then leads the list, and focus is back on the launcher.
 */
export const EmptyWithRecentItems: Story = {
  tags: ['visual', 'dark'],
  beforeEach: () => {
    for (const item of [...RECENT].reverse()) rememberOpened(mockUsers.owner.uuid, item);
  },
  play: async ({ canvas, userEvent }) => {
    const launcher = await openFromLauncher({ canvas, userEvent });
    await visible(() => within(results()).getByRole('group', { name: TEXTS.groups.recent }));
    const options = within(results()).getAllByRole('option');
    await expect(options).toHaveLength(RECENT.length);
    await expect(options.map((option) => option.getAttribute('aria-label') ?? option.textContent)).toEqual([
      'Acme Studios Client',
      'SN-1002 Certificate · Acme Animation',
      'Nora Nguyen User · nora@example.test',
    ]);
    for (const option of options) await expect(option).toHaveAccessibleName(option.textContent ?? '');
    await openOption(canvas, userEvent, 2, certificatePath(certificateUuid(2)));
    await waitFor(() => expect(launcher).toHaveFocus());

    await openWithShortcut(userEvent);
    await waitFor(() =>
      expect(within(results()).getAllByRole('option')[0]).toHaveAccessibleName(
        'SN-1002 Certificate · Acme Animation',
      ),
    );
  },
};

/**
 * A query finds pages and actions the role may open, certificates with their status, clients and users, each under
 * its heading. Ctrl+K opens it; the fifth option down is the first certificate, and opening it counts it as opened.
 */
export const GroupedResults: Story = {
  tags: ['visual', 'dark'],
  play: async ({ canvas, userEvent }) => {
    await launcherOf(canvas);
    await openWithShortcut(userEvent);
    await userEvent.keyboard('a');
    await settled();
    await visible(() => optionNamed('Adam Admin'));
    await expect(sectionTitles()).toEqual([
      TEXTS.groups.pages,
      TEXTS.groups.actions,
      TEXTS.groups.certificates,
      TEXTS.groups.clients,
      TEXTS.groups.users,
    ]);
    await expect(optionNamed('SN-1001')).toHaveAccessibleName('SN-1001 Acme Animation PENDING');
    await visible(() => within(optionNamed('SN-1002')).getByText('ACTIVE'));
    await visible(() => within(optionNamed('Acme Studios')).getByText(TEXTS.clientActive));
    await openOption(canvas, userEvent, 5, certificatePath(certificateUuid(1)));

    await openWithShortcut(userEvent);
    await visible(() => optionNamed('SN-1001'));
    await userEvent.keyboard('a');
    await settled();
    await visible(() => optionNamed('Adam Admin'));
  },
};

/** Nothing matches: the palette says so (and tells screen readers); editing the query finds again. */
export const NoResults: Story = {
  tags: ['visual', 'dark'],
  play: async ({ canvas, userEvent }) => {
    await launcherOf(canvas);
    await openWithShortcut(userEvent);
    await userEvent.keyboard('zzz');
    await visible(() => within(results()).getByText(TEXTS.noResults('zzz')));
    await expect(within(palette()).getByRole('status')).toHaveTextContent(TEXTS.noResults('zzz'));
    await userEvent.keyboard('{Backspace}{Backspace}{Backspace}cob');
    await settled();
    await visible(() => optionNamed('Cobalt Post'));
    await openOption(canvas, userEvent, 1, certificatePath(certificateUuid(4)));

    await openWithShortcut(userEvent);
    await userEvent.keyboard('zzz');
    await visible(() => within(results()).getByText(TEXTS.noResults('zzz')));
  },
};

/**
 * The search fails: the palette says why with Retry (never a toast), which Tab reaches; the retried search finds, and
 * the field has the focus again. A query that keeps failing shows the error the same way.
 */
export const SearchFailsWithRetry: Story = {
  tags: ['visual', 'dark'],
  beforeEach: ({ msw }) => {
    let cobaltCalls = 0;
    msw.use(
      http.get(apiPath('/search'), ({ request }) => {
        const q = new URL(request.url).searchParams.get('q');
        if (q === 'cob') cobaltCalls += 1;
        return q === 'acme' || (q === 'cob' && cobaltCalls === 1)
          ? errorResponse(503, UNAVAILABLE, 'INTERNAL')
          : undefined;
      }),
    );
  },
  play: async ({ canvas, userEvent }) => {
    await launcherOf(canvas);
    await openWithShortcut(userEvent);
    await userEvent.keyboard('cob');
    const alert = await visible(() => within(palette()).getByRole('alert'));
    await expect(alert).toHaveTextContent(UNAVAILABLE);
    // In the palette only: no toast.
    await expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    const retry = within(alert).getByRole('button', { name: TEXTS.retry });
    await userEvent.tab();
    await userEvent.tab();
    await expect(retry).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await visible(() => optionNamed('Cobalt Post'));
    await expect(within(palette()).queryByRole('alert')).not.toBeInTheDocument();
    await waitFor(() => expect(paletteInput()).toHaveFocus());
    await openOption(canvas, userEvent, 1, certificatePath(certificateUuid(4)));

    await openWithShortcut(userEvent);
    await userEvent.keyboard('acme');
    await visible(() => within(palette()).getByRole('alert'));
    await visible(() => within(palette()).getByRole('button', { name: TEXTS.retry }));
  },
};

/** A viewer's palette: the server answers no users (`users: []`), and no actions or owner pages show. */
export const ViewerFindsNoUsers: Story = {
  tags: ['visual', 'dark'],
  parameters: { session: { signedInAs: 'viewer' } },
  play: async ({ canvas, userEvent }) => {
    await launcherOf(canvas);
    await openWithShortcut(userEvent);
    await userEvent.keyboard('a');
    await settled();
    await visible(() => optionNamed('Acme Studios'));
    await expect(sectionTitles()).toEqual([TEXTS.groups.certificates, TEXTS.groups.clients]);
    await expect(within(results()).queryByRole('option', { name: 'Adam Admin' })).not.toBeInTheDocument();
    await openOption(canvas, userEvent, 6, clientPath(acmeStudios!.uuid));

    await openWithShortcut(userEvent);
    await userEvent.keyboard('a');
    await settled();
    await visible(() => optionNamed('Acme Studios'));
  },
};

/** An action opens its list page asking for its create dialog (the page opens it: CreateFromAddress.stories.tsx). */
export const ActionOpensItsPage: Story = {
  play: async ({ canvas, userEvent }) => {
    await launcherOf(canvas);
    await openWithShortcut(userEvent);
    await userEvent.keyboard('add new c');
    await visible(() => optionNamed(CLIENTS_TEXTS.addClient));
    await openOption(canvas, userEvent, 1, '/clients?new=1');
  },
};

/**
 * Ctrl+K works while typing in a field; a second Ctrl+K opens no second palette; Escape closes it and the field has
 * the focus again.
 */
export const ShortcutWhileTyping: Story = {
  play: async ({ canvas, userEvent }) => {
    await launcherOf(canvas);
    const notes = canvas.getByRole('textbox', { name: 'Notes' });
    await userEvent.click(notes);
    await userEvent.keyboard('renewal');
    await openWithShortcut(userEvent);
    await userEvent.keyboard('{Control>}k{/Control}');
    await expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await userEvent.keyboard('cob{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(notes).toHaveFocus());
    await expect(notes).toHaveValue('renewal');
  },
};

/** On a phone the launcher is an icon with the same name, and the palette fills the screen. */
export const OnThePhone: Story = onThePhone({
  play: async ({ canvas, userEvent }: Play) => {
    const launcher = await launcherOf(canvas);
    // The text is the button's name, out of sight: the icon alone shows.
    await expect(launcher.getBoundingClientRect().width).toBeLessThanOrEqual(40);
    await userEvent.click(launcher);
    await visible(palette);
    await userEvent.keyboard('cob');
    await visible(() => optionNamed('Cobalt Post'));
    await openOption(canvas, userEvent, 1, certificatePath(certificateUuid(4)));
  },
});
