import type { NamespaceLeadformsTranslation } from '../../i18n-types.ts';

/** The public lead-form page `/f/<slug>` and its embed (web/src/modules/lead-forms). The form's own texts are its data. */
const leadforms = {
  metaDescription: 'املأ هذا النموذج وسنعود إليك.',
  loading: 'جارٍ تحميل النموذج…',
  notFoundTitle: 'هذا النموذج غير متاح',
  notFoundText: 'النموذج الذي تبحث عنه غير موجود أو لم يعد يقبل الإجابات.',
  home: 'الذهاب إلى الصفحة الرئيسية',
  loadFailed: 'تعذّر تحميل النموذج. تحقّق من اتصالك وحاول مرة أخرى.',
  retry: 'حاول مرة أخرى',
  choose: 'اختر…',
  honeypot: 'اترك هذا الحقل فارغًا',
  problems: {
    required: 'هذا الحقل مطلوب',
    email: 'أدخل بريدًا إلكترونيًا صالحًا، مثل name@example.com',
    phone: 'أدخل رقم هاتف (أرقام ومسافات و+ و- وأقواس)',
    option: 'اختر أحد الخيارات',
    tooLong: 'هذا النص طويل جدًا',
    invalid: 'هذه الإجابة غير صالحة',
  },
  checkFields: 'يرجى مراجعة الحقول المميّزة.',
  submit: 'إرسال',
  submitting: 'جارٍ الإرسال…',
  thanksTitle: 'شكرًا لك!',
  thanksText: 'تم استلام إجاباتك. سنعود إليك قريبًا.',
  network: 'لا يوجد اتصال بالخادم. تحقّق من اتصالك وحاول مرة أخرى.',
  failed: 'تعذّر إرسال إجاباتك. يرجى المحاولة مرة أخرى.',
  reload: 'إعادة تحميل النموذج',
  errors: {
    form_unavailable: 'هذا النموذج غير متاح.',
    form_token_invalid: 'انتهت صلاحية هذا النموذج. أعد تحميل الصفحة وحاول مرة أخرى.',
    form_origin_not_allowed: 'لا يمكن استخدام هذا النموذج على هذا الموقع.',
  },
} satisfies NamespaceLeadformsTranslation;

export default leadforms;
