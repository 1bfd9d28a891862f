import type { NamespaceResetPasswordTranslation } from '../../i18n-types.ts';

/** Loaded with the pages that use it (see web/src/modules/ui/components/i18n-namespaces.component.tsx). */
const resetPassword = {
  title: 'إعادة تعيين كلمة المرور',
  subtitle: 'اختر كلمة مرور جديدة للحساب {email}.',
  validating: 'جارٍ التحقق من رمز إعادة التعيين...',
  invalidTitle: 'رابط إعادة التعيين غير صالح',
  invalidToken: 'رمز إعادة التعيين غير صالح أو منتهي الصلاحية',
  validateFailed: 'فشل التحقق من رمز إعادة التعيين',
  noToken: 'لم يتم تقديم رمز إعادة التعيين',
  requestNew: 'طلب رابط جديد لإعادة التعيين',
  newPassword: 'كلمة المرور الجديدة',
  confirmPassword: 'تأكيد كلمة المرور الجديدة',
  submit: 'إعادة تعيين كلمة المرور',
  submitting: 'جارٍ إعادة التعيين...',
  tooShort: 'يجب أن تتكون كلمة المرور من 8 أحرف على الأقل',
  mismatch: 'كلمتا المرور غير متطابقتين',
  failed: 'فشل إعادة تعيين كلمة المرور',
  network: 'فشل الاتصال. يرجى المحاولة مرة أخرى.',
  successTitle: 'تمت إعادة تعيين كلمة المرور بنجاح',
  successText: 'تم تغيير كلمة المرور وتسجيل الخروج من جميع جلسات حسابك. يمكنك الآن تسجيل الدخول بكلمة المرور الجديدة.',
  goToLogin: 'الانتقال إلى تسجيل الدخول',
  backToLogin: 'العودة إلى تسجيل الدخول',
  strength: {
    label: 'قوة كلمة المرور',
    weak: 'ضعيفة',
    medium: 'متوسطة',
    strong: 'قوية',
  },
  checklist: {
    label: 'شروط كلمة المرور',
    met: 'مستوفى',
    notMet: 'غير مستوفى',
    length8: '8 أحرف على الأقل',
    length12: '12 حرفًا على الأقل',
    mixedCase: 'أحرف كبيرة وصغيرة',
    digit: 'رقم واحد على الأقل',
    special: 'رمز خاص واحد على الأقل',
  },
} satisfies NamespaceResetPasswordTranslation;

export default resetPassword;
