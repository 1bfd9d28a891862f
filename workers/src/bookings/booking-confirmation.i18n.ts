/**
 * Every string of the booking confirmation mail and its calendar invitation, in each product language
 * (meeting type labels come from the contracts, shared with the site).
 * The type makes a missing key in any language a compile error.
 */
import type { Locale } from '@crm/contracts';

export interface BookingMailStrings {
  /** BCP 47 tag for dates and times. */
  intl: string;
  dir: 'ltr' | 'rtl';
  subject(label: string, bookingId: string): string;
  greeting(name: string): string;
  intro: string;
  bookingId: string;
  meetingType: string;
  date: string;
  time: string;
  duration: string;
  minutes(n: number): string;
  ourLocalTime: string;
  outro: string;
  inviteSummary(label: string, organizer: string): string;
}

export const BOOKING_MAIL_STRINGS: Record<Locale, BookingMailStrings> = {
  en: {
    intl: 'en-GB',
    dir: 'ltr',
    subject: (label, id) => `Your ${label} request (booking ${id})`,
    greeting: (name) => `Hello ${name},`,
    intro: 'Thank you for your booking request. Here are the details:',
    bookingId: 'Booking ID',
    meetingType: 'Meeting type',
    date: 'Date',
    time: 'Time',
    duration: 'Duration',
    minutes: (n) => `${n} minutes`,
    ourLocalTime: 'Our local time',
    outro: 'We will confirm your booking shortly. The attached invitation adds the meeting to your calendar.',
    inviteSummary: (label, organizer) => `${label} with ${organizer}`,
  },
  fr: {
    intl: 'fr-FR',
    dir: 'ltr',
    subject: (label, id) => `Votre demande : ${label} (réservation ${id})`,
    greeting: (name) => `Bonjour ${name},`,
    intro: 'Merci pour votre demande de rendez-vous. En voici le détail :',
    bookingId: 'Numéro de réservation',
    meetingType: 'Type de rendez-vous',
    date: 'Date',
    time: 'Heure',
    duration: 'Durée',
    minutes: (n) => `${n} minutes`,
    ourLocalTime: 'Notre heure locale',
    outro: "Nous confirmerons votre rendez-vous très bientôt. L'invitation jointe l'ajoute à votre agenda.",
    inviteSummary: (label, organizer) => `${label} avec ${organizer}`,
  },
  ar: {
    intl: 'ar',
    dir: 'rtl',
    subject: (label, id) => `طلبك: ${label} (الحجز ${id})`,
    greeting: (name) => `مرحبًا ${name}،`,
    intro: 'شكرًا لطلب الحجز. إليك التفاصيل:',
    bookingId: 'رقم الحجز',
    meetingType: 'نوع الاجتماع',
    date: 'التاريخ',
    time: 'الوقت',
    duration: 'المدة',
    minutes: (n) => `${n} دقيقة`,
    ourLocalTime: 'توقيتنا المحلي',
    outro: 'سنؤكد حجزك قريبًا. تضيف الدعوة المرفقة الاجتماع إلى تقويمك.',
    inviteSummary: (label, organizer) => `${label} مع ${organizer}`,
  },
};
