import type { NamespaceSecurityPoliciesTranslation } from '../../i18n-types.ts';

/** L’onglet Politiques de sécurité du Centre de sécurité : quatre politiques appliquées, chaque changement tracé. */
const securityPolicies = {
  title: 'Politiques de sécurité',
  intro: 'Quatre politiques, chacune appliquée par le serveur. Chaque changement est inscrit au journal d’audit avec son auteur.',
  loadFailed: 'Impossible de charger les politiques de sécurité. Veuillez réessayer.',
  retry: 'Réessayer',
  viewRules: 'Voir les règles',
  edit: 'Modifier',
  close: 'Fermer',
  cancel: 'Annuler',
  save: 'Enregistrer',
  readOnly: 'Vous pouvez consulter les politiques ; les modifier demande la permission de gestion de la sécurité.',
  status: {
    enforced: 'Appliquée',
    defaults: 'Réglages par défaut',
    off: 'Désactivée',
  },
  category: {
    authentication: 'Authentification',
    access: 'Contrôle d’accès',
  },
  changed: 'Modifiée {when}',
  notChanged: 'Inchangée depuis l’installation',
  enforcedAt: 'Où elle s’applique',
  rules: 'Règles',
  kinds: {
    password: {
      name: 'Politique de mot de passe',
      description: 'La longueur minimale d’un nouveau mot de passe, et le refus des mots de passe figurant dans une liste de mots de passe courants (NIST SP 800-63B : aucune règle de composition).',
      enforcedAt: 'Inscription, réinitialisation, changement du mot de passe dans l’onglet Profil et acceptation d’une invitation.',
    },
    session: {
      name: 'Expiration des sessions',
      description: 'Combien de temps une session peut rester inutilisée, et combien de temps dure toute session après la connexion.',
      enforcedAt: 'Chaque requête d’une session connectée, et un balayage chaque minute.',
    },
    mfa: {
      name: 'Authentification multifacteur',
      description: 'Les rôles dont les comptes doivent utiliser une seconde étape (un code d’application d’authentification) à la connexion.',
      enforcedAt: 'Connexion : un compte d’un tel rôle sans MFA est guidé vers l’activation.',
    },
    adminIpAllowList: {
      name: 'Liste d’adresses IP autorisées (administration)',
      description: 'Activée, l’espace d’administration ne répond qu’aux requêtes venant de ces adresses et plages.',
      enforcedAt: 'Chaque écran d’administration et appel d’API qui demande une permission (la connexion et votre profil restent ouverts).',
    },
  },
  rule: {
    minLength: 'Longueur minimale : {count} {{caractère|caractères}}',
    refuseCommon: 'Les mots de passe de la liste des mots de passe courants (environ 49 000) sont refusés',
    allowCommon: 'La liste des mots de passe courants n’est pas vérifiée',
    noComposition: 'Aucune règle sur les majuscules, chiffres ou symboles',
    idle: 'Prend fin après {count} {{minute|minutes}} sans utilisation',
    absolute: 'Prend fin {hours} heures après la connexion, utilisée ou non',
    mfaRoles: 'Exigée pour : {roles}',
    mfaNone: 'Exigée pour aucun rôle',
    allowListOff: 'Désactivée : l’administration est ouverte depuis toute adresse',
    allowListOn: 'Activée : {count} {{entrée|entrées}}',
  },
  fields: {
    minLength: 'Longueur minimale (caractères)',
    minLengthHint: 'De {min} à {max}. NIST SP 800-63B demande au moins 8.',
    refuseCommon: 'Refuser les mots de passe courants',
    idleMinutes: 'Expiration d’inactivité (minutes)',
    idleHint: 'De {min} à {max} minutes.',
    absoluteHours: 'Expiration absolue (heures)',
    absoluteHint: 'De {min} à {max} heures. Une valeur plus courte met fin aux sessions ouvertes aussitôt.',
    roles: 'Rôles devant utiliser la MFA',
    enabled: 'Liste d’autorisation activée',
    entries: 'Adresses et plages',
    entriesHint: 'Une par ligne : une adresse IPv4 ou IPv6, ou une plage CIDR comme 10.0.0.0/8.',
    yourIp: 'Votre adresse : {ip}',
    addYourIp: 'Ajouter mon adresse',
    invalid: 'Vérifiez cette valeur.',
  },
  toasts: {
    saved: 'Politique enregistrée',
    savedText: '{name} est maintenant en vigueur.',
    failed: 'La politique n’a pas été enregistrée.',
  },
  errors: {
    invalid_allow_list_entry: 'Une entrée n’est ni une adresse IPv4 ou IPv6 ni une plage CIDR.',
    allow_list_empty: 'Une liste d’autorisation activée demande au moins une adresse ou une plage.',
    allow_list_excludes_you: 'La liste n’inclut pas votre propre adresse : l’enregistrer vous bloquerait.',
    ip_not_allowed: 'L’espace d’administration n’est pas ouvert à votre adresse réseau (liste d’adresses IP autorisées).',
  },
} satisfies NamespaceSecurityPoliciesTranslation;

export default securityPolicies;
