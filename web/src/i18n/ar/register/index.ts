import type { NamespaceRegisterTranslation } from '../../i18n-types.ts';

/** Loaded with the pages that use it (see web/src/modules/ui/components/i18n-namespaces.component.tsx). */
const register = {
  title: 'إنشاء حساب',
  subtitle: 'سجّل للبدء. يوافق المسؤول على كل حساب جديد.',
  name: 'الاسم الكامل',
  email: 'البريد الإلكتروني',
  password: 'كلمة المرور',
  confirmPassword: 'تأكيد كلمة المرور',
  passwordHint: '8 أحرف على الأقل',
  submit: 'إنشاء الحساب',
  submitting: 'جارٍ إنشاء الحساب...',
  required: 'جميع الحقول مطلوبة',
  mismatch: 'كلمتا المرور غير متطابقتين',
  tooShort: 'يجب أن تتكون كلمة المرور من 8 أحرف على الأقل',
  failed: 'فشل التسجيل',
  network: 'خطأ في الشبكة. يرجى المحاولة مرة أخرى.',
  invalidName: 'يرجى إدخال اسمك (100 حرف على الأكثر).',
  invalidEmail: 'يرجى إدخال عنوان بريد إلكتروني صالح.',
  invalidPassword: 'يجب أن تتكون كلمة المرور من 8 إلى 256 حرفًا.',
  successTitle: 'تم التسجيل بنجاح',
  successGreeting: 'مرحبًا، {name}!',
  successAccountType: 'نوع الحساب: {type}',
  successPending: 'سيراجع أحد المسؤولين حسابك الآن. سنرسل إليك رسالة بريد إلكتروني فور الموافقة عليه؛ وبعدها يمكنك تسجيل الدخول.',
  goToLogin: 'الانتقال إلى تسجيل الدخول',
  backToHome: 'العودة إلى الرئيسية',
  haveAccount: 'لديك حساب بالفعل؟',
  login: 'تسجيل الدخول',
} satisfies NamespaceRegisterTranslation;

export default register;
