import {
  Button as AriaButton,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DateInput as AriaDateInput,
  DatePicker as AriaDatePicker,
  DateSegment,
  Dialog,
  Group,
  Heading,
  Popover,
} from 'react-aria-components';
import { Icon } from '../Icon';
import { Field, fieldStyles, type FieldTexts } from '../Field';
import { toCalendarDate, toDateString, toEpochMs, type DateInput } from './date-value';
import * as styles from './DatePicker.css';

export interface DatePickerProps extends FieldTexts {
  /**
   * The chosen day, given either as epoch milliseconds (read as their UTC calendar day) or as a
   * 'YYYY-MM-DD' string; `null` for none. Leave it out (and use `defaultValue`) for an uncontrolled field.
   */
  value?: DateInput | null;
  defaultValue?: DateInput | null;
  /**
   * Called with the chosen day both ways: `epochMs` is midnight UTC of that day (what the API's
   * validFrom/validTo take), `dateString` is 'YYYY-MM-DD'. Both are null when the field is emptied
   * or only partly typed.
   */
  onChange?: (epochMs: number | null, dateString: string | null) => void;
  /** Earliest and latest days that can be chosen (same formats as `value`). */
  minValue?: DateInput;
  maxValue?: DateInput;
  isRequired?: boolean;
  isDisabled?: boolean;
  isInvalid?: boolean;
  /** Form field name; submitted as 'YYYY-MM-DD'. */
  name?: string;
}

/**
 * A date field with a calendar popover (react-aria DatePicker). Day, month and year are typed or
 * stepped with the arrow keys in the browser's locale order; the button (or Alt+ArrowDown) opens
 * the calendar, arrow keys move by day and week, Enter chooses, Escape closes.
 */
export function DatePicker({
  label,
  value,
  defaultValue,
  onChange,
  minValue,
  maxValue,
  description,
  errorMessage,
  ...props
}: DatePickerProps) {
  return (
    <AriaDatePicker
      {...props}
      className={fieldStyles.field}
      value={value === undefined ? undefined : toCalendarDate(value)}
      defaultValue={defaultValue === undefined ? undefined : toCalendarDate(defaultValue)}
      minValue={toCalendarDate(minValue) ?? undefined}
      maxValue={toCalendarDate(maxValue) ?? undefined}
      onChange={(date) => onChange?.(date ? toEpochMs(date) : null, date ? toDateString(date) : null)}
    >
      <Field label={label} description={description} errorMessage={errorMessage}>
        <Group className={`${fieldStyles.input} ${styles.group}`}>
          <AriaDateInput className={styles.dateInput}>
            {(segment) => <DateSegment segment={segment} className={styles.segment} />}
          </AriaDateInput>
          <AriaButton className={styles.calendarButton}>
            <Icon name="calendar" />
          </AriaButton>
        </Group>
      </Field>
      <Popover className={styles.popover}>
        <Dialog className={styles.dialog}>
          <Calendar className={styles.calendar}>
            <header className={styles.calendarHeader}>
              <AriaButton slot="previous" className={styles.navButton}>
                <Icon name="chevronLeft" />
              </AriaButton>
              <Heading className={styles.calendarHeading} />
              <AriaButton slot="next" className={styles.navButton}>
                <Icon name="chevronRight" />
              </AriaButton>
            </header>
            <CalendarGrid className={styles.grid}>
              {(date) => <CalendarCell date={date} className={styles.cell} />}
            </CalendarGrid>
          </Calendar>
        </Dialog>
      </Popover>
    </AriaDatePicker>
  );
}
