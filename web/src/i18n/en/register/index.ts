import type { BaseTranslation } from '../../i18n-types.ts';

/** Loaded with the pages that use it (see web/src/modules/ui/components/i18n-namespaces.component.tsx). */
const register = {
  title: 'Create Account',
  subtitle: 'Register to get started. An administrator approves every new account.',
  name: 'Full Name',
  email: 'Email',
  password: 'Password',
  confirmPassword: 'Confirm Password',
  passwordHint: 'At least 8 characters',
  submit: 'Create Account',
  submitting: 'Creating account...',
  required: 'All fields are required',
  mismatch: 'Passwords do not match',
  tooShort: 'Password must be at least 8 characters long',
  failed: 'Registration failed',
  network: 'Network error. Please try again.',
  invalidName: 'Please enter your name (at most 100 characters).',
  invalidEmail: 'Please enter a valid e-mail address.',
  invalidPassword: 'The password must be 8 to 256 characters long.',
  successTitle: 'Registration Successful',
  successGreeting: 'Welcome, {name:string}!',
  successAccountType: 'Account type: {type:string}',
  successPending: 'An administrator will now review your account. We will e-mail you as soon as it is approved; then you can log in.',
  goToLogin: 'Go to Login',
  backToHome: 'Back to Home',
  haveAccount: 'Already have an account?',
  login: 'Log in',
} satisfies BaseTranslation;

export default register;
