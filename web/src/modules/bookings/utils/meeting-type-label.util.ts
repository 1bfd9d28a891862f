import { MEETING_TYPE_LABELS } from '@crm/contracts/bookings/booking.labels';
import type { MeetingType } from '@crm/contracts/bookings/booking.constants';
import type { Locales } from '../../../i18n/i18n-types.ts';

/** A meeting type's label in the reader's language (shared with the mails, so they say the same). */
export const meetingTypeLabel = (locale: Locales, type: MeetingType): string => MEETING_TYPE_LABELS[locale][type];
