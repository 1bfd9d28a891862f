/** Blog article data (spec 01 §3 "Article"): static, three built in, one module of text per locale. */

export const BLOG_CATEGORIES = ['business-strategy', 'technology', 'operations'] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];

/** Topic tags: stable ids (used in the address bar and for related articles); labels come per locale. */
export const BLOG_TAGS = [
  'orders',
  'automation',
  'analytics',
  'e-commerce',
  'growth',
  'api',
  'integrations',
  'warehouse',
  'logistics',
  'teams',
] as const;
export type BlogTag = (typeof BLOG_TAGS)[number];

export interface ArticleAuthor {
  name: string;
  /** Shown as initials in a circle. */
  avatar: string;
  bio: string;
}

export interface Article {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  /** Simple markup: `## heading`, `### subheading`, `**bold**`, `- item` lists, blank-line separated paragraphs. */
  content: string;
  author: ArticleAuthor;
  /** ISO dates (YYYY-MM-DD). */
  publishedAt: string;
  updatedAt: string;
  /** Minutes. */
  readingTime: number;
  tags: readonly BlogTag[];
  category: BlogCategory;
  image: { url: string; alt: string };
  seo: { metaTitle: string; metaDescription: string; keywords: readonly string[] };
  featured: boolean;
  status: 'published';
}

/** What does not change between languages. */
export type ArticleFacts = Pick<Article, 'id' | 'slug' | 'publishedAt' | 'updatedAt' | 'readingTime' | 'tags' | 'category' | 'featured' | 'status'> & {
  imageUrl: string;
  avatar: string;
};

/** What a locale's module writes for one article. */
export interface ArticleText {
  title: string;
  excerpt: string;
  content: string;
  author: { name: string; bio: string };
  imageAlt: string;
  seo: Article['seo'];
}

export interface BlogContent {
  articles: Readonly<Record<string, ArticleText>>;
  tagLabels: Readonly<Record<BlogTag, string>>;
}
