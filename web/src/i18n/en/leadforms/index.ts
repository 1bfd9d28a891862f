import type { BaseTranslation } from '../../i18n-types.ts';

/** The public lead-form page `/f/<slug>` and its embed (web/src/modules/lead-forms). The form's own texts are its data. */
const leadforms = {
  metaDescription: 'Fill in this form and we will get back to you.',
  loading: 'Loading the form…',
  notFoundTitle: 'This form is not available',
  notFoundText: 'The form you are looking for does not exist or no longer accepts answers.',
  home: 'Go to the home page',
  loadFailed: 'The form could not be loaded. Check your connection and try again.',
  retry: 'Try again',
  choose: 'Choose…',
  honeypot: 'Leave this field empty',
  problems: {
    required: 'This field is required',
    email: 'Enter a valid e-mail address, like name@example.com',
    phone: 'Enter a phone number (digits, spaces, +, - and parentheses)',
    option: 'Choose one of the options',
    tooLong: 'This is too long',
    invalid: 'This answer is not valid',
  },
  checkFields: 'Please check the highlighted fields.',
  submit: 'Submit',
  submitting: 'Sending…',
  thanksTitle: 'Thank you!',
  thanksText: 'Your answers have been received. We will get back to you soon.',
  network: 'No connection to the server. Check your connection and try again.',
  failed: 'Your answers could not be sent. Please try again.',
  reload: 'Reload the form',
  errors: {
    form_unavailable: 'This form is not available.',
    form_token_invalid: 'This form has expired. Reload the page and try again.',
    form_origin_not_allowed: 'This form cannot be used on this site.',
  },
} satisfies BaseTranslation;

export default leadforms;
