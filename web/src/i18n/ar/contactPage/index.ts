import type { NamespaceContactPageTranslation } from '../../i18n-types.ts';

/** Loaded with the pages that use it (see web/src/modules/ui/components/i18n-namespaces.component.tsx). */
const contactPage = {
  metaTitle: 'اتصل بنا | Nexa CRM',
  metaDescription: 'تواصل مع فريق Nexa CRM: المبيعات والدعم والشراكات. نرد خلال 24 ساعة عمل.',
  title: 'اتصل بنا',
  intro: 'لديك سؤال عن Nexa CRM أو تريد عرضًا توضيحيًا أو شراكة؟ راسلنا: سيرد عليك شخص حقيقي.',
  formTitle: 'أرسل لنا رسالة',
  fields: {
    name: 'الاسم الكامل',
    email: 'البريد الإلكتروني',
    subject: 'الموضوع',
    message: 'الرسالة',
  },
  placeholders: {
    name: 'اسمك',
    email: 'you@company.com',
    subject: 'اختر موضوعًا',
    message: 'كيف يمكننا مساعدتك؟',
  },
  subjects: {
    sales: 'المبيعات',
    support: 'الدعم',
    partnership: 'الشراكة',
    other: 'أخرى',
  },
  problems: {
    required: 'هذا الحقل مطلوب',
    email: 'أدخل عنوان بريد إلكتروني صالحًا، مثل name@example.com',
    tooLong: 'النص طويل جدًا: {max} حرفًا على الأكثر',
    subject: 'اختر أحد المواضيع المتاحة',
  },
  checkFields: 'يُرجى التحقق من الحقول المميزة.',
  characterCount: '{count} / {max} حرفًا',
  submit: 'إرسال الرسالة',
  submitting: 'جارٍ الإرسال…',
  successTitle: 'تم إرسال الرسالة!',
  successText: 'شكرًا لتواصلك معنا. سنرد عليك خلال {hours} ساعة عمل.',
  failed: 'تعذّر إرسال رسالتك. يُرجى المحاولة مرة أخرى.',
  network: 'خطأ في الشبكة. يُرجى المحاولة مرة أخرى.',
  officesTitle: 'مكاتبنا',
  offices: {
    paris: { name: 'المقر الرئيسي', city: 'باريس، فرنسا', address: '42 شارع لا فيكتوار، 75009 باريس' },
    casablanca: { name: 'مكتب أفريقيا', city: 'الدار البيضاء، المغرب', address: '120 شارع أنفا، 20000 الدار البيضاء' },
    dubai: { name: 'مكتب الشرق الأوسط', city: 'دبي، الإمارات العربية المتحدة', address: 'مدينة دبي للإنترنت، المبنى 3' },
  },
  phoneLabel: 'الهاتف',
  hoursTitle: 'ساعات العمل',
  hours: 'من {firstDay} إلى {lastDay}، من {open} إلى {close} (GMT+1)',
  responseTitle: 'مدة الرد',
  responseText: 'نرد على كل رسالة خلال {hours} ساعة عمل.',
} satisfies NamespaceContactPageTranslation;

export default contactPage;
