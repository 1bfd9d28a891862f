import type { BaseTranslation } from '../../i18n-types.ts';

/** Loaded with the pages that use it (see web/src/modules/ui/components/i18n-namespaces.component.tsx). */
const resetPassword = {
  title: 'Reset Password',
  subtitle: 'Choose a new password for {email:string}.',
  validating: 'Validating reset token...',
  invalidTitle: 'Invalid Reset Link',
  invalidToken: 'Invalid or expired reset token',
  validateFailed: 'Failed to validate reset token',
  noToken: 'No reset token provided',
  requestNew: 'Request New Reset Link',
  newPassword: 'New Password',
  confirmPassword: 'Confirm New Password',
  submit: 'Reset Password',
  submitting: 'Resetting...',
  tooShort: 'Password must be at least 8 characters long',
  mismatch: 'Passwords do not match',
  failed: 'Failed to reset password',
  network: 'Connection failed. Please try again.',
  successTitle: 'Password Reset Successfully',
  successText: 'Your password has been changed and every session of your account has been signed out. You can now log in with your new password.',
  goToLogin: 'Go to Login',
  backToLogin: 'Back to Login',
  strength: {
    label: 'Password strength',
    weak: 'Weak',
    medium: 'Medium',
    strong: 'Strong',
  },
  checklist: {
    label: 'Password checklist',
    met: 'Met',
    notMet: 'Not met',
    length8: 'At least 8 characters',
    length12: 'At least 12 characters',
    mixedCase: 'Upper and lower case letters',
    digit: 'At least one number',
    special: 'At least one special character',
  },
} satisfies BaseTranslation;

export default resetPassword;
