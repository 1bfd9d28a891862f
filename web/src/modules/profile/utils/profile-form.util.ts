import { PROFILE_LIMITS } from '@crm/contracts/identity/profile.constants';
import type { TranslationFunctions } from '../../../i18n/i18n-types.ts';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export interface ProfileInfoValues {
  name: string;
  email: string;
  currentPassword: string;
}

export interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** A light check only (the server is the judge): something@something.something. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Whether the e-mail typed differs from the account's (then the current password is asked for). */
export const emailChanged = (values: Pick<ProfileInfoValues, 'email'>, currentEmail: string) => values.email.trim() !== currentEmail;

export function validateProfileInfo(values: ProfileInfoValues, currentEmail: string, LL: TranslationFunctions): FieldErrors<keyof ProfileInfoValues> {
  const v = LL.profile.validation;
  const errors: FieldErrors<keyof ProfileInfoValues> = {};
  const name = values.name.trim();
  if (!name) errors.name = v.nameRequired();
  else if (name.length > PROFILE_LIMITS.name) errors.name = v.nameTooLong();
  const email = values.email.trim();
  if (!EMAIL_SHAPE.test(email) || email.length > PROFILE_LIMITS.email) errors.email = v.emailInvalid();
  if (emailChanged(values, currentEmail) && !values.currentPassword) errors.currentPassword = v.currentPasswordRequired();
  return errors;
}

export function validatePassword(values: PasswordValues, LL: TranslationFunctions): FieldErrors<keyof PasswordValues> {
  const v = LL.profile.validation;
  const errors: FieldErrors<keyof PasswordValues> = {};
  if (!values.currentPassword) errors.currentPassword = v.currentPasswordRequired();
  if (values.newPassword.length < PROFILE_LIMITS.passwordMin) errors.newPassword = v.passwordTooShort();
  else if (values.newPassword.length > PROFILE_LIMITS.passwordMax) errors.newPassword = v.passwordTooLong();
  if (values.confirmPassword !== values.newPassword) errors.confirmPassword = v.passwordsMismatch();
  return errors;
}

/** The server's per-field refusals (400) shown under the fields, in the reader's language where known. */
export function serverFieldErrors<K extends string>(
  fieldErrors: Record<string, string[]>,
  fields: readonly K[],
  LL: TranslationFunctions,
): FieldErrors<K> {
  const v = LL.profile.validation;
  const known: Record<string, () => string> = {
    name: v.nameRequired,
    email: v.emailInvalid,
    currentPassword: v.currentPasswordRequired,
    newPassword: v.passwordTooShort,
    confirmPassword: v.passwordsMismatch,
  };
  const out: FieldErrors<K> = {};
  for (const field of fields) {
    if (fieldErrors[field]) out[field] = (known[field] ?? v.invalid)();
  }
  return out;
}

export const hasErrors = (errors: object) => Object.keys(errors).length > 0;
