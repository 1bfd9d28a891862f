import type { NamespaceRegisterTranslation } from '../../i18n-types.ts';

/** Loaded with the pages that use it (see web/src/modules/ui/components/i18n-namespaces.component.tsx). */
const register = {
  title: 'Créer un compte',
  subtitle: 'Inscrivez-vous pour commencer. Un administrateur approuve chaque nouveau compte.',
  name: 'Nom complet',
  email: 'E-mail',
  password: 'Mot de passe',
  confirmPassword: 'Confirmer le mot de passe',
  passwordHint: 'Au moins 8 caractères',
  submit: 'Créer le compte',
  submitting: 'Création du compte...',
  required: 'Tous les champs sont obligatoires',
  mismatch: 'Les mots de passe ne correspondent pas',
  tooShort: 'Le mot de passe doit contenir au moins 8 caractères',
  failed: "Échec de l'inscription",
  network: 'Erreur réseau. Veuillez réessayer.',
  invalidName: 'Veuillez indiquer votre nom (100 caractères au plus).',
  invalidEmail: 'Veuillez indiquer une adresse e-mail valide.',
  invalidPassword: 'Le mot de passe doit contenir de 8 à 256 caractères.',
  successTitle: 'Inscription réussie',
  successGreeting: 'Bienvenue, {name} !',
  successAccountType: 'Type de compte : {type}',
  successPending: 'Un administrateur va maintenant examiner votre compte. Nous vous enverrons un e-mail dès qu’il sera approuvé ; vous pourrez alors vous connecter.',
  goToLogin: 'Aller à la connexion',
  backToHome: "Retour à l'accueil",
  haveAccount: 'Vous avez déjà un compte ?',
  login: 'Se connecter',
} satisfies NamespaceRegisterTranslation;

export default register;
