import type { NamespaceAboutTranslation } from '../../i18n-types.ts';

/** Loaded with the pages that use it (see web/src/modules/ui/components/i18n-namespaces.component.tsx). */
const about = {
  metaTitle: 'من نحن — Nexa CRM',
  metaDescription: 'من نحن: الفريق الذي يقف وراء Nexa CRM، ومهمتنا وقيمنا وقصتنا منذ عام 2020.',
  title: 'عن Nexa CRM',
  intro: 'نبني المنصة السحابية التي تتيح للشركات النامية إدارة الطلبات والتوصيل والمستودعات والفرق من مكان واحد.',
  missionTitle: 'مهمتنا',
  mission: 'أن نمنح كل صاحب عمل وتاجر وفريق لوجستي الأدوات التي تملكها الشركات الكبرى، دون تكلفتها أو تعقيدها. وقت أقل في جداول البيانات، ووقت أكثر مع العملاء.',
  valuesTitle: 'قيمنا',
  values: {
    customers: { title: 'العميل أولًا', text: 'كل ميزة تبدأ من مشكلة حقيقية أخبرنا بها أحد عملائنا.' },
    simplicity: { title: 'البساطة', text: 'القوة لا تعني التعقيد: نحذف الخطوات ولا نضيفها.' },
    trust: { title: 'الثقة والأمان', text: 'بياناتك ملكك. نحميها كما لو كانت بياناتنا ونوضح بصراحة ما نفعله بها.' },
    improvement: { title: 'التحسين المستمر', text: 'نطلق تحسينات صغيرة كل أسبوع ونقيس مدى فائدتها.' },
  },
  statsTitle: 'Nexa CRM بالأرقام',
  stats: {
    founded: 'سنة التأسيس',
    team: 'أعضاء الفريق',
    countries: 'دولة نخدمها',
    customers: 'عميل',
  },
  ctaTitle: 'هل تريد العمل معنا؟',
  ctaCareers: 'اطّلع على الوظائف المتاحة',
  ctaContact: 'تواصل معنا',
} satisfies NamespaceAboutTranslation;

export default about;
