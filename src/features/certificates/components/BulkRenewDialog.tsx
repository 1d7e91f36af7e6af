import { useState } from 'react';
import { CERTIFICATES_BULK_TEXTS as TEXTS, CERTIFICATES_TEXTS } from '../../../contract/ui-texts';
import type { BulkOptions } from '../api/bulk-certificates';
import { Button, DatePicker, FormActions, Modal } from '../../../ui';
import { PERIOD_MONTHS, RenewPeriodChoice, type RenewPeriod } from './RenewPeriod';

const PERIOD_LABELS = { month: TEXTS.renewPlusMonth, year: TEXTS.renewPlusYear, date: TEXTS.renewToDate };

/**
 * Renew the selected certificates: "+1 month" and "+1 year" move each certificate's own end on (the bulk
 * call's `extendBy`, so a client's licences ending on different days keep their days); "to one date" gives all the
 * same end. It closes on Renew: the bulk bar shows the progress and each row's outcome, a refusal included.
 */
export function BulkRenewDialog({
  count,
  isOpen,
  onOpenChange,
  onRenew,
}: {
  count: number;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onRenew: (renewal: Pick<BulkOptions, 'validTo' | 'extendBy'>) => void;
}) {
  const [period, setPeriod] = useState<RenewPeriod>('year');
  const [date, setDate] = useState<number | null>(null);
  const [dateError, setDateError] = useState<string | undefined>();

  const renew = () => {
    if (period === 'date' && date === null) return setDateError(TEXTS.renewDateRequired);
    onOpenChange(false);
    onRenew(period === 'date' ? { validTo: date! } : { extendBy: { months: PERIOD_MONTHS[period] } });
  };

  return (
    <Modal title={TEXTS.renewTitle} isOpen={isOpen} onOpenChange={onOpenChange}>
      <p>{TEXTS.renewMessage(count)}</p>
      <RenewPeriodChoice label={TEXTS.renewBy} labels={PERIOD_LABELS} value={period} onChange={setPeriod} />
      {period === 'date' && (
        <DatePicker
          label={TEXTS.renewDate}
          name="validTo"
          value={date}
          onChange={(day) => {
            setDate(day);
            setDateError(undefined);
          }}
          isRequired
          isInvalid={dateError !== undefined}
          {...(dateError ? { errorMessage: dateError } : {})}
        />
      )}
      <FormActions>
        <Button variant="secondary" onPress={() => onOpenChange(false)}>
          {CERTIFICATES_TEXTS.renew.cancel}
        </Button>
        <Button onPress={renew}>{CERTIFICATES_TEXTS.renew.confirm}</Button>
      </FormActions>
    </Modal>
  );
}
