import type { NamespaceLeadformsTranslation } from '../../i18n-types.ts';

/** The public lead-form page `/f/<slug>` and its embed (web/src/modules/lead-forms). The form's own texts are its data. */
const leadforms = {
  metaDescription: 'Remplissez ce formulaire et nous vous recontacterons.',
  loading: 'Chargement du formulaire…',
  notFoundTitle: 'Ce formulaire n’est pas disponible',
  notFoundText: 'Le formulaire que vous cherchez n’existe pas ou n’accepte plus de réponses.',
  home: 'Aller à l’accueil',
  loadFailed: 'Le formulaire n’a pas pu être chargé. Vérifiez votre connexion et réessayez.',
  retry: 'Réessayer',
  choose: 'Choisir…',
  honeypot: 'Laissez ce champ vide',
  problems: {
    required: 'Ce champ est obligatoire',
    email: 'Saisissez une adresse e-mail valide, comme nom@exemple.com',
    phone: 'Saisissez un numéro de téléphone (chiffres, espaces, +, - et parenthèses)',
    option: 'Choisissez l’une des options',
    tooLong: 'C’est trop long',
    invalid: 'Cette réponse n’est pas valide',
  },
  checkFields: 'Veuillez vérifier les champs signalés.',
  submit: 'Envoyer',
  submitting: 'Envoi…',
  thanksTitle: 'Merci !',
  thanksText: 'Vos réponses ont bien été reçues. Nous vous recontacterons bientôt.',
  network: 'Pas de connexion au serveur. Vérifiez votre connexion et réessayez.',
  failed: 'Vos réponses n’ont pas pu être envoyées. Veuillez réessayer.',
  reload: 'Recharger le formulaire',
  errors: {
    form_unavailable: 'Ce formulaire n’est pas disponible.',
    form_token_invalid: 'Ce formulaire a expiré. Rechargez la page et réessayez.',
    form_origin_not_allowed: 'Ce formulaire ne peut pas être utilisé sur ce site.',
  },
} satisfies NamespaceLeadformsTranslation;

export default leadforms;
