import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { BookingDialogContext, type BookingDialogSource } from '../utils/booking-dialog.context.ts';
import { BookingDialog } from './booking-dialog.component.tsx';

/** Owns the booking dialog so any button below it (nav, hero, call-to-action) can open it. */
export function BookingDialogProvider({ children }: { children: ReactNode }) {
  const [source, setSource] = useState<BookingDialogSource | null>(null);
  const openBookingDialog = useCallback((from: BookingDialogSource) => setSource(from), []);
  const controls = useMemo(() => ({ openBookingDialog }), [openBookingDialog]);
  return (
    <BookingDialogContext.Provider value={controls}>
      {children}
      <BookingDialog open={source !== null} source={source} onClose={() => setSource(null)} />
    </BookingDialogContext.Provider>
  );
}
