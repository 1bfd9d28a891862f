import type { NamespacePrivacyTranslation } from '../../i18n-types.ts';

/** Loaded with the pages that use it (see web/src/modules/ui/components/i18n-namespaces.component.tsx). */
const privacy = {
  metaTitle: 'Politique de confidentialité — Nexa CRM',
  metaDescription: 'Quelles données personnelles Nexa CRM collecte, pourquoi, combien de temps nous les conservons et quels sont vos droits.',
  title: 'Politique de confidentialité',
  intro: 'Cette politique explique quelles données personnelles nous collectons lorsque vous utilisez le site et la plateforme Nexa CRM, pourquoi, et quels droits vous avez.',
  sections: {
    collect: { title: 'Ce que nous collectons', text: 'Les données que vous nous confiez : vos nom, adresse e-mail, entreprise et numéro de téléphone lorsque vous réservez un rendez-vous, nous contactez, vous abonnez à la newsletter ou créez un compte. Les données nécessaires au service : votre historique de connexion (heure, adresse réseau, appareil) et vos sessions actives, pour protéger votre compte. Uniquement avec votre consentement : des événements d’utilisation anonymes (pages visitées, boutons utilisés), liés à un identifiant aléatoire par visite et non à votre adresse IP.' },
    use: { title: 'Comment nous les utilisons', text: 'Pour répondre à vos demandes et gérer vos rendez-vous, fournir et sécuriser votre compte, envoyer la newsletter que vous avez confirmée et, avec votre consentement, comprendre quelles pages sont utiles. Nous ne vendons pas vos données et ne les utilisons pas à des fins publicitaires.' },
    legalBasis: { title: 'Base légale', text: 'L’exécution d’un contrat ou des démarches que vous avez demandées (rendez-vous, compte), notre intérêt légitime à sécuriser le service (historique de connexion, limitation de débit) et votre consentement (newsletter, mesure d’audience), que vous pouvez retirer à tout moment.' },
    retention: { title: 'Durée de conservation', text: 'Les données de compte tant que votre compte existe ; l’historique de connexion jusqu’à 12 mois ; les demandes de rendez-vous et de contact jusqu’à 3 ans après notre dernier échange ; les événements d’audience jusqu’à 13 mois.' },
    sharing: { title: 'Avec qui nous les partageons', text: 'Uniquement avec les sous-traitants qui nous aident à faire fonctionner le service (hébergement, envoi d’e-mails), sous contrat les obligeant à les protéger. Nous ne communiquons des données aux autorités que lorsque la loi l’exige.' },
    rights: { title: 'Vos droits', text: 'Vous pouvez demander l’accès, la rectification, l’effacement ou la portabilité de vos données, vous opposer à leur utilisation ou retirer votre consentement en écrivant à privacy@nexacrm.com. Vous pouvez aussi saisir la CNIL ou l’autorité de protection des données de votre pays.' },
    cookies: { title: 'Cookies', text: 'Consultez notre politique en matière de cookies pour savoir quels cookies nous utilisons et comment modifier vos choix.' },
    contact: { title: 'Contact', text: 'Questions sur cette politique : privacy@nexacrm.com.' },
  },
} satisfies NamespacePrivacyTranslation;

export default privacy;
