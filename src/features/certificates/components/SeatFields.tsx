import { MIN_STUDIO_COUNT, MIN_USER_COUNT } from '../../../contract/constants';
import { CERTIFICATES_TEXTS } from '../../../contract/ui-texts';
import { NumberField } from '../../../ui';

const TEXTS = CERTIFICATES_TEXTS.form;

/** How a form binds one of its number values (`useFormSubmit`'s `field`). */
type NumberBinding = { name: string; value: number; onChange: (value: number) => void };

/** The studio and user counts of a certificate form (create, edit, renew), each at least its minimum. */
export function SeatFields({ field }: { field: (name: 'studioCount' | 'userCount') => NumberBinding }) {
  return (
    <>
      <NumberField
        label={TEXTS.studioCount}
        {...field('studioCount')}
        isRequired
        minValue={MIN_STUDIO_COUNT}
      />
      <NumberField label={TEXTS.userCount} {...field('userCount')} isRequired minValue={MIN_USER_COUNT} />
    </>
  );
}
