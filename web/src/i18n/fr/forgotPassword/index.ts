import type { NamespaceForgotPasswordTranslation } from '../../i18n-types.ts';

/** Loaded with the pages that use it (see web/src/modules/ui/components/i18n-namespaces.component.tsx). */
const forgotPassword = {
  title: 'Mot de passe oublié',
  subtitle: "Saisissez l'adresse e-mail de votre compte : nous vous enverrons un lien pour réinitialiser votre mot de passe.",
  email: 'E-mail',
  submit: 'Envoyer le lien',
  submitting: 'Envoi...',
  invalidEmail: 'Veuillez indiquer une adresse e-mail valide.',
  successTitle: 'Consultez votre messagerie',
  successText: 'Si un compte existe pour {email}, nous lui avons envoyé un lien pour réinitialiser le mot de passe.',
  expires: "Le lien expire dans 1 heure et ne peut servir qu'une fois.",
  tryAnother: 'Essayer une autre adresse',
  backToLogin: 'Retour à la connexion',
  failed: "Échec de l'envoi de l'e-mail de réinitialisation",
  network: 'Échec de la connexion au serveur. Veuillez réessayer.',
} satisfies NamespaceForgotPasswordTranslation;

export default forgotPassword;
