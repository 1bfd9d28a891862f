/** The three offices (spec 01 §2 "Contact": three offices); their words are in the i18n files. */
export const CONTACT_OFFICES = [
  { key: 'paris', phone: '+33 1 84 88 42 00', href: 'tel:+33184884200' },
  { key: 'casablanca', phone: '+212 522 20 42 00', href: 'tel:+212522204200' },
  { key: 'dubai', phone: '+971 4 390 4200', href: 'tel:+97143904200' },
] as const;
