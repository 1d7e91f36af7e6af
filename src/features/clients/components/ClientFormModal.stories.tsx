import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { CLIENT_MESSAGES, CLIENTS_TEXTS, CLIENTS_TOASTS, LIST_TEXTS } from '../../../contract';
import { clientsMocks } from '#mocks/handlers/directory.ts';
import { ClientsPage } from '../ClientsPage';
import {
  type Canvas,
  directoryPage,
  pointerAway,
  rowOf,
  toastWith,
  visible,
} from '#storybook/story-helpers.tsx';

const { recorded, spyOn, meta: directory } = directoryPage('/clients');

// The add and edit client form, opened from the clients page as an owner does.
const meta = {
  title: 'Clients/Client form',
  component: ClientsPage,
  ...directory,
} satisfies Meta<typeof ClientsPage>;
export default meta;
type Story = StoryObj<typeof meta>;
type PlayContext = Parameters<NonNullable<Story['play']>>[0];

const openAddClient = async ({ canvas, userEvent }: Pick<PlayContext, 'canvas' | 'userEvent'>) => {
  await userEvent.click(await canvas.findByRole('button', { name: CLIENTS_TEXTS.addClient }));
  return within(await screen.findByRole('dialog', { name: CLIENTS_TEXTS.addTitle }));
};

/** Types each text into the form's textbox of that label, in order. */
const typeInto = async (
  { userEvent }: Pick<PlayContext, 'userEvent'>,
  dialog: Canvas,
  texts: Partial<Record<string, string>>,
) => {
  for (const [label, text] of Object.entries(texts))
    await userEvent.type(dialog.getByRole('textbox', { name: label }), text ?? '');
};

/** The Add Client form opened, `texts` typed in and Create pressed; the form is returned for what it shows next. */
const submitNewClient = async (
  context: Pick<PlayContext, 'canvas' | 'userEvent'>,
  texts: Partial<Record<string, string>>,
) => {
  const dialog = await openAddClient(context);
  await typeInto(context, dialog, texts);
  await context.userEvent.click(dialog.getByRole('button', { name: CLIENTS_TEXTS.createSubmit }));
  return dialog;
};

export const AddClientModal: Story = {
  tags: ['visual'],
  play: async (context) => {
    const dialog = await openAddClient(context);
    await expect(dialog.getByRole('textbox', { name: CLIENTS_TEXTS.nameLabel })).toHaveFocus();
    for (const label of [
      CLIENTS_TEXTS.descriptionLabel,
      CLIENTS_TEXTS.contactEmailLabel,
      CLIENTS_TEXTS.contactPhoneLabel,
      CLIENTS_TEXTS.addressLabel,
    ]) {
      await expect(dialog.getByRole('textbox', { name: label })).toHaveValue('');
    }
    // The Active checkbox is for editing only.
    await expect(dialog.queryByRole('checkbox', { name: CLIENTS_TEXTS.activeLabel })).not.toBeInTheDocument();
    await pointerAway(context.userEvent);
  },
};

export const AddClientValidationErrors: Story = {
  tags: ['visual'],
  play: async (context) => {
    const dialog = await submitNewClient(context, { [CLIENTS_TEXTS.contactEmailLabel]: 'no-at-sign' });
    await expect(dialog.getByRole('textbox', { name: CLIENTS_TEXTS.nameLabel })).toHaveAccessibleDescription(
      'Company name is required',
    );
    await expect(
      dialog.getByRole('textbox', { name: CLIENTS_TEXTS.contactEmailLabel }),
    ).toHaveAccessibleDescription('Please enter a valid email address');
    await pointerAway(context.userEvent);
  },
};

export const CreateClient: Story = {
  beforeEach: ({ msw }) => msw.use(spyOn('post', '/clients')),
  play: async (context) => {
    await submitNewClient(context, { [CLIENTS_TEXTS.nameLabel]: 'Aardvark Audio' });
    await toastWith(CLIENTS_TOASTS.created.title, 'Aardvark Audio has been created.');
    // Empty optional strings are sent as empty strings (docs/requirements.md#validation).
    await expect(recorded[0]?.body).toEqual({
      name: 'Aardvark Audio',
      description: '',
      contactEmail: '',
      contactPhone: '',
      address: '',
      remindContact: false,
    });
    const row = await rowOf(context.canvas, 'Aardvark Audio');
    await expect(row.getAllByText(LIST_TEXTS.notProvided)).toHaveLength(2);
  },
};

