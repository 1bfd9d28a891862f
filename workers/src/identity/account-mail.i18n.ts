/**
 * Every string of the account mails (registration received, registration attempt on a taken address,
 * password reset link, and the security notices: e-mail changed, password changed or reset), in each product
 * language. The type makes a missing key in any language a compile error.
 */
import type { Locale } from '@crm/contracts';

export interface AccountMailStrings {
  dir: 'ltr' | 'rtl';
  /** BCP 47 tag for dates in the mails (always shown in UTC). */
  intl: string;
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
  /** The invitation link (an admin or manager invited this address). */
  invitation: {
    subject: string;
    greeting: string;
    body(inviter: string, role: string): string;
    button: string;
    expires: string;
    ignore: string;
  };
  /** To every active admin when someone registers and waits for approval. */
  adminNewRegistration: {
    subject(name: string): string;
    greeting: string;
    body(name: string, email: string): string;
    button: string;
  };
  /** To the person whose account was approved. */
  approved: {
    subject: string;
    greeting(name: string): string;
    body: string;
    button: string;
  };
  /** Account types as the mails name them. */
  roles: Record<'admin' | 'manager' | 'user', string>;
  /** To the PREVIOUS address after an e-mail change. */
  emailChanged: {
    subject: string;
    greeting: string;
    body(newEmail: string): string;
    when(time: string): string;
    notYou: string;
  };
  /** To the account's address after `UserPasswordChanged` (`change` from the profile, `reset` by link). */
  passwordChanged: {
    subject: Record<'change' | 'reset', string>;
    greeting: string;
    body: Record<'change' | 'reset', string>;
    when(time: string): string;
    notYou: string;
  };
}

