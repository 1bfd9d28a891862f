import type { NamespaceAboutTranslation } from '../../i18n-types.ts';

/** Loaded with the pages that use it (see web/src/modules/ui/components/i18n-namespaces.component.tsx). */
const about = {
  metaTitle: 'À propos — Nexa CRM',
  metaDescription: 'Qui nous sommes : l’équipe derrière Nexa CRM, notre mission, nos valeurs et notre histoire depuis 2020.',
  title: 'À propos de Nexa CRM',
  intro: 'Nous construisons la plateforme cloud qui permet aux entreprises en croissance de gérer commandes, livraisons, entrepôts et équipes depuis un seul endroit.',
  missionTitle: 'Notre mission',
  mission: 'Donner à chaque chef d’entreprise, commerçant et équipe logistique les outils des grands groupes, sans leur coût ni leur complexité. Moins de temps dans les tableurs, plus de temps avec les clients.',
  valuesTitle: 'Nos valeurs',
  values: {
    customers: { title: 'Le client d’abord', text: 'Chaque fonctionnalité part d’un vrai problème qu’un client nous a confié.' },
    simplicity: { title: 'Simplicité', text: 'Puissant ne veut pas dire compliqué : nous supprimons des étapes, nous n’en ajoutons pas.' },
    trust: { title: 'Confiance et sécurité', text: 'Vos données vous appartiennent. Nous les protégeons comme les nôtres et disons clairement ce que nous en faisons.' },
    improvement: { title: 'Amélioration continue', text: 'Nous livrons de petites améliorations chaque semaine et mesurons si elles ont aidé.' },
  },
  statsTitle: 'Nexa CRM en chiffres',
  stats: {
    founded: 'Fondée en',
    team: 'Membres de l’équipe',
    countries: 'Pays desservis',
    customers: 'Clients',
  },
  ctaTitle: 'Envie de travailler avec nous ?',
  ctaCareers: 'Voir les postes ouverts',
  ctaContact: 'Nous contacter',
} satisfies NamespaceAboutTranslation;

export default about;
