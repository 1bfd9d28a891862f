import type { NamespaceStatusPageTranslation } from '../../i18n-types.ts';

/** Loaded with the pages that use it (see web/src/modules/ui/components/i18n-namespaces.component.tsx). */
const statusPage = {
  metaTitle: 'حالة النظام — Nexa CRM',
  metaDescription: 'الحالة المباشرة لمنصة Nexa CRM: الواجهة البرمجية ومخزن الأحداث ونماذج القراءة وطابور البريد، مع نسبة التشغيل خلال 90 يومًا والحوادث السابقة.',
  title: 'حالة النظام',
  intro: 'الحالة المباشرة لمنصة Nexa CRM. يتم فحص كل خدمة تلقائيًا كل دقيقة.',
  overall: {
    operational: 'جميع الأنظمة تعمل بشكل طبيعي',
    degraded: 'بعض الأنظمة تعمل بأداء منخفض',
    outage: 'بعض الأنظمة متوقفة',
    unknown: 'الحالة غير معروفة بعد',
  },
  states: {
    operational: 'يعمل',
    degraded: 'أداء منخفض',
    outage: 'متوقف',
    unknown: 'لا توجد بيانات',
  },
  services: {
    api: { name: 'الواجهة البرمجية', description: 'تطبيق الويب ونقاط النهاية على الخادم.' },
    eventStore: { name: 'مخزن الأحداث', description: 'حيث يُسجَّل كل تغيير.' },
    projections: { name: 'نماذج القراءة', description: 'القوائم ولوحات المعلومات المحدَّثة من مخزن الأحداث.' },
    queue: { name: 'طابور البريد', description: 'رسائل التأكيد والإشعارات عبر البريد الإلكتروني.' },
  },
  servicesTitle: 'الخدمات',
  uptime: 'نسبة التشغيل ({days} يومًا)',
  responseTime: 'زمن الاستجابة',
  milliseconds: '{value} ملّي ثانية',
  noResponse: 'لا استجابة',
  noData: 'لا توجد بيانات بعد',
  barLabel: '{service}: نسبة التشغيل اليومية خلال آخر {days} يومًا',
  dayUptime: '{date}: نسبة التشغيل {uptime}، {state}',
  dayNoData: '{date}: لا توجد بيانات',
  daysAgo: 'قبل {days} يومًا',
  today: 'اليوم',
  incidentsTitle: 'الحوادث السابقة',
  noIncidents: 'لا توجد حوادث خلال آخر {days} يومًا.',
  incidentsShown: 'تُعرض أحدث {shown} حادثة من أصل {total}.',
  incidentHeading: {
    degraded: '{service}: أداء منخفض',
    outage: '{service}: توقف',
  },
  incidentStates: {
    ongoing: 'جارية',
    resolved: 'تم الحل',
  },
  incidentPeriod: 'من {start} إلى {end}',
  incidentSince: 'منذ {start}',
  lastChecked: 'آخر فحص: {time}',
  autoRefresh: 'تتحدّث هذه الصفحة كل دقيقة.',
  loading: 'جارٍ فحص الخدمات…',
  loadError: 'تعذّر تحميل الحالة. ستتم إعادة المحاولة بعد دقيقة.',
  legend: 'دليل الألوان',
} satisfies NamespaceStatusPageTranslation;

export default statusPage;