/** Expiry reminders to the client's contact: offered once there is a contact email to send them to. */
export const CreateWithContactReminders: Story = {
  beforeEach: ({ msw }) => msw.use(spyOn('post', '/clients')),
  play: async (context) => {
    const dialog = await openAddClient(context);
    const reminders = dialog.getByRole('checkbox', { name: CLIENTS_TEXTS.remindContactLabel });
    await expect(reminders).toBeDisabled();
    await expect(reminders).toHaveAccessibleDescription(CLIENTS_TEXTS.remindContactHint);
    await typeInto(context, dialog, {
      [CLIENTS_TEXTS.nameLabel]: 'Aardvark Audio',
      [CLIENTS_TEXTS.contactEmailLabel]: 'licences@aardvark.test',
    });
    await expect(reminders).toBeEnabled();
    await context.userEvent.click(reminders);
    await context.userEvent.click(dialog.getByRole('button', { name: CLIENTS_TEXTS.createSubmit }));
    await toastWith(CLIENTS_TOASTS.created.title, 'Aardvark Audio has been created.');
    await expect(recorded[0]?.body).toMatchObject({
      contactEmail: 'licences@aardvark.test',
      remindContact: true,
    });
  },
};

export const CreateRefusedByServer: Story = {
  tags: ['visual'],
  play: async (context) => {
    const dialog = await submitNewClient(context, { [CLIENTS_TEXTS.nameLabel]: 'acme studios' });
    // The server's 409 lands on Company Name: no banner, no toast.
    const name = dialog.getByRole('textbox', { name: CLIENTS_TEXTS.nameLabel });
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    await expect(name).toHaveAccessibleDescription(expect.stringContaining(CLIENT_MESSAGES.nameTaken));
    await expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
    await expect(screen.queryByText(CLIENTS_TOASTS.saveFailed.title)).not.toBeInTheDocument();
    await pointerAway(context.userEvent);
  },
};

export const SaveFailedWithoutMessage: Story = {
  beforeEach: ({ msw }) => msw.use(clientsMocks.createFailsWithoutMessage()),
  play: async (context) => {
    await submitNewClient(context, { [CLIENTS_TEXTS.nameLabel]: 'Aardvark Audio' });
    await toastWith(CLIENTS_TOASTS.saveFailed.title, CLIENTS_TOASTS.saveFailed.description);
  },
};

const openEdit = async ({ canvas, userEvent }: Pick<PlayContext, 'canvas' | 'userEvent'>, name: string) => {
  await userEvent.click((await rowOf(canvas, name)).getByRole('button', { name: CLIENTS_TEXTS.edit }));
  return within(await screen.findByRole('dialog', { name: CLIENTS_TEXTS.editTitle }));
};

export const EditClientModal: Story = {
  tags: ['visual'],
  play: async (context) => {
    const dialog = await openEdit(context, 'Acme Studios');
    await expect(dialog.getByRole('textbox', { name: CLIENTS_TEXTS.nameLabel })).toHaveValue('Acme Studios');
    await expect(dialog.getByRole('textbox', { name: CLIENTS_TEXTS.contactEmailLabel })).toHaveValue(
      'licensing@acme.test',
    );
    await expect(dialog.getByRole('checkbox', { name: CLIENTS_TEXTS.activeLabel })).toBeChecked();
    await pointerAway(context.userEvent);
  },
};

export const EditClient: Story = {
  beforeEach: ({ msw }) => msw.use(spyOn('put', '/clients/:id')),
  play: async (context) => {
    const dialog = await openEdit(context, 'Acme Studios');
    const phone = dialog.getByRole('textbox', { name: CLIENTS_TEXTS.contactPhoneLabel });
    await context.userEvent.clear(phone);
    await context.userEvent.click(dialog.getByRole('checkbox', { name: CLIENTS_TEXTS.activeLabel }));
    await context.userEvent.click(dialog.getByRole('button', { name: CLIENTS_TEXTS.updateSubmit }));
    await toastWith(CLIENTS_TOASTS.updated.title, 'Acme Studios has been updated.');
    await expect(recorded[0]?.body).toEqual({
      name: 'Acme Studios',
      description: 'Acme Studios post-production licences.',
      contactEmail: 'licensing@acme.test',
      contactPhone: '',
      address: '1 Studio Road',
      isActive: false,
      remindContact: false,
    });
    const row = await rowOf(context.canvas, 'Acme Studios');
    await visible(() => row.getByText('Inactive'));
    await visible(() => row.getByText(LIST_TEXTS.notProvided));
  },
};

export const EditClientValidationErrors: Story = {
  play: async (context) => {
    const dialog = await openEdit(context, 'Acme Studios');
    await context.userEvent.clear(dialog.getByRole('textbox', { name: CLIENTS_TEXTS.nameLabel }));
    await context.userEvent.click(dialog.getByRole('button', { name: CLIENTS_TEXTS.updateSubmit }));
    await expect(dialog.getByRole('textbox', { name: CLIENTS_TEXTS.nameLabel })).toHaveAccessibleDescription(
      'Company name is required',
    );
  },
};
