import type { BookingStatus } from '@crm/contracts/bookings/booking.constants';

/** Which status changes the admin screens offer (spec 01 §2 Bookings tab, §4). The server decides for real. */
export const canConfirm = (status: BookingStatus) => status === 'pending';
export const canComplete = (status: BookingStatus) => status === 'confirmed';
export const canCancel = (status: BookingStatus) => status !== 'completed' && status !== 'cancelled';

export const STATUS_COLOR: Record<BookingStatus, string> = {
  pending: 'yellow',
  confirmed: 'blue',
  completed: 'green',
  cancelled: 'red',
};

/** Permission to change a booking's status (the server checks it too). */
export const MANAGE_BOOKINGS = 'bookings:manage';
