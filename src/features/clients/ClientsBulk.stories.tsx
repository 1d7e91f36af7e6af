import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import {
  CLIENTS_BULK_TEXTS,
  CLIENTS_TEXTS,
  LIST_TEXTS,
  PAGE_SIZE_TEXTS,
  SELECTION_TEXTS,
} from '../../contract';
import {
  directoryPage,
  pointerAway,
  rowNames,
  rowOf,
  selectionBar as bar,
  toastWith,
  visible,
} from '../../../.storybook/story-helpers';
import { ClientsPage } from './ClientsPage';

const { recorded, meta: directory } = directoryPage('/clients', {
  spy: [
    ['get', '/clients'],
    ['post', '/clients/bulk'],
  ],
  forget: ['lc.pageSize.clients'],
});

// Sorting, page size and bulk activate/deactivate on the clients list.
const meta = {
  title: 'Clients/Sorting and bulk actions',
  component: ClientsPage,
  ...directory,
} satisfies Meta<typeof ClientsPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const table = (canvas: Parameters<typeof rowNames>[0]) =>
  within(canvas.getByRole('grid', { name: CLIENTS_TEXTS.tableLabel }));

/** Most certificates first: a press on Certificates, then another. */
export const SortByCertificates: Story = {
  tags: ['visual'],
  play: async ({ canvas, userEvent }) => {
    await rowOf(canvas, 'Acme Studios');
    const header = canvas.getByRole('columnheader', { name: /Certificates/ });
    await userEvent.click(header);
    await userEvent.click(header);
    await waitFor(() => expect(rowNames(canvas).slice(0, 2)).toEqual(['Granite VFX', 'Acme Studios']));
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await pointerAway(userEvent);
  },
};

/** Every client on one page at 25, and all of them deactivated at once across the selection. */
export const DeactivateAllMatching: Story = {
  play: async ({ canvas, userEvent }) => {
    await rowOf(canvas, 'Acme Studios');
    await userEvent.click(table(canvas).getByRole('checkbox', { name: /Select All/i }));
    await userEvent.click(bar().getByRole('button', { name: SELECTION_TEXTS.selectAllMatching(12) }));
    await visible(() => bar().getByText(SELECTION_TEXTS.allMatchingSelected(12)));
    await userEvent.click(bar().getByRole('button', { name: CLIENTS_BULK_TEXTS.actions.deactivate }));
    await toastWith(
      SELECTION_TEXTS.toastDone,
      SELECTION_TEXTS.outcome(CLIENTS_BULK_TEXTS.actions.deactivate, 12, 0),
    );
    const sent = recorded.find((request) => request.method === 'POST')?.body as { ids: string[] };
    await expect(sent.ids).toHaveLength(12);
    await userEvent.click(canvas.getByRole('button', { name: new RegExp(PAGE_SIZE_TEXTS.label) }));
    await userEvent.click(await screen.findByRole('option', { name: PAGE_SIZE_TEXTS.option(25) }));
    await waitFor(() => expect(rowNames(canvas)).toHaveLength(12));
    await expect(table(canvas).getAllByText(LIST_TEXTS.inactive)).toHaveLength(12);
    await expect(localStorage.getItem('lc.pageSize.clients')).toBe('25');
  },
};

/** A viewer changes no client: no checkboxes. */
export const ViewerCannotSelect: Story = {
  parameters: { session: { signedInAs: 'viewer' } },
  play: async ({ canvas }) => {
    await rowOf(canvas, 'Acme Studios');
    await expect(table(canvas).queryAllByRole('checkbox')).toHaveLength(0);
  },
};
