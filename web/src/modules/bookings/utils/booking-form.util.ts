import type { MeetingType, TimeSlot } from '@crm/contracts/bookings/booking.constants';
import type { Locale } from '@crm/contracts/platform/locale';

/** The booking dialog's fields, as typed (all strings, empty when not filled). */
export interface BookingFormValues {
  name: string;
  email: string;
  company: string;
  phone: string;
  meetingType: MeetingType | '';
  preferredDate: string;
  preferredTime: TimeSlot | '';
  message: string;
}
export type BookingFormField = keyof BookingFormValues;

export const EMPTY_BOOKING_FORM: BookingFormValues = {
  name: '',
  email: '',
  company: '',
  phone: '',
  meetingType: '',
  preferredDate: '',
  preferredTime: '',
  message: '',
};

export const BOOKING_FORM_FIELDS = Object.keys(EMPTY_BOOKING_FORM) as BookingFormField[];

/** Spec 01 §5: these five must be filled before the dialog can be submitted. */
export const REQUIRED_BOOKING_FIELDS = ['name', 'email', 'meetingType', 'preferredDate', 'preferredTime'] as const;

export function isBookingFormComplete(values: BookingFormValues): boolean {
  return REQUIRED_BOOKING_FIELDS.every((field) => values[field].trim() !== '');
}

export function isBookingFormField(name: string): name is BookingFormField {
  return (BOOKING_FORM_FIELDS as string[]).includes(name);
}

/**
 * The payload of `bookings.request`: trimmed, optional fields left out when empty, the slot's zone (the business
 * zone: the slots are its wall-clock times), the visitor's own zone (their mails show it) and language.
 */
export function toBookingRequest(values: BookingFormValues, zones: { timeZone: string | undefined; visitorTimeZone: string | undefined }, locale: Locale) {
  const optional = (v: string) => (v.trim() === '' ? undefined : v.trim());
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    company: optional(values.company),
    phone: optional(values.phone),
    meetingType: values.meetingType as MeetingType,
    preferredDate: values.preferredDate,
    preferredTime: values.preferredTime as TimeSlot,
    message: optional(values.message),
    timeZone: zones.timeZone,
    visitorTimeZone: zones.visitorTimeZone,
    locale,
  };
}
