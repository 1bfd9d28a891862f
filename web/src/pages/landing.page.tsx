import { CtaSection } from '../modules/landing/components/cta-section.component.tsx';
import { HeroSection } from '../modules/landing/components/hero-section.component.tsx';
import { PublicLayout } from '../modules/landing/components/public-layout.component.tsx';

/**
 * `/`: sections in the order of spec 01 §2. Sections slot in where marked, each a `<section id>` component
 * from `modules/landing/components` (the navigation bar scrolls to these ids); the footer is `contact`.
 */
export function LandingPage() {
  return (
    <PublicLayout variant="landing">
      <HeroSection />
      {/* <AboutSection />        id="about" */}
      {/* <FeaturesSection />     id="features" */}
      {/* <WhyChooseSection />    id="why-choose" */}
      {/* <TestimonialsSection /> id="testimonials" */}
      <CtaSection />
    </PublicLayout>
  );
}
