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
  /** The mail sent when the business confirms the meeting (the invitation re-issued as confirmed). */
  confirmed: { subject(label: string, bookingId: string): string; intro: string; outro: string };
  /** The mail sent when the meeting is cancelled (the invitation withdrawn: METHOD:CANCEL). */
  cancelled: { subject(label: string, bookingId: string): string; intro: string; outro: string };
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
    confirmed: {
      subject: (label, id) => `Your meeting is confirmed: ${label} (booking ${id})`,
      intro: 'Good news: your meeting is confirmed. Here are the details:',
      outro: 'The attached invitation updates the meeting in your calendar. We look forward to speaking with you.',
    },
    cancelled: {
      subject: (label, id) => `Your meeting is cancelled: ${label} (booking ${id})`,
      intro: 'Your meeting has been cancelled. These were its details:',
      outro: 'The attached cancellation removes the meeting from your calendar. You are welcome to book another time on our website.',
    },
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
    confirmed: {
      subject: (label, id) => `Votre rendez-vous est confirmé : ${label} (réservation ${id})`,
      intro: 'Bonne nouvelle : votre rendez-vous est confirmé. En voici le détail :',
      outro: "L'invitation jointe met à jour le rendez-vous dans votre agenda. Au plaisir d'échanger avec vous.",
    },
    cancelled: {
      subject: (label, id) => `Votre rendez-vous est annulé : ${label} (réservation ${id})`,
      intro: 'Votre rendez-vous a été annulé. Voici ce qui était prévu :',
      outro: "L'annulation jointe retire le rendez-vous de votre agenda. Vous pouvez réserver un autre créneau sur notre site.",
    },
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
    confirmed: {
      subject: (label, id) => `تم تأكيد اجتماعك: ${label} (الحجز ${id})`,
      intro: 'خبر سار: تم تأكيد اجتماعك. إليك التفاصيل:',
      outro: 'تُحدّث الدعوة المرفقة الاجتماع في تقويمك. نتطلع إلى التحدث معك.',
    },
    cancelled: {
      subject: (label, id) => `تم إلغاء اجتماعك: ${label} (الحجز ${id})`,
      intro: 'تم إلغاء اجتماعك. هذه كانت تفاصيله:',
      outro: 'يزيل الإلغاء المرفق الاجتماع من تقويمك. يسعدنا أن تحجز موعدًا آخر عبر موقعنا.',
    },
  },
};
