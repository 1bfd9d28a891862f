/** Limits of the Profile tab's fields (the web form and the server share them; no zod here, for the web bundle). */
export const PROFILE_LIMITS = { name: 100, email: 254, passwordMin: 8, passwordMax: 256 } as const;
