import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import {
  ACCESS_DENIED_TEXTS,
  LIST_TEXTS,
  MAIL_MESSAGES,
  MAIL_PANEL_TEXTS,
  MAIL_TOASTS,
  WEBHOOK_DELIVERY_STATUS_LABELS,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_MESSAGES,
  WEBHOOKS_TEXTS as TEXTS,
  WEBHOOKS_TOASTS as TOASTS,
} from '../../contract';
import { consoleAtMeta, type ConsoleAt } from '../../../.storybook/ConsoleAt';
import {
  expectFitsThePhone,
  pointerAway,
  rowOf,
  toastWith,
  type Canvas,
  type UserEvent,
  visible,
} from '../../../.storybook/story-helpers';
import { mockWebhookSecret, webhookHandlers, webhooksMocks } from '../../../mocks/handlers/webhooks';
import { mailHandlers, mailMocks, mailOff, mailOn } from '../../../mocks/handlers/mail';
import { mockUsers } from '../../../mocks/fixtures';

// The Webhooks screen in the whole console: every state the server can put it in, and each action.
const meta = {
  title: 'Webhooks/Webhooks page',
  ...consoleAtMeta('/webhooks', 'admin'),
  // Every row button shows from 1440 px beside the sidebar (docs/adr/0022-sidebar-shell.md).
  globals: { viewport: { value: 'wide' } },
  // A fresh store per story, so what one story adds or deletes never shows in another.
  beforeEach: ({ msw }) => msw.use(...webhookHandlers(), ...mailHandlers()),
} satisfies Meta<typeof ConsoleAt>;
export default meta;
type Story = StoryObj<typeof meta>;

const BILLING = 'https://billing.internal.example/hooks/licences';
const CRM = 'http://10.0.4.17:8080/crm/webhook';

const table = async (canvas: Canvas) => within(await canvas.findByRole('grid', { name: TEXTS.tableLabel }));
const press = async (canvas: Canvas, url: string, action: string) => {
  await table(canvas);
  const row = await rowOf(canvas, url.replace(/[.?]/g, '\\$&'));
  return row.getByRole('button', { name: action });
};

export const Populated: Story = {
  tags: ['visual'],
  play: async ({ canvas }) => {
    const rows = await table(canvas);
    await waitFor(() => expect(rows.getAllByRole('rowheader')).toHaveLength(2));
    const billing = await rowOf(canvas, BILLING.replace(/[.?]/g, '\\$&'));
    await visible(() => billing.getByText(TEXTS.eventCount(4)));
    await visible(() => billing.getByText(TEXTS.enabled));
    // The dispatcher's reason for turning an endpoint off stands under its badge.
    const crm = await rowOf(canvas, CRM.replace(/[.?]/g, '\\$&'));
    await visible(() => crm.getByText(TEXTS.disabled));
    await visible(() => crm.getByText(/every delivery failed since/));
  },
};

export const Phone: Story = {
  tags: ['visual'],
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    await table(canvas);
    await expectFitsThePhone();
  },
};

export const Loading: Story = {
  beforeEach: ({ msw }) => msw.use(webhooksMocks.listNeverAnswers()),
  play: async ({ canvas }) => {
    await visible(() => canvas.getByText(TEXTS.loading));
  },
};

export const Empty: Story = {
  beforeEach: ({ msw }) => msw.use(...webhooksMocks.empty()),
  play: async ({ canvas }) => {
    await visible(() => canvas.getByText(TEXTS.empty));
    await visible(() => canvas.getByText(TEXTS.emptyDescription));
  },
};

/** A failed load: one banner with the server's message and Retry, which loads again. */
export const LoadFailed: Story = {
  beforeEach: ({ msw }) => msw.use(webhooksMocks.listFailsOnce()),
  play: async ({ canvas, userEvent }) => {
    const banner = await canvas.findByRole('alert');
    await expect(banner).toHaveTextContent('Database unavailable');
    await userEvent.click(within(banner).getByRole('button', { name: LIST_TEXTS.retry }));
    await expect(await table(canvas)).toBeTruthy();
  },
};

