import type { NamespacePressTranslation } from '../../i18n-types.ts';

/** Loaded with the pages that use it (see web/src/modules/ui/components/i18n-namespaces.component.tsx). */
const press = {
  metaTitle: 'Presse — Nexa CRM',
  metaDescription: 'Communiqués de presse, kit média et contact presse de Nexa CRM.',
  title: 'Presse et médias',
  intro: 'Les actualités de Nexa CRM, des ressources pour les journalistes et la personne à contacter.',
  releasesTitle: 'Communiqués de presse',
  releases: {
    expansion: { title: 'Nexa CRM accompagne désormais des entreprises dans plus de 30 pays', summary: 'Avec de nouveaux bureaux et la prise en charge de l’arabe et du français, Nexa CRM poursuit son expansion en Europe, au Moyen-Orient et en Afrique.' },
    funding: { title: 'Nexa CRM lève une série A pour accélérer le développement produit', summary: 'Ce financement permettra d’agrandir l’équipe technique et d’apporter le suivi des entrepôts et des livraisons à de nouveaux marchés.' },
    launch: { title: 'Nexa CRM lance sa plateforme tout-en-un pour l’e-commerce et la logistique', summary: 'Commandes, livraisons, entrepôts, paiements et équipes dans une seule plateforme cloud, avec un essai gratuit de 14 jours.' },
  },
  mediaKitTitle: 'Kit média',
  mediaKitIntro: 'Le kit média est envoyé sur demande par notre équipe presse : vous recevez toujours la version à jour.',
  mediaKit: {
    logos: { title: 'Logos', text: 'Notre logo en couleur, en noir et en blanc, aux formats SVG et PNG.' },
    screenshots: { title: 'Captures d’écran', text: 'Captures haute résolution du tableau de bord et des vues mobiles.' },
    factSheet: { title: 'Fiche d’information', text: 'Chiffres clés, historique et direction sur une page.' },
    brandGuide: { title: 'Charte graphique', text: 'Comment utiliser notre nom, notre logo et nos couleurs.' },
  },
  contactTitle: 'Contact presse',
  contactText: 'Journalistes et analystes : écrivez à notre équipe presse, nous répondons sous un jour ouvré.',
} satisfies NamespacePressTranslation;

export default press;
