import { LICENSE_TERMS_FIELDS as TEXTS } from '../../../contract/texts/license-terms';
import { MIN_FILE_LIFETIME_DAYS } from '../../../contract/license-terms';
import { NumberField } from '../../../ui';

/** How a form binds one of its values (`useFormSubmit`'s `field`). */
type Binding<V> = { name: string; value: V; onChange: (value: V) => void };

/** Whole days only: a fraction is not offered, and a typed one is the contract's error. */
const WHOLE_DAYS = { maximumFractionDigits: 0 } as const;

/**
 * The licence terms of a certificate form (create, edit, renew, Edit Terms and the owners' defaults): the grace
 * period in days and the licence file lifetime in days, empty for none (null in the values; the field's empty is
 * react-aria's NaN). Their upper limits are left to the contract's checks, so a number past one shows its message
 * rather than being silently lowered.
 */
export function LicenseTermsFields({
  field,
}: {
  field: {
    (name: 'graceDays'): Binding<number>;
    (name: 'fileLifetimeDays'): Binding<number | null>;
  };
}) {
  const lifetime = field('fileLifetimeDays');
  return (
    <>
      <NumberField
        label={TEXTS.graceDays}
        description={TEXTS.graceDaysDescription}
        {...field('graceDays')}
        minValue={0}
        formatOptions={WHOLE_DAYS}
        isRequired
      />
      <NumberField
        label={TEXTS.fileLifetimeDays}
        description={TEXTS.fileLifetimeDaysDescription}
        {...lifetime}
        value={lifetime.value ?? Number.NaN}
        onChange={(value) => lifetime.onChange(Number.isNaN(value) ? null : value)}
        minValue={MIN_FILE_LIFETIME_DAYS}
        formatOptions={WHOLE_DAYS}
      />
    </>
  );
}
