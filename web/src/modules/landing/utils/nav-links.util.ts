/** Sections of the landing page the navigation bar scrolls to (ids are the sections' anchors, spec 01 §2). */
export const LANDING_NAV_SECTIONS = [
  { key: 'features', sectionId: 'features' },
  { key: 'whyChoose', sectionId: 'why-choose' },
  { key: 'testimonials', sectionId: 'testimonials' },
  { key: 'contact', sectionId: 'contact' },
] as const;

/** Links of the navigation bar on every other page. */
export const PAGE_NAV_LINKS = [
  { key: 'home', href: '/' },
  { key: 'features', href: '/#features' },
  { key: 'testimonials', href: '/#testimonials' },
  { key: 'blog', href: '/blog' },
] as const;

/** Smoothly scrolls to a landing section; false when the section is not on the page. */
export function scrollToSection(sectionId: string): boolean {
  const target = document.getElementById(sectionId);
  if (!target) return false;
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  target.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  return true;
}
