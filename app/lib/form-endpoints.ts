// Where the two forms send their submissions, fixed at build time. Out of the box both go to
// the inbox built into our own server (relative URLs); set VITE_FORMS_ENDPOINT to
// https://formspree.io and the two form ids to use the hosted service instead.
import { defaultFormIds, type FormKind } from "../../forms/form-ids";

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

export const formSettings = readFormSettings(import.meta.env);

/** The URL a form posts to: `${endpoint}/f/${id}`, relative when the endpoint is our own. */
export function formAction(kind: FormKind, settings: FormSettings = formSettings): string {
  return `${settings.endpoint}/f/${encodeURIComponent(settings.ids[kind])}`;
}

/**
 * The endpoint as an absolute origin. @formspree/core needs one: given "" it would post to
 * formspree.io, and a bare "/" would make the protocol-relative "//f/<id>".
 */
export function absoluteEndpoint(settings: FormSettings = formSettings, origin?: string): string {
  return settings.endpoint || origin || window.location.origin;
}
