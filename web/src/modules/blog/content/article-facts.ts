import type { ArticleFacts } from './article.types.ts';

/** The three built-in articles' language-independent fields (spec 01 §9: reading times 8, 12 and 10; 2 featured). */
export const ARTICLE_FACTS: readonly ArticleFacts[] = [
  {
    id: 'article-1',
    slug: 'one-platform-for-orders-deliveries-warehouses',
    publishedAt: '2026-09-15',
    updatedAt: '2026-10-02',
    readingTime: 8,
    tags: ['orders', 'automation', 'e-commerce', 'growth'],
    category: 'business-strategy',
    featured: true,
    status: 'published',
    imageUrl: '/blog/one-platform.svg',
    avatar: 'SM',
  },
  {
    id: 'article-2',
    slug: 'automate-order-fulfillment-workflows-apis',
    publishedAt: '2026-10-06',
    updatedAt: '2026-10-20',
    readingTime: 12,
    tags: ['automation', 'api', 'integrations', 'orders', 'analytics'],
    category: 'technology',
    featured: true,
    status: 'published',
    imageUrl: '/blog/automation.svg',
    avatar: 'KB',
  },
  {
    id: 'article-3',
    slug: 'warehouse-delivery-kpis-operations-teams',
    publishedAt: '2026-10-27',
    updatedAt: '2026-10-27',
    readingTime: 10,
    tags: ['warehouse', 'logistics', 'analytics', 'teams', 'e-commerce'],
    category: 'operations',
    featured: false,
    status: 'published',
    imageUrl: '/blog/kpis.svg',
    avatar: 'LD',
  },
];
