import type { NamespaceCareersTranslation } from '../../i18n-types.ts';

/** Loaded with the pages that use it (see web/src/modules/ui/components/i18n-namespaces.component.tsx). */
const careers = {
  metaTitle: 'Carrières — Nexa CRM',
  metaDescription: 'Rejoignez l’équipe Nexa CRM : avantages, postes ouverts, lieux et fourchettes de salaire.',
  title: 'Carrières chez Nexa CRM',
  intro: 'Aidez des milliers d’entreprises à mieux travailler. Nous sommes une équipe ouverte au télétravail, répartie sur trois continents.',
  benefitsTitle: 'Pourquoi nous rejoindre',
  benefits: {
    remote: { title: 'Télétravail possible', text: 'Travaillez de chez vous, depuis l’un de nos bureaux, ou les deux.' },
    health: { title: 'Mutuelle santé', text: 'Une couverture santé complète pour vous et votre famille.' },
    learning: { title: 'Budget formation', text: 'Un budget annuel pour les formations, les livres et les conférences.' },
    timeOff: { title: 'Congés généreux', text: '30 jours de congés payés par an, en plus des jours fériés.' },
    equipment: { title: 'Équipement au choix', text: 'Un ordinateur et un bureau à domicile adaptés à vous.' },
    equity: { title: 'Stock-options', text: 'Chacun partage le succès qu’il contribue à créer.' },
  },
  openingsTitle: 'Postes ouverts',
  openingsCount: 'Postes ouverts : {count}',
  department: 'Service',
  location: 'Lieu',
  type: 'Contrat',
  salary: 'Fourchette de salaire',
  salaryRange: '{min} – {max} par an',
  apply: 'Postuler : {title}',
  applyHint: 'Pour postuler, écrivez-nous via la page de contact avec l’objet « Partenariat » ou « Autre » et l’intitulé du poste.',
  openings: {
    backend: { title: 'Ingénieur·e backend senior', department: 'Ingénierie', location: 'Télétravail (Europe)', type: 'CDI, temps plein' },
    frontend: { title: 'Ingénieur·e frontend', department: 'Ingénierie', location: 'Paris, France', type: 'CDI, temps plein' },
    designer: { title: 'Product designer', department: 'Design', location: 'Télétravail', type: 'CDI, temps plein' },
    success: { title: 'Responsable succès client', department: 'Succès client', location: 'Casablanca, Maroc', type: 'CDI, temps plein' },
    marketing: { title: 'Stagiaire marketing de contenu', department: 'Marketing', location: 'Dubaï, Émirats arabes unis', type: 'Stage (6 mois)' },
  },
} satisfies NamespaceCareersTranslation;

export default careers;
