import type { NamespaceTermsTranslation } from '../../i18n-types.ts';

/** Loaded with the pages that use it (see web/src/modules/ui/components/i18n-namespaces.component.tsx). */
const terms = {
  metaTitle: 'Conditions d’utilisation — Nexa CRM',
  metaDescription: 'Les conditions qui s’appliquent à l’utilisation du site et de la plateforme Nexa CRM.',
  title: 'Conditions d’utilisation',
  intro: 'Ces conditions s’appliquent à votre utilisation du site et de la plateforme Nexa CRM. En créant un compte ou en utilisant le service, vous les acceptez.',
  sections: {
    service: { title: 'Le service', text: 'Nexa CRM est une plateforme cloud de gestion des commandes, livraisons, entrepôts et équipes. Nous pouvons améliorer ou modifier des fonctionnalités ; nous vous prévenons à l’avance de tout changement qui réduirait ce que vous avez payé.' },
    accounts: { title: 'Votre compte', text: 'Vous êtes responsable de l’exactitude des informations de votre compte et de la confidentialité de votre mot de passe. Prévenez-nous immédiatement si vous soupçonnez une utilisation non autorisée. Les comptes créés par inscription sont activés après approbation d’un administrateur.' },
    trial: { title: 'Essai gratuit', text: 'L’essai gratuit dure 14 jours et ne nécessite pas de carte bancaire. À la fin de l’essai, vous pouvez choisir une formule ou cesser d’utiliser le service.' },
    use: { title: 'Utilisation acceptable', text: 'N’utilisez pas le service pour enfreindre la loi, envoyer du spam, attaquer d’autres systèmes ou stocker des contenus que vous n’avez pas le droit de stocker. Nous pouvons suspendre les comptes concernés.' },
    data: { title: 'Vos données', text: 'Les données que vous saisissez dans la plateforme restent les vôtres. Nous ne les traitons que pour fournir le service, comme décrit dans notre politique de confidentialité, et vous pouvez les exporter à tout moment.' },
    payment: { title: 'Tarifs', text: 'Les formules payantes sont facturées d’avance pour chaque période. Les prix sont affichés avant l’abonnement ; des taxes peuvent s’appliquer.' },
    liability: { title: 'Responsabilité', text: 'Nous fournissons le service avec un soin raisonnable. Dans les limites permises par la loi, nous ne sommes pas responsables des pertes indirectes, et notre responsabilité totale est limitée aux sommes payées au cours des 12 derniers mois.' },
    termination: { title: 'Fin du contrat', text: 'Vous pouvez fermer votre compte à tout moment. Nous pouvons y mettre fin en cas de manquement grave à ces conditions, après préavis lorsque c’est possible.' },
    law: { title: 'Droit applicable', text: 'Ces conditions sont régies par le droit français ; les tribunaux de Paris sont compétents, sans préjudice des protections de votre pays de résidence.' },
  },
} satisfies NamespaceTermsTranslation;

export default terms;
