import type { NamespaceForgotPasswordTranslation } from '../../i18n-types.ts';

/** Loaded with the pages that use it (see web/src/modules/ui/components/i18n-namespaces.component.tsx). */
const forgotPassword = {
  title: 'نسيت كلمة المرور',
  subtitle: 'أدخل عنوان البريد الإلكتروني لحسابك وسنرسل إليك رابطًا لإعادة تعيين كلمة المرور.',
  email: 'البريد الإلكتروني',
  submit: 'إرسال رابط إعادة التعيين',
  submitting: 'جارٍ الإرسال...',
  invalidEmail: 'يرجى إدخال عنوان بريد إلكتروني صالح.',
  successTitle: 'تحقق من بريدك الإلكتروني',
  successText: 'إذا كان هناك حساب مرتبط بالعنوان {email}، فقد أرسلنا إليه رابطًا لإعادة تعيين كلمة المرور.',
  expires: 'تنتهي صلاحية الرابط خلال ساعة واحدة ويمكن استخدامه مرة واحدة.',
  tryAnother: 'تجربة بريد إلكتروني آخر',
  backToLogin: 'العودة إلى تسجيل الدخول',
  failed: 'فشل إرسال بريد إعادة التعيين',
  network: 'فشل الاتصال. يرجى المحاولة مرة أخرى.',
} satisfies NamespaceForgotPasswordTranslation;

export default forgotPassword;
