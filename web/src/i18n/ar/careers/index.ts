import type { NamespaceCareersTranslation } from '../../i18n-types.ts';

/** Loaded with the pages that use it (see web/src/modules/ui/components/i18n-namespaces.component.tsx). */
const careers = {
  metaTitle: 'الوظائف — Nexa CRM',
  metaDescription: 'انضم إلى فريق Nexa CRM: المزايا والوظائف المتاحة والمواقع ونطاقات الرواتب.',
  title: 'الوظائف في Nexa CRM',
  intro: 'ساعد آلاف الشركات على العمل بشكل أفضل. نحن فريق يرحّب بالعمل عن بُعد وينتشر في ثلاث قارات.',
  benefitsTitle: 'لماذا تعمل معنا',
  benefits: {
    remote: { title: 'العمل عن بُعد', text: 'اعمل من المنزل أو من أحد مكاتبنا أو بالجمع بينهما.' },
    health: { title: 'تأمين صحي', text: 'تغطية صحية شاملة لك ولعائلتك.' },
    learning: { title: 'ميزانية للتعلّم', text: 'ميزانية سنوية للدورات والكتب والمؤتمرات.' },
    timeOff: { title: 'إجازات سخية', text: '30 يومًا من الإجازة المدفوعة سنويًا، إضافة إلى العطل الرسمية.' },
    equipment: { title: 'معدات من اختيارك', text: 'حاسوب محمول وتجهيزات مكتب منزلي تناسبك.' },
    equity: { title: 'خيارات الأسهم', text: 'يشارك الجميع في النجاح الذي يساهمون في صنعه.' },
  },
  openingsTitle: 'الوظائف المتاحة',
  openingsCount: 'عدد الوظائف المتاحة: {count}',
  department: 'القسم',
  location: 'الموقع',
  type: 'نوع الوظيفة',
  salary: 'نطاق الراتب',
  salaryRange: 'من {min} إلى {max} سنويًا',
  apply: 'التقدّم لوظيفة {title}',
  applyHint: 'للتقدّم، راسلنا عبر صفحة التواصل مع اختيار الموضوع «الشراكة» أو «أخرى» وذكر المسمى الوظيفي.',
  openings: {
    backend: { title: 'مهندس واجهات خلفية أول', department: 'الهندسة', location: 'عن بُعد (أوروبا)', type: 'دوام كامل' },
    frontend: { title: 'مهندس واجهات أمامية', department: 'الهندسة', location: 'باريس، فرنسا', type: 'دوام كامل' },
    designer: { title: 'مصمم منتجات', department: 'التصميم', location: 'عن بُعد', type: 'دوام كامل' },
    success: { title: 'مدير نجاح العملاء', department: 'نجاح العملاء', location: 'الدار البيضاء، المغرب', type: 'دوام كامل' },
    marketing: { title: 'متدرب في تسويق المحتوى', department: 'التسويق', location: 'دبي، الإمارات العربية المتحدة', type: 'تدريب (6 أشهر)' },
  },
} satisfies NamespaceCareersTranslation;

export default careers;
