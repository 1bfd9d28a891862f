import { createContext } from 'react';

/** Where the visitor opened the booking dialog from (kept for analytics). */
export type BookingDialogSource = 'nav' | 'nav-mobile' | 'hero-watch-demo' | 'cta-get-started' | 'cta-schedule-demo' | 'blog-article';

export interface BookingDialogControls {
  openBookingDialog(source: BookingDialogSource): void;
}

export const BookingDialogContext = createContext<BookingDialogControls | null>(null);
