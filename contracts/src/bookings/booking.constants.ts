export const MEETING_TYPES = ['demo', 'consultation', 'sales', 'technical', 'partnership'] as const;
export type MeetingType = (typeof MEETING_TYPES)[number];

/** 09:00 to 17:00 hourly: nine slots (spec 01, section 9). */
export const TIME_SLOTS = ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00'] as const;
export type TimeSlot = (typeof TIME_SLOTS)[number];

export const BOOKING_STATUSES = ['pending', 'confirmed', 'completed', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const MEETING_DURATION_MINUTES = 30;

export const BOOKING_LIMITS = { name: 120, email: 254, company: 160, phone: 40, message: 2000 } as const;