export const AccessDeniedForAnEditor: Story = {
  parameters: { session: { signedInAs: 'editor' } },
  play: async ({ canvas }) => {
    await visible(() => canvas.getByRole('heading', { level: 1, name: ACCESS_DENIED_TEXTS.title }));
  },
};

/** An endpoint added with its events: the signing secret shows once, and Done closes it. */
export const AddShowsTheSecretOnce: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: TEXTS.create }));
    const form = within(await screen.findByRole('dialog', { name: TEXTS.form.createTitle }));
    await userEvent.type(
      form.getByRole('textbox', { name: new RegExp(TEXTS.form.url) }),
      'https://erp.example/in',
    );
    await userEvent.click(form.getByRole('checkbox', { name: WEBHOOK_EVENT_LABELS['certificate.revoked'] }));
    await userEvent.click(form.getByRole('button', { name: TEXTS.form.createSubmit }));
    const shown = within(await screen.findByRole('dialog', { name: TEXTS.createdTitle }));
    await expect(shown.getByRole('textbox', { name: TEXTS.secretLabel })).toHaveValue(mockWebhookSecret(1));
    await toastWith(TOASTS.created.title, TOASTS.created.description('https://erp.example/in'));
    await userEvent.click(shown.getByRole('button', { name: TEXTS.done }));
    await expect(await rowOf(canvas, 'https://erp\\.example/in')).toBeTruthy();
  },
};

/** The form's own checks first: no events picked, a scheme other than http(s). */
export const AddChecksTheForm: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: TEXTS.create }));
    const form = within(await screen.findByRole('dialog', { name: TEXTS.form.createTitle }));
    await userEvent.type(
      form.getByRole('textbox', { name: new RegExp(TEXTS.form.url) }),
      'ftp://files.example',
    );
    await userEvent.click(form.getByRole('button', { name: TEXTS.form.createSubmit }));
    await visible(() => form.getByText(WEBHOOK_MESSAGES.urlInvalid));
    await visible(() => form.getByText(WEBHOOK_MESSAGES.eventsRequired));
  },
};

/** The server's address policy lands on the URL field. */
export const AddRefusedByTheAddressPolicy: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: TEXTS.create }));
    const form = within(await screen.findByRole('dialog', { name: TEXTS.form.createTitle }));
    await userEvent.type(
      form.getByRole('textbox', { name: new RegExp(TEXTS.form.url) }),
      'http://169.254.169.254/latest',
    );
    await userEvent.click(form.getByRole('button', { name: TEXTS.form.selectAll }));
    await userEvent.click(form.getByRole('button', { name: TEXTS.form.createSubmit }));
    await visible(() => form.getByText(WEBHOOK_MESSAGES.addressRefused));
  },
};

/** The delivery log's dialog and its rows, once loaded: a row per attempt, newest first. */
async function openDeliveryLog({ canvas, userEvent }: { canvas: Canvas; userEvent: UserEvent }) {
  await userEvent.click(await press(canvas, BILLING, TEXTS.actions.deliveries));
  const log = within(await screen.findByRole('dialog', { name: TEXTS.deliveries.title(BILLING) }));
  return within(await log.findByRole('grid', { name: TEXTS.deliveries.tableLabel }));
}
const attemptsOf = (rows: Canvas, type: keyof typeof WEBHOOK_EVENT_LABELS) =>
  rows.getAllByRole('row', { name: WEBHOOK_EVENT_LABELS[type] });

/**
 * The delivery log, a row per attempt (1 + 3 + 8 + 1 of four deliveries): a delivery still retrying shows its three
 * 503s, its newest with the delivery's status and Redeliver; one given up shows its eight time-outs.
 */
