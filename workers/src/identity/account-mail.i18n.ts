/**
 * Every string of the account mails (registration received, registration attempt on a taken address,
 * password reset link), in each product language. The type makes a missing key in any language a compile error.
 */
import type { Locale } from '@crm/contracts';

export interface AccountMailStrings {
  dir: 'ltr' | 'rtl';
  signature: string;
  registered: {
    subject: string;
    greeting(name: string): string;
    body: string;
    next: string;
  };
  registrationAttempt: {
    subject: string;
    greeting: string;
    body: string;
    next: string;
    ignore: string;
  };
  passwordReset: {
    subject: string;
    greeting: string;
    body: string;
    button: string;
    expires: string;
    ignore: string;
  };
}

export const ACCOUNT_MAIL_STRINGS: Record<Locale, AccountMailStrings> = {
  en: {
    dir: 'ltr',
    signature: 'The CRM Platform team',
    registered: {
      subject: 'Your registration was received',
      greeting: (name) => `Hello ${name},`,
      body: 'Thank you for creating an account. Your registration was received and is awaiting approval by an administrator.',
      next: 'You can log in as soon as your account has been approved.',
    },
    registrationAttempt: {
      subject: 'Someone tried to create an account with your address',
      greeting: 'Hello,',
      body: 'Someone tried to create a new account with this e-mail address, but you already have an account.',
      next: 'If it was you, log in with your existing account, or reset your password if you have forgotten it.',
      ignore: 'If it was not you, you can ignore this message: nothing has changed.',
    },
    passwordReset: {
      subject: 'Reset your password',
      greeting: 'Hello,',
      body: 'We received a request to reset the password of your account. Open this link to choose a new password:',
      button: 'Reset password',
      expires: 'The link can be used once and expires in 1 hour.',
      ignore: 'If you did not ask for this, you can ignore this message: your password stays the same.',
    },
  },
  fr: {
    dir: 'ltr',
    signature: "L'équipe CRM Platform",
    registered: {
      subject: 'Votre inscription a bien été reçue',
      greeting: (name) => `Bonjour ${name},`,
      body: "Merci d'avoir créé un compte. Votre inscription a bien été reçue et attend la validation d'un administrateur.",
      next: 'Vous pourrez vous connecter dès que votre compte aura été approuvé.',
    },
    registrationAttempt: {
      subject: "Quelqu'un a essayé de créer un compte avec votre adresse",
      greeting: 'Bonjour,',
      body: "Quelqu'un a essayé de créer un nouveau compte avec cette adresse e-mail, mais vous avez déjà un compte.",
      next: "Si c'était vous, connectez-vous avec votre compte existant, ou réinitialisez votre mot de passe si vous l'avez oublié.",
      ignore: "Si ce n'était pas vous, vous pouvez ignorer ce message : rien n'a changé.",
    },
    passwordReset: {
      subject: 'Réinitialisez votre mot de passe',
      greeting: 'Bonjour,',
      body: 'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte. Ouvrez ce lien pour choisir un nouveau mot de passe :',
      button: 'Réinitialiser le mot de passe',
      expires: "Le lien ne peut servir qu'une fois et expire dans 1 heure.",
      ignore: "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.",
    },
  },
  ar: {
    dir: 'rtl',
    signature: 'فريق CRM Platform',
    registered: {
      subject: 'تم استلام طلب التسجيل',
      greeting: (name) => `مرحبًا ${name}،`,
      body: 'شكرًا لإنشاء حساب. تم استلام طلب التسجيل وهو بانتظار موافقة المسؤول.',
      next: 'يمكنك تسجيل الدخول فور الموافقة على حسابك.',
    },
    registrationAttempt: {
      subject: 'حاول شخص ما إنشاء حساب باستخدام عنوانك',
      greeting: 'مرحبًا،',
      body: 'حاول شخص ما إنشاء حساب جديد بعنوان البريد الإلكتروني هذا، لكن لديك حساب بالفعل.',
      next: 'إذا كنت أنت، فسجّل الدخول بحسابك الحالي، أو أعد تعيين كلمة المرور إذا نسيتها.',
      ignore: 'إذا لم تكن أنت، يمكنك تجاهل هذه الرسالة: لم يتغير شيء.',
    },
    passwordReset: {
      subject: 'إعادة تعيين كلمة المرور',
      greeting: 'مرحبًا،',
      body: 'تلقينا طلبًا لإعادة تعيين كلمة مرور حسابك. افتح هذا الرابط لاختيار كلمة مرور جديدة:',
      button: 'إعادة تعيين كلمة المرور',
      expires: 'يمكن استخدام الرابط مرة واحدة وتنتهي صلاحيته خلال ساعة واحدة.',
      ignore: 'إذا لم تطلب ذلك، يمكنك تجاهل هذه الرسالة: تبقى كلمة مرورك كما هي.',
    },
  },
};
