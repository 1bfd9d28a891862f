import { useContext } from 'react';
import { BookingDialogContext, type BookingDialogControls } from '../utils/booking-dialog.context.ts';

/** Opens the booking dialog; must be used below `BookingDialogProvider`. */
export function useBookingDialog(): BookingDialogControls {
  const controls = useContext(BookingDialogContext);
  if (!controls) throw new Error('useBookingDialog must be used inside <BookingDialogProvider>');
  return controls;
}