export const DeliveryLog: Story = {
  tags: ['visual'],
  play: async ({ canvas, userEvent }) => {
    const rows = await openDeliveryLog({ canvas, userEvent });
    await waitFor(() => expect(rows.getAllByRole('rowheader')).toHaveLength(13));
    await expect(rows.getAllByRole('button', { name: TEXTS.deliveries.redeliver })).toHaveLength(4);
    const renewed = attemptsOf(rows, 'certificate.renewed');
    await expect(renewed).toHaveLength(3);
    const [newest, second, first] = renewed.map((row: HTMLElement) => within(row));
    await visible(() => newest!.getByText(TEXTS.deliveries.responseCode(503, 1200)));
    await visible(() => newest!.getByText(WEBHOOK_DELIVERY_STATUS_LABELS.retrying));
    await visible(() => newest!.getByRole('button', { name: TEXTS.deliveries.redeliver }));
    await visible(() => second!.getByText(TEXTS.deliveries.responseCode(503, 1240)));
    await visible(() => first!.getByText(TEXTS.deliveries.responseCode(503, 1180)));
    await visible(() => first!.getByText(WEBHOOK_DELIVERY_STATUS_LABELS.dead));
    await expect(first!.queryByRole('button', { name: TEXTS.deliveries.redeliver })).toBeNull();
    const expiring = attemptsOf(rows, 'certificate.expiring');
    await expect(expiring).toHaveLength(8);
    await visible(() =>
      within(expiring[0]!).getByText(TEXTS.deliveries.failedIn('No answer within 10 s', 10_010)),
    );
    await pointerAway(userEvent);
  },
};

/** Redeliver sends a delivery given up again: the reloaded log shows one attempt more, the new one answered. */
export const Redeliver: Story = {
  play: async ({ canvas, userEvent }) => {
    const rows = await openDeliveryLog({ canvas, userEvent });
    await waitFor(() => expect(rows.getAllByRole('rowheader')).toHaveLength(13));
    const expiring = () => attemptsOf(rows, 'certificate.expiring');
    await userEvent.click(within(expiring()[0]!).getByRole('button', { name: TEXTS.deliveries.redeliver }));
    await toastWith(TOASTS.redelivered.title, TOASTS.redelivered.description);
    await waitFor(() => expect(expiring()).toHaveLength(9));
    const newest = within(expiring()[0]!);
    await visible(() => newest.getByText(TEXTS.deliveries.responseCode(200, 95)));
    await visible(() => newest.getByText(WEBHOOK_DELIVERY_STATUS_LABELS.delivered));
    // Redeliver moved to the new attempt's row.
    await expect(
      within(expiring()[1]!).queryByRole('button', { name: TEXTS.deliveries.redeliver }),
    ).toBeNull();
  },
};

/** A test ping heads the log as a delivery not sent yet, until the dispatcher's first attempt. */
export const TestPingInTheLog: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await press(canvas, BILLING, TEXTS.actions.test));
    await toastWith(TOASTS.testSent.title, TOASTS.testSent.description(BILLING));
    const rows = await openDeliveryLog({ canvas, userEvent });
    const ping = within(await rows.findByRole('row', { name: WEBHOOK_EVENT_LABELS.ping }));
    await visible(() => ping.getByText(TEXTS.deliveries.notSent));
    await visible(() => ping.getByText(WEBHOOK_DELIVERY_STATUS_LABELS.pending));
  },
};

export const SendTest: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await press(canvas, BILLING, TEXTS.actions.test));
    await toastWith(TOASTS.testSent.title, TOASTS.testSent.description(BILLING));
  },
};

/** A new secret after a question; the old one stops signing at once. */
export const RotateSecret: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await press(canvas, BILLING, TEXTS.actions.rotate));
    const question = within(await screen.findByRole('alertdialog', { name: TEXTS.rotate.title(BILLING) }));
    await userEvent.click(question.getByRole('button', { name: TEXTS.rotate.confirm }));
    const shown = within(await screen.findByRole('dialog', { name: TEXTS.rotatedTitle }));
    await expect(shown.getByRole('textbox', { name: TEXTS.secretLabel })).toHaveValue(mockWebhookSecret(1));
  },
};

/** Turning a disabled endpoint back on clears the dispatcher's reason. */
export const EnableAgain: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await press(canvas, CRM, TEXTS.actions.edit));
    const form = within(await screen.findByRole('dialog', { name: TEXTS.form.editTitle }));
    await userEvent.click(form.getByRole('checkbox', { name: TEXTS.form.enabled }));
    await userEvent.click(form.getByRole('button', { name: TEXTS.form.updateSubmit }));
    await toastWith(TOASTS.updated.title, TOASTS.updated.description(CRM));
    const crm = await rowOf(canvas, CRM.replace(/[.?]/g, '\\$&'));
    await waitFor(() => expect(crm.queryByText(/every delivery failed since/)).toBeNull());
  },
};

