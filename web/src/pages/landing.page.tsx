import { useI18nContext } from '../i18n/i18n-react.tsx';
import { AboutSection } from '../modules/landing/components/about-section.component.tsx';
import { CtaSection } from '../modules/landing/components/cta-section.component.tsx';
import { FeaturesSection } from '../modules/landing/components/features-section.component.tsx';
import { HeroSection } from '../modules/landing/components/hero-section.component.tsx';
import { PublicLayout } from '../modules/landing/components/public-layout.component.tsx';
import { TestimonialsSection } from '../modules/landing/components/testimonials-section.component.tsx';
import { WhyChooseSection } from '../modules/landing/components/why-choose-section.component.tsx';
import { useDocumentHead } from '../modules/seo/hooks/use-document-head.hook.ts';

/** `/`: header, hero, about, features, why-choose, testimonials, call-to-action, footer (spec 01 §2). */
export function LandingPage() {
  const { LL } = useI18nContext();
  useDocumentHead({
    title: LL.landing.metaTitle(),
    description: LL.landing.metaDescription(),
    path: '/',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'SoftwareApplication',
      name: LL.brand.name(),
      applicationCategory: 'BusinessApplication',
      operatingSystem: 'Web',
      description: LL.landing.metaDescription(),
      offers: { '@type': 'Offer', price: '0', priceCurrency: 'EUR', description: LL.landing.trial.title() },
    },
  });
  return (
    <PublicLayout variant="landing">
      <HeroSection />
      <AboutSection />
      <FeaturesSection />
      <WhyChooseSection />
      <TestimonialsSection />
      <CtaSection />
    </PublicLayout>
  );
}
