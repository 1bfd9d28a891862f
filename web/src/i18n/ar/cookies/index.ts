import type { NamespaceCookiesTranslation } from '../../i18n-types.ts';

/** Loaded with the pages that use it (see web/src/modules/ui/components/i18n-namespaces.component.tsx). */
const cookies = {
  metaTitle: 'سياسة ملفات تعريف الارتباط — Nexa CRM',
  metaDescription: 'ملفات تعريف الارتباط والتخزين المحلي التي تستخدمها Nexa CRM، واختياراتك لكل فئة.',
  title: 'سياسة ملفات تعريف الارتباط',
  intro: 'نحفظ قدرًا صغيرًا من المعلومات في متصفحك. التخزين الضروري يُبقي الموقع يعمل، أما الفئات الأخرى فالقرار فيها لك. يُحفظ اختيارك في هذا المتصفح.',
  categoriesTitle: 'فئات ملفات تعريف الارتباط',
  alwaysOn: 'مفعّلة دائمًا',
  categories: {
    necessary: { title: 'ضرورية', text: 'لازمة لعمل الموقع: اختيار اللغة، واختياراتك لملفات تعريف الارتباط، وملف جلسة لوحة الإدارة. لا يمكن إيقافها.' },
    analytics: { title: 'التحليلات', text: 'أحداث استخدام مجهولة الهوية (الصفحات التي تمت زيارتها والأزرار المستخدمة) تُرسل إلى خادمنا الخاص لتحسين الموقع. لا أطراف ثالثة، ولا يُحفظ أي عنوان IP.' },
    marketing: { title: 'التسويق', text: 'تتيح لنا قياس حملاتنا الإعلانية. لا نستخدم أي ملفات تسويقية حاليًا، وسينطبق هذا الاختيار إن فعلنا ذلك مستقبلًا.' },
    functional: { title: 'الوظيفية', text: 'تتذكر تفضيلات تجعل الموقع أسهل استخدامًا، مثل آخر عوامل التصفية التي استخدمتها.' },
  },
  save: 'حفظ التفضيلات',
  acceptAll: 'قبول الكل',
  rejectOptional: 'رفض الاختيارية',
  saved: 'تم حفظ تفضيلاتك لملفات تعريف الارتباط.',
  notChosen: 'لم تحدد اختيارك بعد: لا يُفعَّل أي شيء اختياري قبل الحفظ.',
} satisfies NamespaceCookiesTranslation;

export default cookies;
