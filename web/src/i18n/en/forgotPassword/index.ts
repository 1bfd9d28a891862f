import type { BaseTranslation } from '../../i18n-types.ts';

/** Loaded with the pages that use it (see web/src/modules/ui/components/i18n-namespaces.component.tsx). */
const forgotPassword = {
  title: 'Forgot Password',
  subtitle: 'Enter the e-mail address of your account and we will send you a link to reset your password.',
  email: 'Email',
  submit: 'Send Reset Link',
  submitting: 'Sending...',
  invalidEmail: 'Please enter a valid e-mail address.',
  successTitle: 'Check Your Email',
  successText: 'If an account exists for {email:string}, we have sent it a link to reset the password.',
  expires: 'The link expires in 1 hour and can be used once.',
  tryAnother: 'Try Another Email',
  backToLogin: 'Back to Login',
  failed: 'Failed to send reset email',
  network: 'Connection failed. Please try again.',
} satisfies BaseTranslation;

export default forgotPassword;
