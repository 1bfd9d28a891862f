import type { NamespaceHelpTranslation } from '../../i18n-types.ts';

/** Loaded with the pages that use it (see web/src/modules/ui/components/i18n-namespaces.component.tsx). */
const help = {
  metaTitle: 'Centre d’aide — Nexa CRM',
  metaDescription: 'Réponses aux questions fréquentes sur Nexa CRM : prise en main, compte et facturation, commandes et livraisons, intégrations.',
  title: 'Centre d’aide',
  intro: 'Trouvez des réponses aux questions fréquentes ou contactez notre équipe d’assistance.',
  searchLabel: 'Rechercher dans les articles d’aide',
  searchPlaceholder: 'Rechercher une réponse...',
  categoriesTitle: 'Parcourir par catégorie',
  articleCount: 'Articles : {count}',
  categories: {
    gettingStarted: { title: 'Prise en main', text: 'Configurez votre compte et faites vos premiers pas.' },
    account: { title: 'Compte et facturation', text: 'Gérez votre abonnement, vos factures et vos utilisateurs.' },
    orders: { title: 'Commandes et livraisons', text: 'Suivez les commandes, les expéditions et les retours.' },
    integrations: { title: 'Intégrations et API', text: 'Connectez Nexa CRM à vos autres outils.' },
  },
  popularTitle: 'Articles populaires',
  resultsTitle: 'Résultats de la recherche',
  resultsCount: 'Articles trouvés : {count}',
  noResults: 'Aucun article ne correspond à « {query} ».',
  clearSearch: 'Effacer la recherche',
  stillNeedHelp: 'Besoin d’aide supplémentaire ?',
  contactSupport: 'Contacter l’assistance',
  articles: {
    startTrial: { title: 'Comment démarrer mon essai gratuit ?', body: 'Cliquez sur « Essai gratuit » dans la barre de navigation et créez votre compte. L’essai dure 14 jours, sans carte bancaire.' },
    addUsers: { title: 'Comment ajouter des utilisateurs à mon équipe ?', body: 'Un administrateur approuve les nouveaux comptes dans l’onglet Utilisateurs de l’espace d’administration et choisit leur rôle : administrateur, manager ou utilisateur.' },
    trackOrder: { title: 'Comment suivre une commande ?', body: 'Ouvrez la commande dans le tableau de bord : son statut et les étapes de livraison sont mis à jour dès que le transporteur les communique.' },
    resetPassword: { title: 'J’ai oublié mon mot de passe', body: 'Choisissez « Mot de passe oublié ? » sur la page de connexion. Nous vous envoyons un lien valable une heure ; l’utiliser vous déconnecte partout ailleurs.' },
    bookDemo: { title: 'Comment réserver une démo ?', body: 'Utilisez « Voir la démo » ou « Planifier une démo » sur la page d’accueil, choisissez une date et une heure, et nous confirmons par e-mail.' },
    warehouse: { title: 'Gérer le stock entre plusieurs entrepôts', body: 'Chaque entrepôt a ses propres niveaux de stock ; les transferts entre entrepôts sont enregistrés pour que les totaux soient toujours justes.' },
    invoices: { title: 'Où trouver mes factures ?', body: 'Les factures sont listées dans Compte et facturation et peuvent être téléchargées en PDF à tout moment.' },
    api: { title: 'Obtenir une clé d’API', body: 'Les administrateurs créent les clés d’API dans les paramètres ; chaque clé peut être limitée aux données nécessaires et révoquée à tout moment.' },
  },
} satisfies NamespaceHelpTranslation;

export default help;
