// Where the two forms send their submissions, fixed at build time. Out of the box both go to
// the inbox built into our own server (relative URLs); set VITE_FORMS_ENDPOINT to
// https://formspree.io and the two form ids to use the hosted service instead.
import { defaultFormIds, type FormKind } from "../../rink/forms/form-ids.ts";

declare global {
  interface ImportMetaEnv {
    readonly VITE_FORMS_ENDPOINT?: string;
    readonly VITE_NEWSLETTER_FORM_ID?: string;
    readonly VITE_CONTACT_FORM_ID?: string;
  }
}

export interface FormSettings {
  /** Origin submissions go to, without a trailing slash; "" means this site's own origin. */
  endpoint: string;
  ids: Record<FormKind, string>;
}

/** The settings from Vite's build-time environment; blank values fall back to the defaults. */
export function readFormSettings(env: Partial<ImportMetaEnv>): FormSettings {
  const pick = (value: string | undefined, fallback: string) => value?.trim() || fallback;
  return {
    endpoint: pick(env.VITE_FORMS_ENDPOINT, "").replace(/\/+$/, ""),
    ids: {
      newsletter: pick(env.VITE_NEWSLETTER_FORM_ID, defaultFormIds.newsletter),
      contact: pick(env.VITE_CONTACT_FORM_ID, defaultFormIds.contact),
    },
  };
}

// Named one by one so Vite inlines just these values, not the whole environment object.
export const formSettings = readFormSettings({
  VITE_FORMS_ENDPOINT: import.meta.env.VITE_FORMS_ENDPOINT,
  VITE_NEWSLETTER_FORM_ID: import.meta.env.VITE_NEWSLETTER_FORM_ID,
  VITE_CONTACT_FORM_ID: import.meta.env.VITE_CONTACT_FORM_ID,
});

/** The URL a form posts to: `${endpoint}/f/${id}`, relative when the endpoint is our own. */
export function formAction(kind: FormKind, settings: FormSettings = formSettings): string {
  return `${settings.endpoint}/f/${encodeURIComponent(settings.ids[kind])}`;
}

/**
 * The endpoint as an absolute origin, resolved in the browser at submit time. Formspree's
 * client needs one: given "" it would post to formspree.io, and "/" would make "//f/<id>".
 */
export function absoluteEndpoint(endpoint: string, origin?: string): string {
  return endpoint || origin || window.location.origin;
}
