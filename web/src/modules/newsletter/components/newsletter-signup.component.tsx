/** Placeholder: the newsletter e-mail box with Subscribe Now (double opt-in) replaces it. */
export function NewsletterSignup(_props: { source: 'blog' | 'footer' }) {
  return null;
}
