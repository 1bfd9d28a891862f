import type { NamespaceSecurityPageTranslation } from '../../i18n-types.ts';

/** Loaded with the pages that use it (see web/src/modules/ui/components/i18n-namespaces.component.tsx). */
const securityPage = {
  metaTitle: 'Sécurité — Nexa CRM',
  metaDescription: 'Comment Nexa CRM protège les comptes et les données : mots de passe Argon2id, sessions sécurisées, limitation des tentatives, historique des connexions, et comment signaler une faille.',
  title: 'La sécurité chez Nexa CRM',
  intro: 'Ce que nous faisons concrètement pour protéger votre compte et vos données, en termes simples.',
  featuresTitle: 'Comment nous protégeons votre compte',
  features: {
    passwords: { title: 'Hachage robuste des mots de passe', text: 'Les mots de passe ne sont jamais stockés, seulement une empreinte Argon2id avec les paramètres recommandés par l’OWASP. Un mot de passe compte au moins 8 caractères.' },
    sessions: { title: 'Sessions sécurisées', text: 'Une nouvelle session à chaque connexion, dans un cookie illisible par les scripts, qui expire après 30 minutes d’inactivité et au plus tard après 12 heures. Vous pouvez voir et fermer vos sessions depuis votre profil.' },
    throttling: { title: 'Protection contre les tentatives de mot de passe', text: 'Les échecs de connexion sont ralentis par compte et par adresse réseau, et les administrateurs peuvent bloquer les adresses abusives. Les formulaires publics sont limités en débit.' },
    audit: { title: 'Historique des connexions', text: 'Chaque tentative de connexion, réussie ou non, est enregistrée avec l’heure, l’adresse et l’appareil, et les administrateurs peuvent la consulter.' },
    web: { title: 'Application web renforcée', text: 'Protection contre la falsification de requêtes intersites, politique de sécurité du contenu stricte et aucun script tiers.' },
    privacy: { title: 'Confidentialité par défaut', text: 'Aucune mesure d’audience sans votre consentement ; les événements d’audience ne conservent aucune adresse IP.' },
  },
  certificationsTitle: 'Les référentiels que nous suivons',
  certifications: {
    asvs: { title: 'OWASP ASVS 5.0', text: 'Notre socle pour l’authentification, les sessions et le contrôle d’accès.' },
    gdpr: { title: 'RGPD', text: 'Consentement avant les cookies optionnels, minimisation des données, droits d’accès et d’effacement.' },
    nist: { title: 'NIST SP 800-63B', text: 'Règles de mot de passe : la longueur plutôt que la complexité, pas de changement périodique imposé.' },
  },
  practicesTitle: 'Bonnes pratiques pour votre équipe',
  practices: {
    uniquePassword: 'Utilisez un mot de passe long et unique (un gestionnaire de mots de passe aide).',
    reviewSessions: 'Vérifiez vos sessions actives dans votre profil et fermez celles que vous ne reconnaissez pas.',
    leastPrivilege: 'Donnez à chacun le rôle le plus bas dont il a besoin : utilisateur, manager ou administrateur.',
    reviewHistory: 'Administrateurs : surveillez l’historique des connexions pour repérer des échecs inhabituels.',
    phishing: 'Nous ne vous demandons jamais votre mot de passe par e-mail ou par téléphone.',
  },
  reportTitle: 'Signaler une vulnérabilité',
  reportText: 'Vous avez trouvé un problème de sécurité ? Signalez-le-nous en privé à l’adresse ci-dessous, avec les étapes pour le reproduire. Nous accusons réception sous deux jours ouvrés et n’engageons aucune action contre une recherche de bonne foi.',
} satisfies NamespaceSecurityPageTranslation;

export default securityPage;
