import { Box } from '@chakra-ui/react';
import { BookingDialogProvider } from '../modules/bookings/components/booking-dialog.provider.tsx';
import { useBookingDialog } from '../modules/bookings/hooks/use-booking-dialog.hook.ts';
import { CtaSection } from '../modules/landing/components/cta-section.component.tsx';
import { HeroSection } from '../modules/landing/components/hero-section.component.tsx';
import { SiteHeader } from '../modules/landing/components/site-header.component.tsx';

function LandingHeader() {
  const { openBookingDialog } = useBookingDialog();
  return <SiteHeader variant="landing" onBookMeeting={(placement) => openBookingDialog(placement === 'mobile' ? 'nav-mobile' : 'nav')} />;
}

/**
 * `/`: sections in the order of spec 01 §2. Sections built by later issues slot in where marked, each a
 * `<section id>` component from `modules/landing/components` (the navigation bar scrolls to these ids).
 */
export function LandingPage() {
  return (
    <BookingDialogProvider>
      <LandingHeader />
      <Box as="main">
        <HeroSection />
        {/* <AboutSection />        id="about" */}
        {/* <FeaturesSection />     id="features" */}
        {/* <WhyChooseSection />    id="why-choose" */}
        {/* <TestimonialsSection /> id="testimonials" */}
        <CtaSection />
      </Box>
      {/* <SiteFooter />            id="contact" */}
    </BookingDialogProvider>
  );
}