export const ACCOUNT_MAIL_STRINGS: Record<Locale, AccountMailStrings> = {
  en: {
    dir: 'ltr',
    intl: 'en-GB',
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
    invitation: {
      subject: 'You are invited to the CRM Platform',
      greeting: 'Hello,',
      body: (inviter, role) => `${inviter} invited you to join the CRM Platform as ${role}. Open this link to choose your name and password:`,
      button: 'Accept the invitation',
      expires: 'The link can be used once and expires in 7 days. Your account is ready to use as soon as you have set your password.',
      ignore: 'If you did not expect this invitation, you can ignore this message.',
    },
    adminNewRegistration: {
      subject: (name) => `New registration awaiting approval: ${name}`,
      greeting: 'Hello,',
      body: (name, email) => `${name} (${email}) registered and is waiting for approval. Review the account in the Users area.`,
      button: 'Open Users',
    },
    approved: {
      subject: 'Your account has been approved',
      greeting: (name) => `Hello ${name},`,
      body: 'An administrator approved your account. You can log in now.',
      button: 'Log in',
    },
    roles: { admin: 'an admin', manager: 'a manager', user: 'a user' },
    emailChanged: {
      subject: 'The e-mail address of your account was changed',
      greeting: 'Hello,',
      body: (newEmail) => `The e-mail address of your account was changed to ${newEmail}. This address will no longer receive messages about the account.`,
      when: (time) => `When: ${time}`,
      notYou: 'If you did not make this change, contact your administrator right away: someone else may have access to your account. Reset your password as soon as you can.',
    },
    passwordChanged: {
      subject: { change: 'Your password was changed', reset: 'Your password was reset' },
      greeting: 'Hello,',
      body: {
        change: 'The password of your account was changed. Every other session of the account was signed out.',
        reset: 'The password of your account was reset with a reset link. Every session of the account was signed out.',
      },
      when: (time) => `When: ${time}`,
      notYou: 'If you did not do this, reset your password now with "Forgot your password?" on the login page, and contact your administrator.',
    },
  },
  fr: {
    dir: 'ltr',
    intl: 'fr-FR',
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
    invitation: {
      subject: 'Vous êtes invité(e) sur CRM Platform',
      greeting: 'Bonjour,',
      body: (inviter, role) => `${inviter} vous invite à rejoindre CRM Platform en tant que ${role}. Ouvrez ce lien pour choisir votre nom et votre mot de passe :`,
      button: "Accepter l'invitation",
      expires: "Le lien ne peut servir qu'une fois et expire dans 7 jours. Votre compte est utilisable dès que vous avez choisi votre mot de passe.",
      ignore: "Si vous n'attendiez pas cette invitation, vous pouvez ignorer ce message.",
    },
    adminNewRegistration: {
      subject: (name) => `Nouvelle inscription en attente d'approbation : ${name}`,
      greeting: 'Bonjour,',
      body: (name, email) => `${name} (${email}) s'est inscrit(e) et attend votre approbation. Examinez le compte dans la section Utilisateurs.`,
      button: 'Ouvrir Utilisateurs',
    },
    approved: {
      subject: 'Votre compte a été approuvé',
      greeting: (name) => `Bonjour ${name},`,
      body: 'Un administrateur a approuvé votre compte. Vous pouvez vous connecter dès maintenant.',
      button: 'Se connecter',
    },
    roles: { admin: 'administrateur', manager: 'responsable', user: 'utilisateur' },
    emailChanged: {
      subject: "L'adresse e-mail de votre compte a été modifiée",
      greeting: 'Bonjour,',
      body: (newEmail) => `L'adresse e-mail de votre compte a été remplacée par ${newEmail}. Cette adresse-ci ne recevra plus de messages concernant le compte.`,
      when: (time) => `Date : ${time}`,
      notYou: "Si vous n'êtes pas à l'origine de ce changement, contactez immédiatement votre administrateur : quelqu'un d'autre a peut-être accès à votre compte. Réinitialisez votre mot de passe dès que possible.",
    },
    passwordChanged: {
      subject: { change: 'Votre mot de passe a été modifié', reset: 'Votre mot de passe a été réinitialisé' },
      greeting: 'Bonjour,',
      body: {
        change: 'Le mot de passe de votre compte a été modifié. Toutes les autres sessions du compte ont été déconnectées.',
        reset: 'Le mot de passe de votre compte a été réinitialisé à l’aide d’un lien de réinitialisation. Toutes les sessions du compte ont été déconnectées.',
      },
      when: (time) => `Date : ${time}`,
      notYou: "Si vous n'êtes pas à l'origine de cette action, réinitialisez votre mot de passe dès maintenant avec « Mot de passe oublié ? » sur la page de connexion, et contactez votre administrateur.",
    },
  },
  ar: {
    dir: 'rtl',
    intl: 'ar',
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
    invitation: {
      subject: 'تمت دعوتك إلى CRM Platform',
      greeting: 'مرحبًا،',
      body: (inviter, role) => `دعاك \u2068${inviter}\u2069 للانضمام إلى CRM Platform بصفة ${role}. افتح هذا الرابط لاختيار اسمك وكلمة المرور:`,
      button: 'قبول الدعوة',
      expires: 'يمكن استخدام الرابط مرة واحدة وتنتهي صلاحيته خلال 7 أيام. يصبح حسابك جاهزًا للاستخدام فور تعيين كلمة المرور.',
      ignore: 'إذا لم تكن تتوقع هذه الدعوة، يمكنك تجاهل هذه الرسالة.',
    },
    adminNewRegistration: {
      subject: (name) => `تسجيل جديد بانتظار الموافقة: \u2068${name}\u2069`,
      greeting: 'مرحبًا،',
      body: (name, email) => `سجّل \u2068${name}\u2069 (\u2068${email}\u2069) وهو بانتظار الموافقة. راجع الحساب في قسم المستخدمين.`,
      button: 'فتح المستخدمين',
    },
    approved: {
      subject: 'تمت الموافقة على حسابك',
      greeting: (name) => `مرحبًا \u2068${name}\u2069،`,
      body: 'وافق أحد المسؤولين على حسابك. يمكنك تسجيل الدخول الآن.',
      button: 'تسجيل الدخول',
    },
    roles: { admin: 'مسؤول', manager: 'مدير', user: 'مستخدم' },
    emailChanged: {
      subject: 'تم تغيير عنوان البريد الإلكتروني لحسابك',
      greeting: 'مرحبًا،',
      // U+2068…U+2069 isolate the (left-to-right) address inside the right-to-left sentence.
      body: (newEmail) => `تم تغيير عنوان البريد الإلكتروني لحسابك إلى \u2068${newEmail}\u2069. لن يتلقى هذا العنوان بعد الآن رسائل تخص الحساب.`,
      when: (time) => `الوقت: \u2068${time}\u2069`,
      notYou: 'إذا لم تقم بهذا التغيير، فاتصل بالمسؤول فورًا: قد يكون شخص آخر قد تمكّن من الوصول إلى حسابك. أعد تعيين كلمة المرور في أقرب وقت ممكن.',
    },
    passwordChanged: {
      subject: { change: 'تم تغيير كلمة المرور', reset: 'تمت إعادة تعيين كلمة المرور' },
      greeting: 'مرحبًا،',
      body: {
        change: 'تم تغيير كلمة مرور حسابك. وتم تسجيل الخروج من جميع الجلسات الأخرى للحساب.',
        reset: 'تمت إعادة تعيين كلمة مرور حسابك باستخدام رابط إعادة التعيين. وتم تسجيل الخروج من جميع جلسات الحساب.',
      },
      when: (time) => `الوقت: \u2068${time}\u2069`,
      notYou: 'إذا لم تقم بذلك، فأعد تعيين كلمة المرور الآن عبر «هل نسيت كلمة المرور؟» في صفحة تسجيل الدخول، واتصل بالمسؤول.',
    },
  },
};
