import type { BaseTranslation } from '../../i18n-types.ts';

/** Loaded with the pages that use it (see web/src/modules/ui/components/i18n-namespaces.component.tsx). */
const press = {
  metaTitle: 'Press — Nexa CRM',
  metaDescription: 'Nexa CRM press releases, media kit and press contact.',
  title: 'Press and media',
  intro: 'News about Nexa CRM, resources for journalists and who to contact.',
  releasesTitle: 'Press releases',
  releases: {
    expansion: { title: 'Nexa CRM now serves businesses in more than 30 countries', summary: 'With new offices and Arabic and French support, Nexa CRM continues its expansion across Europe, the Middle East and Africa.' },
    funding: { title: 'Nexa CRM raises a Series A to accelerate product development', summary: 'The funding will grow the engineering team and bring warehouse and delivery tracking to more markets.' },
    launch: { title: 'Nexa CRM launches its all-in-one platform for e-commerce and logistics', summary: 'Orders, deliveries, warehouses, payments and teams in one cloud platform, with a 14-day free trial.' },
  },
  mediaKitTitle: 'Media kit',
  mediaKitIntro: 'The media kit is sent on request by our press team, so you always get the current version.',
  mediaKit: {
    logos: { title: 'Logos', text: 'Our logo in colour, black and white, as SVG and PNG.' },
    screenshots: { title: 'Product screenshots', text: 'High-resolution screenshots of the dashboard and the mobile views.' },
    factSheet: { title: 'Fact sheet', text: 'Key figures, history and leadership in one page.' },
    brandGuide: { title: 'Brand guidelines', text: 'How to use our name, logo and colours.' },
  },
  contactTitle: 'Media contact',
  contactText: 'Journalists and analysts: write to our press team, we answer within one business day.',
} satisfies BaseTranslation;

export default press;
