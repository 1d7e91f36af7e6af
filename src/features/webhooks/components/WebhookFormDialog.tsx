import { fieldErrorsOf } from '../../../contract/errors';
import {
  createWebhookRequestSchema,
  WEBHOOK_EVENT_TYPES,
  type CreatedWebhook,
  type Webhook,
  type WebhookEventType,
} from '../../../contract/webhooks';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOKS_TEXTS as TEXTS,
  WEBHOOKS_TOASTS as TOASTS,
} from '../../../contract/ui-texts';
import { reportSaveFailure, useFormSubmit } from '../../../lib/forms/use-form-submit';
import { naming } from '../../../lib/toasts/outcome-toasts';
import {
  Button,
  Checkbox,
  CheckboxGroup,
  DialogForm,
  Modal,
  OneTimeSecret,
  TextField,
  useToast,
  type OpenState,
} from '../../../ui';
import { useCreateWebhook } from '../api/create-webhook';
import { useUpdateWebhook } from '../api/update-webhook';

interface WebhookFormValues {
  url: string;
  description: string;
  events: WebhookEventType[];
  enabled: boolean;
}

const initialValues = (webhook: Webhook | null): WebhookFormValues =>
  webhook
    ? { url: webhook.url, description: webhook.description, events: webhook.events, enabled: webhook.enabled }
    : { url: '', description: '', events: [], enabled: true };

function WebhookForm({
  webhook,
  close,
  onCreated,
}: {
  webhook: Webhook | null;
  close: () => void;
  onCreated: (created: CreatedWebhook) => void;
}) {
  const toast = useToast();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const { values, change, field, formProps } = useFormSubmit<WebhookFormValues, Webhook | CreatedWebhook>({
    initialValues: () => initialValues(webhook),
    // The contract's checks first (scheme, events), then the server's (the address policy, names it all).
    prepare: (formValues) => {
      const parsed = createWebhookRequestSchema.safeParse(formValues);
      if (!parsed.success) return { fieldErrors: fieldErrorsOf(parsed.error.issues) };
      return { save: () => (webhook ? update(webhook.id, parsed.data) : create(parsed.data)) };
    },
    onSaved: (saved) => {
      if ('secret' in saved) {
        toast.show({ type: 'success', ...naming(TOASTS.created, saved.url) });
        onCreated(saved);
      } else {
        toast.show({ type: 'success', ...naming(TOASTS.updated, saved.url) });
        close();
      }
    },
    onFailed: (caught, fieldErrors) => reportSaveFailure(toast, caught, fieldErrors, TOASTS.saveFailed),
  });
  const allPicked = values.events.length === WEBHOOK_EVENT_TYPES.length;

  return (
    <DialogForm
      {...formProps}
      aria-label={webhook ? TEXTS.form.editTitle : TEXTS.form.createTitle}
      cancelLabel={TEXTS.form.cancel}
      onCancel={close}
      submitLabel={webhook ? TEXTS.form.updateSubmit : TEXTS.form.createSubmit}
      pendingLabel={webhook ? TEXTS.form.updating : TEXTS.form.creating}
    >
      <TextField
        label={TEXTS.form.url}
        description={TEXTS.form.urlDescription}
        {...field('url')}
        type="url"
        inputMode="url"
        autoComplete="off"
        isRequired
        autoFocus
      />
      <TextField label={TEXTS.form.description} {...field('description')} autoComplete="off" />
      <CheckboxGroup
        label={TEXTS.form.events}
        description={TEXTS.form.eventsDescription}
        name="events"
        value={values.events}
        onChange={(picked) => change('events')(picked as WebhookEventType[])}
        isRequired
      >
        {WEBHOOK_EVENT_TYPES.map((event) => (
          <Checkbox key={event} value={event}>
            {WEBHOOK_EVENT_LABELS[event]}
          </Checkbox>
        ))}
      </CheckboxGroup>
      <div>
        <Button
          variant="ghost"
          size="sm"
          isDisabled={allPicked}
          onPress={() => change('events')([...WEBHOOK_EVENT_TYPES])}
        >
          {TEXTS.form.selectAll}
        </Button>
      </div>
      <Checkbox isSelected={values.enabled} onChange={change('enabled')}>
        {TEXTS.form.enabled}
      </Checkbox>
    </DialogForm>
  );
}

/**
 * Add or edit an endpoint: its URL, the events it gets, and whether it is on. Once added, the same dialog shows
 * the signing secret, which the server never shows again; `created` is that endpoint (held by the screen, so each
 * opening starts with an empty form).
 */
export function WebhookFormDialog({
  webhook,
  created,
  onCreated,
  ...openState
}: {
  webhook: Webhook | null;
  created: CreatedWebhook | null;
  onCreated: (created: CreatedWebhook) => void;
} & OpenState) {
  const title = created ? TEXTS.createdTitle : webhook ? TEXTS.form.editTitle : TEXTS.form.createTitle;
  return (
    // Escape must not throw the secret away: only Done closes the dialog once it shows.
    <Modal title={title} isKeyboardDismissDisabled={created !== null} {...openState}>
      {(close) =>
        created ? (
          <OneTimeSecret token={created.secret} close={close} texts={TEXTS} />
        ) : (
          <WebhookForm webhook={webhook} close={close} onCreated={onCreated} />
        )
      }
    </Modal>
  );
}
