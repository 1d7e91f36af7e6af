import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, waitFor } from 'storybook/test';
import { visible } from '../../../.storybook/story-helpers';
import { ComboBox } from './ComboBox';

interface ClientOption {
  uuid: string;
  name: string;
}

const activeClients: ClientOption[] = [
  { uuid: 'c1', name: 'Acme Studios' },
  { uuid: 'c2', name: 'Blue Harbor Films' },
  { uuid: 'c3', name: 'Café Lumière' },
  { uuid: 'c4', name: 'Northwind Post' },
];

const onChange = fn();
const loadCalls = fn();

/** Like `GET /clients?search=…` for active clients: filters by name after a short wait; 'fail' fails. */
async function loadClients(text: string, signal: AbortSignal): Promise<ClientOption[]> {
  loadCalls(text);
  await new Promise((resolve) => setTimeout(resolve, 50));
  signal.throwIfAborted();
  if (text === 'fail') throw new Error('Failed to fetch clients');
  return activeClients.filter((client) => client.name.toLowerCase().includes(text.toLowerCase()));
}

type Mode = 'async' | 'static' | 'loading';

function ClientPicker({
  mode = 'async',
  start = null,
  isInvalid,
  isDisabled,
}: {
  mode?: Mode;
  start?: ClientOption | null;
  isInvalid?: boolean;
  isDisabled?: boolean;
}) {
  const [client, setClient] = useState<ClientOption | null>(start);
  return (
    <div style={{ width: 300 }}>
      <ComboBox<ClientOption>
        label="Client"
        placeholder="Search active clients"
        loadItems={mode === 'async' ? loadClients : undefined}
        items={mode === 'async' ? undefined : mode === 'loading' ? [] : activeClients}
        isLoading={mode === 'loading'}
        getKey={(item) => item.uuid}
        getLabel={(item) => item.name}
        value={client}
        isInvalid={isInvalid}
        errorMessage="Client is required"
        isDisabled={isDisabled}
        onChange={(item) => {
          onChange(item);
          setClient(item);
        }}
      />
    </div>
  );
}

const meta = {
  title: 'UI/ComboBox',
  component: ClientPicker,
  tags: ['autodocs', 'visual', 'dark'],
  beforeEach: () => {
    onChange.mockClear();
    loadCalls.mockClear();
  },
} satisfies Meta<typeof ClientPicker>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Client' })).toHaveValue('');
  },
};

export const WithValue: Story = {
  args: { start: activeClients[1] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Client' })).toHaveValue('Blue Harbor Films');
  },
};

export const Invalid: Story = {
  args: { isInvalid: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Client' })).toHaveAccessibleDescription(
      'Client is required',
    );
  },
};

export const Disabled: Story = { args: { isDisabled: true, start: activeClients[0] } };

/** The list open with the options the load function returned. */
export const Open: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button'));
    await visible(() => screen.getByRole('option', { name: 'Northwind Post' }));
  },
};

/** Keyboard, async: typing loads matching options (debounced, stale loads aborted), arrows move, Enter chooses. */
export const SearchAndChooseByKeyboard: Story = {
  tags: ['!visual'],
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab();
    const input = canvas.getByRole('combobox', { name: 'Client' });
    await expect(input).toHaveFocus();
    await userEvent.keyboard('har');
    // The list may still show the options of an earlier load: wait for the one of what was typed.
    await waitFor(() =>
      expect(screen.queryByRole('option', { name: 'Acme Studios' })).not.toBeInTheDocument(),
    );
    await visible(() => screen.getByRole('option', { name: 'Blue Harbor Films' }));
    // Debounced: what was typed is loaded once it settles. (A machine busy enough to pause between keys for longer
    // than the debounce may load a prefix first, so only the last load is pinned.)
    await expect(loadCalls).toHaveBeenLastCalledWith('har');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(onChange).toHaveBeenLastCalledWith(activeClients[1]);
    await expect(input).toHaveValue('Blue Harbor Films');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
  },
};

/** Keyboard, static items: filtering ignores case and accents; Escape closes the list without choosing. */
export const StaticItemsAndEscape: Story = {
  tags: ['!visual'],
  args: { mode: 'static' },
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByRole('combobox', { name: 'Client' });
    await userEvent.click(input);
    await userEvent.keyboard('cafe');
    await visible(() => screen.getByRole('option', { name: 'Café Lumière' }));
    await expect(screen.getAllByRole('option')).toHaveLength(1);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    await expect(onChange).not.toHaveBeenCalled();
    // Nothing was chosen, so the typed text goes too.
    await expect(input).toHaveValue('');
    // ArrowDown reopens with every option and focuses the first; ArrowDown again, Enter chooses.
    await userEvent.keyboard('{ArrowDown}');
    await expect(await screen.findAllByRole('option')).toHaveLength(activeClients.length);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(onChange).toHaveBeenLastCalledWith(activeClients[1]);
    await expect(input).toHaveValue('Blue Harbor Films');
  },
};

/** Nothing matches: the open list says so. */
export const NoResults: Story = {
  tags: ['!visual'],
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: 'Client' }));
    await userEvent.keyboard('zzz');
    await visible(() => screen.getByText('No results found'));
  },
};

/** A failed load shows the error in the list. */
export const LoadFails: Story = {
  tags: ['!visual'],
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: 'Client' }));
    await userEvent.keyboard('fail');
    await visible(() => screen.getByText('Failed to fetch clients'));
  },
};

/** While the caller is loading items the list says 'Loading...'. */
export const Loading: Story = {
  args: { mode: 'loading' },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button'));
    await visible(() => screen.getByText('Loading...'));
  },
};
