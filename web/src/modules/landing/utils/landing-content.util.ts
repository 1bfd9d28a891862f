/** The ten key features of spec 01 §1, in the spec's order (each has an icon and `<key>`/`<key>Text` strings). */
export const LANDING_FEATURES = [
  'dashboard',
  'warehouse',
  'products',
  'tracking',
  'analytics',
  'roles',
  'payments',
  'subscribers',
  'salaries',
  'api',
] as const;

/** The audiences of the why-choose section (spec 01 §2). */
export const LANDING_AUDIENCES = ['ecommerce', 'logistics', 'callCenters'] as const;

/** Landing stats (spec 01 §9: 20+, 90M+, 99.9%, 30+). */
export const LANDING_STATS = [
  { key: 'customers', value: 20, style: 'plus' },
  { key: 'orders', value: 90_000_000, style: 'compactPlus' },
  { key: 'uptime', value: 0.999, style: 'percent' },
  { key: 'countries', value: 30, style: 'plus' },
] as const;

export type LandingStat = (typeof LANDING_STATS)[number];

/** A stat as the locale writes it: `20+`, `90M+`, `99.9%` in English; `90 M+`, `99,9 %` in French. */
export function formatLandingStat(stat: Pick<LandingStat, 'value' | 'style'>, locale: string): string {
  switch (stat.style) {
    case 'plus':
      return `${new Intl.NumberFormat(locale).format(stat.value)}+`;
    case 'compactPlus':
      return `${new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 0 }).format(stat.value)}+`;
    case 'percent':
      return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(stat.value);
  }
}

/** The three testimonials (their strings are `<key>Quote`, `<key>Name`, `<key>Role`); each is rated 5 of 5. */
export const LANDING_TESTIMONIALS = ['first', 'second', 'third'] as const;
export const TESTIMONIAL_STARS = 5;

/** Support contacts shown in the footer. */
export const SUPPORT_PHONE = { display: '+33 1 84 60 12 34', href: 'tel:+33184601234' } as const;
export const SUPPORT_EMAIL = { display: 'support@nexacrm.com', href: 'mailto:support@nexacrm.com' } as const;

/** Footer columns and their links (spec 01 §2). `external` links are plain anchors (`/#features`). */
export const FOOTER_COLUMNS = [
  {
    key: 'product',
    links: [
      { key: 'features', href: '/#features', external: true },
      { key: 'login', href: '/admin' },
      { key: 'security', href: '/security' },
    ],
  },
  {
    key: 'company',
    links: [
      { key: 'about', href: '/about' },
      { key: 'careers', href: '/careers' },
      { key: 'blog', href: '/blog' },
      { key: 'press', href: '/press' },
    ],
  },
  {
    key: 'support',
    links: [
      { key: 'help', href: '/help' },
      { key: 'contactUs', href: '/contact' },
      { key: 'status', href: '/status' },
    ],
  },
  {
    key: 'legal',
    links: [
      { key: 'privacy', href: '/privacy' },
      { key: 'terms', href: '/terms' },
      { key: 'cookies', href: '/cookies' },
    ],
  },
] as const;

/** The three social networks of the footer. */
export const SOCIAL_LINKS = [
  { key: 'linkedin', href: 'https://www.linkedin.com/company/nexa-crm' },
  { key: 'x', href: 'https://x.com/nexacrm' },
  { key: 'facebook', href: 'https://www.facebook.com/nexacrm' },
] as const;
