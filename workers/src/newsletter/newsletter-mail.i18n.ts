/** Every string of the newsletter mails, in each product language (a missing key is a compile error). */
import type { Locale } from '@crm/contracts';

export interface NewsletterMailStrings {
  dir: 'ltr' | 'rtl';
  signature: string;
  confirm: {
    subject: string;
    greeting: string;
    body: string;
    button: string;
    expires: string;
    ignore: string;
  };
  alreadySubscribed: {
    subject: string;
    greeting: string;
    body: string;
    ignore: string;
  };
}

export const NEWSLETTER_MAIL_STRINGS: Record<Locale, NewsletterMailStrings> = {
  en: {
    dir: 'ltr',
    signature: 'The Nexa CRM team',
    confirm: {
      subject: 'Confirm your newsletter subscription',
      greeting: 'Hello,',
      body: 'Thank you for subscribing to the Nexa CRM newsletter. Please confirm that this address is yours by opening this link:',
      button: 'Confirm my subscription',
      expires: 'The link expires in 48 hours.',
      ignore: 'If you did not ask to subscribe, ignore this message: you will not receive anything.',
    },
    alreadySubscribed: {
      subject: 'You are already subscribed to our newsletter',
      greeting: 'Hello,',
      body: 'Someone (probably you) asked to subscribe this address to the Nexa CRM newsletter. It is already subscribed: there is nothing more to do.',
      ignore: 'If it was not you, you can ignore this message: nothing has changed.',
    },
  },
  fr: {
    dir: 'ltr',
    signature: "L'équipe Nexa CRM",
    confirm: {
      subject: 'Confirmez votre inscription à la newsletter',
      greeting: 'Bonjour,',
      body: "Merci de vous être inscrit à la newsletter de Nexa CRM. Confirmez que cette adresse est bien la vôtre en ouvrant ce lien :",
      button: 'Confirmer mon inscription',
      expires: 'Le lien expire dans 48 heures.',
      ignore: "Si vous n'avez pas demandé cette inscription, ignorez ce message : vous ne recevrez rien.",
    },
    alreadySubscribed: {
      subject: 'Vous êtes déjà inscrit à notre newsletter',
      greeting: 'Bonjour,',
      body: "Quelqu'un (sans doute vous) a demandé l'inscription de cette adresse à la newsletter de Nexa CRM. Elle est déjà inscrite : vous n'avez rien à faire.",
      ignore: "Si ce n'était pas vous, ignorez ce message : rien n'a changé.",
    },
  },
  ar: {
    dir: 'rtl',
    signature: 'فريق Nexa CRM',
    confirm: {
      subject: 'أكّد اشتراكك في النشرة الإخبارية',
      greeting: 'مرحبًا،',
      body: 'شكرًا لاشتراكك في النشرة الإخبارية لـ Nexa CRM. يُرجى تأكيد أن هذا العنوان يخصك بفتح هذا الرابط:',
      button: 'تأكيد اشتراكي',
      expires: 'تنتهي صلاحية الرابط خلال 48 ساعة.',
      ignore: 'إذا لم تطلب الاشتراك، فتجاهل هذه الرسالة: لن تصلك أي رسائل.',
    },
    alreadySubscribed: {
      subject: 'أنت مشترك بالفعل في نشرتنا الإخبارية',
      greeting: 'مرحبًا،',
      body: 'طلب شخص ما (ربما أنت) اشتراك هذا العنوان في النشرة الإخبارية لـ Nexa CRM. هذا العنوان مشترك بالفعل: لا حاجة لأي إجراء.',
      ignore: 'إذا لم تكن أنت، يمكنك تجاهل هذه الرسالة: لم يتغير شيء.',
    },
  },
};
