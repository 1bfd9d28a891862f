import type { NamespaceCommandPaletteTranslation } from '../../i18n-types.ts';

/** The command palette (Ctrl/⌘+K); loaded when it first opens (web/src/modules/search; not named `search`: a namespace's name is reserved as a top-level key of every dictionary, and deals has one). */
const commandPalette = {
  title: 'البحث والانتقال',
  inputLabel: 'بحث',
  placeholder: 'انتقل إلى قسم أو ابحث في العملاء والصفقات والمهام والحجوزات',
  placeholderNoBookings: 'انتقل إلى قسم أو ابحث في العملاء والصفقات والمهام',
  resultsLabel: 'الأقسام ونتائج البحث',
  groups: {
    areas: 'الأقسام',
    customers: 'العملاء',
    deals: 'الصفقات',
    tasks: 'المهام',
    bookings: 'الحجوزات',
  },
  searching: 'جارٍ البحث…',
  noResults: 'لا توجد نتائج تطابق «{term}».',
  failed: 'تعذّر البحث. تابع الكتابة للمحاولة مجددًا.',
  hint: 'اكتب حرفًا واحدًا على الأقل للبحث في السجلات.',
  keys: {
    move: 'تنقّل',
    open: 'فتح',
    close: 'إغلاق',
  },
  goTo: 'الانتقال إلى {area}',
  noCompany: 'بدون شركة',
  noEmail: 'بدون بريد إلكتروني',
  noDueDate: 'بدون تاريخ استحقاق',
  due: 'الاستحقاق {date}',
  stages: {
    prospecting: 'استكشاف',
    qualification: 'تأهيل',
    proposal: 'عرض',
    negotiation: 'تفاوض',
    closed_won: 'مغلقة - رابحة',
    closed_lost: 'مغلقة - خاسرة',
  },
  taskStatuses: {
    pending: 'قيد الانتظار',
    in_progress: 'قيد التنفيذ',
    completed: 'مكتملة',
    cancelled: 'ملغاة',
  },
  bookingStatuses: {
    pending: 'قيد الانتظار',
    confirmed: 'مؤكد',
    completed: 'مكتمل',
    cancelled: 'ملغى',
  },
} satisfies NamespaceCommandPaletteTranslation;

export default commandPalette;
