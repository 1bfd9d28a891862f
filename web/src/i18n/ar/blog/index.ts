import type { NamespaceBlogTranslation } from '../../i18n-types.ts';

/** Loaded with the pages that use it (see web/src/modules/ui/components/i18n-namespaces.component.tsx). */
const blog = {
  metaTitle: 'المدونة: رؤى حول الطلبات والتوصيل والعمليات | Nexa CRM',
  metaDescription:
    'مقالات عملية لإدارة الطلبات والتوصيل والمستودعات والفرق: استراتيجية الأعمال والأتمتة ومؤشرات أداء العمليات من فريق Nexa CRM.',
  title: 'مدونة Nexa CRM',
  subtitle: 'رؤى حول الطلبات والتوصيل والمستودعات والفرق من الفريق الذي يبني Nexa CRM.',
  filtersLabel: 'تصفية المقالات',
  searchLabel: 'البحث في المقالات',
  searchPlaceholder: 'ابحث بالعنوان أو الملخص...',
  categoryLabel: 'الفئة',
  categories: {
    all: 'جميع الفئات',
    businessStrategy: 'استراتيجية الأعمال',
    technology: 'التكنولوجيا',
    operations: 'العمليات',
  },
  topicsLabel: 'المواضيع',
  allTopics: 'جميع المواضيع',
  featuredTitle: 'مقالات مميزة',
  featuredBadge: 'مميز',
  allArticlesTitle: 'جميع المقالات',
  resultCount: '{count} {{مقالات|مقال|مقالان|مقالات|مقالًا|مقال}}',
  noResults: 'لم يتم العثور على مقالات',
  noResultsHint: 'جرّب كلمة بحث أو فئة أو موضوعًا آخر.',
  clearFilters: 'مسح عوامل التصفية',
  readingTime: '{minutes} {{دقائق|دقيقة|دقيقتان|دقائق|دقيقة|دقيقة}} للقراءة',
  byAuthor: 'بقلم {name}',
  readArticle: 'اقرأ المقال',
  article: {
    backToBlog: 'العودة إلى المدونة',
    breadcrumb: 'مسار التنقل',
    published: 'نُشر في',
    updated: 'حُدّث في {date}',
    share: 'مشاركة',
    shareText: 'مقال من مدونة Nexa CRM',
    linkCopied: 'تم نسخ الرابط إلى الحافظة',
    copyFailed: 'تعذّر نسخ الرابط: انسخه من شريط العنوان.',
    tagsLabel: 'الوسوم',
    aboutAuthor: 'عن الكاتب',
    relatedTitle: 'مقالات ذات صلة',
    ctaTitle: 'شاهد Nexa CRM أثناء العمل',
    ctaText: 'احجز عرضًا توضيحيًا مجانيًا مدته 30 دقيقة، وشاهد كيف تُدار طلباتك وعمليات التوصيل ومستودعاتك من منصة واحدة.',
    ctaButton: 'احجز عرضًا توضيحيًا',
  },
} satisfies NamespaceBlogTranslation;

export default blog;
