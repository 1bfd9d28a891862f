import type { BaseTranslation } from '../../i18n-types.ts';

/** Loaded with the pages that use it (see web/src/modules/ui/components/i18n-namespaces.component.tsx). */
const blog = {
  metaTitle: 'Blog: orders, deliveries and operations insights | Nexa CRM',
  metaDescription:
    'Practical articles on running orders, deliveries, warehouses and teams: business strategy, automation and operations KPIs from the Nexa CRM team.',
  title: 'Nexa CRM Blog',
  subtitle: 'Insights on orders, deliveries, warehouses and teams from the people who build Nexa CRM.',
  filtersLabel: 'Filter articles',
  searchLabel: 'Search articles',
  searchPlaceholder: 'Search by title or summary...',
  categoryLabel: 'Category',
  categories: {
    all: 'All categories',
    businessStrategy: 'Business Strategy',
    technology: 'Technology',
    operations: 'Operations',
  },
  topicsLabel: 'Topics',
  allTopics: 'All Topics',
  featuredTitle: 'Featured',
  featuredBadge: 'Featured',
  allArticlesTitle: 'All articles',
  resultCount: '{count:number} {{article|articles}}',
  noResults: 'No articles found',
  noResultsHint: 'Try another search term, category or topic.',
  clearFilters: 'Clear Filters',
  readingTime: '{minutes:number} min read',
  byAuthor: 'By {name:string}',
  readArticle: 'Read article',
  article: {
    backToBlog: 'Back to Blog',
    breadcrumb: 'Breadcrumb',
    published: 'Published',
    updated: 'Updated {date:string}',
    share: 'Share',
    shareText: 'An article from the Nexa CRM blog',
    linkCopied: 'Link copied to clipboard',
    copyFailed: 'Could not copy the link: copy it from the address bar.',
    tagsLabel: 'Tags',
    aboutAuthor: 'About the author',
    relatedTitle: 'Related articles',
    ctaTitle: 'See Nexa CRM in action',
    ctaText: 'Book a free 30-minute demo and see how your orders, deliveries and warehouses can run from one platform.',
    ctaButton: 'Book a Demo',
  },
} satisfies BaseTranslation;

export default blog;
