import type { NamespaceResetPasswordTranslation } from '../../i18n-types.ts';

/** Loaded with the pages that use it (see web/src/modules/ui/components/i18n-namespaces.component.tsx). */
const resetPassword = {
  title: 'Réinitialiser le mot de passe',
  subtitle: 'Choisissez un nouveau mot de passe pour {email}.',
  validating: 'Vérification du lien de réinitialisation...',
  invalidTitle: 'Lien de réinitialisation invalide',
  invalidToken: 'Lien de réinitialisation invalide ou expiré',
  validateFailed: 'Impossible de vérifier le lien de réinitialisation',
  noToken: 'Aucun jeton de réinitialisation fourni',
  requestNew: 'Demander un nouveau lien',
  newPassword: 'Nouveau mot de passe',
  confirmPassword: 'Confirmer le nouveau mot de passe',
  submit: 'Réinitialiser le mot de passe',
  submitting: 'Réinitialisation...',
  tooShort: 'Le mot de passe doit contenir au moins 8 caractères',
  mismatch: 'Les mots de passe ne correspondent pas',
  failed: 'Échec de la réinitialisation du mot de passe',
  network: 'Échec de la connexion au serveur. Veuillez réessayer.',
  successTitle: 'Mot de passe réinitialisé',
  successText:
    'Votre mot de passe a été modifié et toutes les sessions de votre compte ont été fermées. Vous pouvez maintenant vous connecter avec votre nouveau mot de passe.',
  goToLogin: 'Aller à la connexion',
  backToLogin: 'Retour à la connexion',
  strength: {
    label: 'Robustesse du mot de passe',
    weak: 'Faible',
    medium: 'Moyen',
    strong: 'Fort',
  },
  checklist: {
    label: 'Critères du mot de passe',
    met: 'Rempli',
    notMet: 'Non rempli',
    length8: 'Au moins 8 caractères',
    length12: 'Au moins 12 caractères',
    mixedCase: 'Majuscules et minuscules',
    digit: 'Au moins un chiffre',
    special: 'Au moins un caractère spécial',
  },
} satisfies NamespaceResetPasswordTranslation;

export default resetPassword;
