import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { BookingDialogProvider } from '../../bookings/components/booking-dialog.provider.tsx';
import { useBookingDialog } from '../../bookings/hooks/use-booking-dialog.hook.ts';
import { SiteFooter } from './site-footer.component.tsx';
import { SiteHeader } from './site-header.component.tsx';

function Header({ variant }: { variant: 'landing' | 'page' }) {
  const { openBookingDialog } = useBookingDialog();
  return <SiteHeader variant={variant} onBookMeeting={(placement) => openBookingDialog(placement === 'mobile' ? 'nav-mobile' : 'nav')} />;
}

/** Every public page: the navigation bar, the page in `<main>`, the footer, and the booking dialog. */
export function PublicLayout({ variant = 'page', children }: { variant?: 'landing' | 'page'; children: ReactNode }) {
  return (
    <BookingDialogProvider>
      <Header variant={variant} />
      <Box as="main" id="main">
        {children}
      </Box>
      <SiteFooter />
    </BookingDialogProvider>
  );
}
