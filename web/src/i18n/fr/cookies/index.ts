import type { NamespaceCookiesTranslation } from '../../i18n-types.ts';

/** Loaded with the pages that use it (see web/src/modules/ui/components/i18n-namespaces.component.tsx). */
const cookies = {
  metaTitle: 'Politique en matière de cookies — Nexa CRM',
  metaDescription: 'Les cookies et le stockage local utilisés par Nexa CRM, et vos choix pour chaque catégorie.',
  title: 'Politique en matière de cookies',
  intro: 'Nous enregistrons une petite quantité d’informations dans votre navigateur. Le stockage nécessaire fait fonctionner le site ; les autres catégories dépendent de vous. Votre choix est enregistré dans ce navigateur.',
  categoriesTitle: 'Catégories de cookies',
  alwaysOn: 'Toujours actifs',
  categories: {
    necessary: { title: 'Nécessaires', text: 'Indispensables au fonctionnement du site : votre langue, vos choix de cookies et le cookie de session de l’espace d’administration. Ils ne peuvent pas être désactivés.' },
    analytics: { title: 'Mesure d’audience', text: 'Des événements d’utilisation anonymes (pages visitées, boutons utilisés) envoyés à notre propre serveur pour améliorer le site. Aucun tiers, aucune adresse IP conservée.' },
    marketing: { title: 'Marketing', text: 'Nous permettraient de mesurer nos campagnes publicitaires. Nous n’en déposons aucun aujourd’hui ; ce choix s’appliquera si cela change.' },
    functional: { title: 'Fonctionnels', text: 'Mémorisent des préférences qui rendent le site plus pratique, comme les derniers filtres utilisés.' },
  },
  save: 'Enregistrer les préférences',
  acceptAll: 'Tout accepter',
  rejectOptional: 'Refuser les optionnels',
  saved: 'Vos préférences en matière de cookies ont été enregistrées.',
  notChosen: 'Vous n’avez pas encore fait de choix : rien d’optionnel n’est actif avant l’enregistrement.',
} satisfies NamespaceCookiesTranslation;

export default cookies;
