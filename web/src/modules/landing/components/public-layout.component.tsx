import { Box } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { BookingDialogProvider } from '../../bookings/components/booking-dialog.provider.tsx';
import { CookieConsentBanner } from '../../consent/components/cookie-consent-banner.component.tsx';
import { useBookingDialog } from '../../bookings/hooks/use-booking-dialog.hook.ts';
import { useScrollOnEnter } from '../hooks/use-scroll-on-enter.hook.ts';
import { trackDemoRequest, trackStartTrial } from '../utils/landing-analytics.util.ts';
import { SiteFooter } from './site-footer.component.tsx';
import { SiteHeader } from './site-header.component.tsx';
import { TrialModal } from './trial-modal.component.tsx';

/** The navigation bar and the trial modal its start-trial button opens ("Book a demo instead" → booking dialog). */
function Header({ variant }: { variant: 'landing' | 'page' }) {
  const { openBookingDialog } = useBookingDialog();
  const [trialFrom, setTrialFrom] = useState<'desktop' | 'mobile' | null>(null);
  return (
    <>
      <SiteHeader variant={variant} onStartTrial={(placement) => {
          trackStartTrial(placement);
          setTrialFrom(placement);
        }} />
      <TrialModal
        open={trialFrom !== null}
        onClose={() => setTrialFrom(null)}
        onBookDemo={() => {
          trackDemoRequest(trialFrom === 'mobile' ? 'trial-modal-mobile' : 'trial-modal-desktop');
          openBookingDialog(trialFrom === 'mobile' ? 'nav-mobile' : 'nav');
          setTrialFrom(null);
        }}
      />
    </>
  );
}

/** Every public page: the navigation bar, the page in `<main>`, the footer, and the booking dialog. */
export function PublicLayout({ variant = 'page', children }: { variant?: 'landing' | 'page'; children: ReactNode }) {
  useScrollOnEnter();
  return (
    <BookingDialogProvider>
      <CookieConsentBanner />
      <Header variant={variant} />
      <Box as="main" id="main">
        {children}
      </Box>
      <SiteFooter />
    </BookingDialogProvider>
  );
}