export const DeleteEndpoint: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await press(canvas, CRM, TEXTS.actions.delete));
    const question = within(await screen.findByRole('alertdialog', { name: TEXTS.deleteTitle(CRM) }));
    await visible(() => question.getByText(TEXTS.deleteMessage));
    await userEvent.click(question.getByRole('button', { name: LIST_TEXTS.delete }));
    await toastWith(TOASTS.deleted.title, TOASTS.deleted.description(CRM));
    const rows = await table(canvas);
    await waitFor(() => expect(rows.getAllByRole('rowheader')).toHaveLength(1));
  },
};

/** The expiry reminders panel under the endpoints: on, with when and from where they go out. */
const remindersPanel = async (canvas: Canvas) =>
  within(
    (await canvas.findByRole('heading', { name: MAIL_PANEL_TEXTS.heading })).closest(
      'section',
    ) as HTMLElement,
  );

export const EmailRemindersOn: Story = {
  play: async ({ canvas }) => {
    const panel = await remindersPanel(canvas);
    await visible(() => panel.getByText(MAIL_PANEL_TEXTS.onBadge));
    await visible(() => panel.getByText(MAIL_PANEL_TEXTS.on(mailOn.reminderTime, mailOn.from ?? '')));
  },
};

/** Without SMTP_URL and MAIL_FROM the panel says reminders are off and what to set; there is nothing to test. */
export const EmailRemindersOff: Story = {
  tags: ['visual'],
  beforeEach: ({ msw }) => msw.use(...mailHandlers(mailOff)),
  play: async ({ canvas }) => {
    const panel = await remindersPanel(canvas);
    await visible(() => panel.getByText(MAIL_PANEL_TEXTS.off));
    await visible(() => panel.getByText(MAIL_PANEL_TEXTS.offBadge));
    await expect(panel.queryByRole('button', { name: MAIL_PANEL_TEXTS.sendTest })).not.toBeInTheDocument();
    await table(canvas);
  },
};

export const SendTestEmail: Story = {
  play: async ({ canvas, userEvent }) => {
    const panel = await remindersPanel(canvas);
    await userEvent.click(await panel.findByRole('button', { name: MAIL_PANEL_TEXTS.sendTest }));
    await toastWith(MAIL_TOASTS.testSent.title, MAIL_TOASTS.testSent.description(mockUsers.admin.email));
  },
};

/** The mail server's refusal, in the server's words. */
export const SendTestEmailRefused: Story = {
  beforeEach: ({ msw }) => msw.use(mailMocks.testRefused()),
  play: async ({ canvas, userEvent }) => {
    const panel = await remindersPanel(canvas);
    await userEvent.click(await panel.findByRole('button', { name: MAIL_PANEL_TEXTS.sendTest }));
    await toastWith(MAIL_TOASTS.testFailed.title, MAIL_MESSAGES.mailRefused('550 5.7.1 Relaying denied'));
  },
};

export const EmailStatusLoading: Story = {
  beforeEach: ({ msw }) => msw.use(mailMocks.statusNeverAnswers()),
  play: async ({ canvas }) => {
    const panel = await remindersPanel(canvas);
    await visible(() => panel.getByText(MAIL_PANEL_TEXTS.loading));
    await expect(panel.queryByRole('button', { name: MAIL_PANEL_TEXTS.sendTest })).not.toBeInTheDocument();
  },
};

export const EmailStatusLoadFailed: Story = {
  beforeEach: ({ msw }) => msw.use(mailMocks.statusFails()),
  play: async ({ canvas, userEvent }) => {
    const panel = await remindersPanel(canvas);
    const banner = await panel.findByRole('alert');
    await userEvent.click(within(banner).getByRole('button', { name: LIST_TEXTS.retry }));
    await visible(() => panel.getByRole('button', { name: MAIL_PANEL_TEXTS.sendTest }));
  },
};
