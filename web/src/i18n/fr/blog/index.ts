import type { NamespaceBlogTranslation } from '../../i18n-types.ts';

/** Loaded with the pages that use it (see web/src/modules/ui/components/i18n-namespaces.component.tsx). */
const blog = {
  metaTitle: 'Blog : commandes, livraisons et opérations | Nexa CRM',
  metaDescription:
    'Des articles concrets pour gérer commandes, livraisons, entrepôts et équipes : stratégie, automatisation et indicateurs opérationnels par l’équipe Nexa CRM.',
  title: 'Le blog Nexa CRM',
  subtitle: 'Commandes, livraisons, entrepôts et équipes : les conseils de celles et ceux qui construisent Nexa CRM.',
  filtersLabel: 'Filtrer les articles',
  searchLabel: 'Rechercher des articles',
  searchPlaceholder: 'Rechercher par titre ou résumé...',
  categoryLabel: 'Catégorie',
  categories: {
    all: 'Toutes les catégories',
    businessStrategy: 'Stratégie d’entreprise',
    technology: 'Technologie',
    operations: 'Opérations',
  },
  topicsLabel: 'Sujets',
  allTopics: 'Tous les sujets',
  featuredTitle: 'À la une',
  featuredBadge: 'À la une',
  allArticlesTitle: 'Tous les articles',
  resultCount: '{count} {{article|articles}}',
  noResults: 'Aucun article trouvé',
  noResultsHint: 'Essayez un autre mot-clé, une autre catégorie ou un autre sujet.',
  clearFilters: 'Effacer les filtres',
  readingTime: '{minutes} min de lecture',
  byAuthor: 'Par {name}',
  readArticle: 'Lire l’article',
  article: {
    backToBlog: 'Retour au blog',
    breadcrumb: 'Fil d’Ariane',
    published: 'Publié le',
    updated: 'Mis à jour le {date}',
    share: 'Partager',
    shareText: 'Un article du blog Nexa CRM',
    linkCopied: 'Lien copié dans le presse-papiers',
    copyFailed: 'Impossible de copier le lien : copiez-le depuis la barre d’adresse.',
    tagsLabel: 'Étiquettes',
    aboutAuthor: 'À propos de l’auteur',
    relatedTitle: 'Articles similaires',
    ctaTitle: 'Découvrez Nexa CRM en action',
    ctaText: 'Réservez une démo gratuite de 30 minutes et voyez comment vos commandes, livraisons et entrepôts peuvent fonctionner sur une seule plateforme.',
    ctaButton: 'Réserver une démo',
  },
} satisfies NamespaceBlogTranslation;

export default blog;
