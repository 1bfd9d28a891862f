/**
 * Meeting type labels in every product language: one source for the site, the admin area and the mails
 * (zod-free, so the web bundle can import it directly).
 */
import type { Locale } from '../platform/locale.ts';
import type { MeetingType } from './booking.constants.ts';

export const MEETING_TYPE_LABELS: Record<Locale, Record<MeetingType, string>> = {
  en: {
    demo: 'Product Demo',
    consultation: 'Free Consultation',
    sales: 'Sales Discussion',
    technical: 'Technical Support',
    partnership: 'Partnership Opportunities',
  },
  fr: {
    demo: 'Démonstration du produit',
    consultation: 'Consultation gratuite',
    sales: 'Discussion commerciale',
    technical: 'Support technique',
    partnership: 'Opportunités de partenariat',
  },
  ar: {
    demo: 'عرض توضيحي للمنتج',
    consultation: 'استشارة مجانية',
    sales: 'مناقشة المبيعات',
    technical: 'الدعم الفني',
    partnership: 'فرص الشراكة',
  },
};
