// The two form ids. The built-in inbox accepts exactly these; for the hosted service set
// VITE_NEWSLETTER_FORM_ID and VITE_CONTACT_FORM_ID at build to the service's ids.
export const defaultFormIds = { newsletter: "newsletter", contact: "contact" } as const;
export type FormKind = keyof typeof defaultFormIds;

/** Formspree's spam trap, a field hidden from people (ui/honeypot.tsx): only a bot fills it in. */
export const honeypotField = "_gotcha";
