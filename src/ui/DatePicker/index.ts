export { DatePicker, type DatePickerProps } from './DatePicker';
export { toCalendarDate, toDateString, toEpochMs, type DateInput } from './date-value';
