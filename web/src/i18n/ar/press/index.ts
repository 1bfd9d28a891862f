import type { NamespacePressTranslation } from '../../i18n-types.ts';

/** Loaded with the pages that use it (see web/src/modules/ui/components/i18n-namespaces.component.tsx). */
const press = {
  metaTitle: 'الصحافة — Nexa CRM',
  metaDescription: 'البيانات الصحفية لـ Nexa CRM والحقيبة الإعلامية وجهة الاتصال الصحفي.',
  title: 'الصحافة والإعلام',
  intro: 'أخبار Nexa CRM، وموارد للصحفيين، والجهة التي يمكن التواصل معها.',
  releasesTitle: 'البيانات الصحفية',
  releases: {
    expansion: { title: 'Nexa CRM تخدم الآن الشركات في أكثر من 30 دولة', summary: 'بمكاتب جديدة ودعم للغتين العربية والفرنسية، تواصل Nexa CRM توسعها في أوروبا والشرق الأوسط وأفريقيا.' },
    funding: { title: 'Nexa CRM تجمع تمويلًا من الفئة A لتسريع تطوير المنتج', summary: 'سيُستخدم التمويل لتوسيع الفريق الهندسي وإتاحة تتبع المستودعات والتوصيل في أسواق جديدة.' },
    launch: { title: 'Nexa CRM تطلق منصتها الشاملة للتجارة الإلكترونية والخدمات اللوجستية', summary: 'الطلبات والتوصيل والمستودعات والمدفوعات والفرق في منصة سحابية واحدة، مع تجربة مجانية لمدة 14 يومًا.' },
  },
  mediaKitTitle: 'الحقيبة الإعلامية',
  mediaKitIntro: 'يرسل فريقنا الصحفي الحقيبة الإعلامية عند الطلب، لتحصل دائمًا على أحدث نسخة.',
  mediaKit: {
    logos: { title: 'الشعارات', text: 'شعارنا بالألوان وبالأبيض والأسود، بصيغتي SVG وPNG.' },
    screenshots: { title: 'لقطات شاشة للمنتج', text: 'لقطات عالية الدقة للوحة التحكم ولواجهات الهاتف.' },
    factSheet: { title: 'ورقة الحقائق', text: 'الأرقام الرئيسية والتاريخ والقيادة في صفحة واحدة.' },
    brandGuide: { title: 'دليل الهوية', text: 'كيفية استخدام اسمنا وشعارنا وألواننا.' },
  },
  contactTitle: 'التواصل الإعلامي',
  contactText: 'الصحفيون والمحللون: راسلوا فريقنا الصحفي، ونرد خلال يوم عمل واحد.',
} satisfies NamespacePressTranslation;

export default press;
