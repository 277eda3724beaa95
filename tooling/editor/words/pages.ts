// The editor's words for "Pages and words": content/pages.yml, about.yml, policies.yml,
// privacy.yml and text-alerts.yml (their schemas: rink/content/files/).
import { id, pageMeta, richHint, type Words } from "./shared.ts";

const heading: Words = { label: "Heading" };
const lead: Words = { label: "Introduction", widget: "text" };
const closing: Words = { label: "Closing line" };

export const pages: Words = {
  label: "Page titles and texts",
  fields: {
    home: {
      label: "Home page",
      fields: {
        ...pageMeta,
        eyebrow: { label: "Small line above the name" },
        sessionsIntro: { label: "Sessions introduction", widget: "text" },
        newsletterTitle: { label: "Newsletter heading" },
        newsletterIntro: { label: "Newsletter introduction", widget: "text" },
      },
    },
    about: {
      label: "About page",
      fields: { ...pageMeta, missionCaption: { label: "Under the mission" }, closing },
    },
    parties: { label: "Parties page", fields: { ...pageMeta, heading, lead, closing } },
    policies: { label: "Policies page", fields: { ...pageMeta, heading } },
    privacy: { label: "Privacy notice page", fields: { ...pageMeta, heading } },
    textAlerts: { label: "Text alert terms page", fields: { ...pageMeta, heading } },
    contact: {
      label: "Contact page",
      fields: {
        ...pageMeta,
        heading,
        lead,
        messageIntro: { label: "Above the message form", widget: "text" },
      },
    },
    contactThanks: { label: "Message sent page", fields: pageMeta },
    newsletterThanks: { label: "Signed up page", fields: pageMeta },
    notFound: {
      label: "Page not found",
      fields: {
        ...pageMeta,
        lead: { label: "Text", widget: "text", hint: "The phone number follows these words" },
      },
    },
  },
};

export const about: Words = {
  label: "About page texts",
  fields: {
    services: {
      label: "What we offer (four)",
      label_singular: "offer",
      summary: "{{fields.name}}",
      fields: {
        name: { label: "Name" },
        summary: { label: "In one line" },
        detail: { label: "More", widget: "text" },
      },
    },
    story: {
      label: "Our story",
      label_singular: "paragraph",
      field: { name: "paragraph", label: "Paragraph", widget: "text" },
    },
    mission: { label: "Our mission", widget: "text" },
    values: {
      label: "Our values (four)",
      label_singular: "value",
      summary: "{{fields.name}}",
      fields: { name: { label: "Name" }, detail: { label: "Detail", widget: "text" } },
    },
  },
};

export const policies: Words = {
  label: "Policies page texts",
  fields: {
    intro: lead,
    sections: {
      label: "Rules",
      label_singular: "group of rules",
      summary: "{{fields.title}}",
      fields: {
        id,
        title: heading,
        rules: {
          label: "Rules",
          label_singular: "rule",
          field: { name: "rule", label: "Rule", widget: "text" },
        },
      },
    },
    helpContacts: {
      label: "Who can help",
      label_singular: "helper",
      summary: "{{fields.role}}",
      fields: {
        role: { label: "Who" },
        detail: { label: "Where to find them", widget: "text" },
      },
    },
    privacyNote: {
      label: "Your privacy (a line linking the privacy notice)",
      widget: "text",
      hint: "Keep the link: its words in square brackets followed by `(/privacy)`, like `[How we handle your details](/privacy)`",
    },
    commitment: { label: "Closing commitment", widget: "text" },
  },
};

/** The introduction of the privacy notice and of the text alerts' terms. */
const richIntro: Words = { ...lead, hint: richHint };

export const privacy: Words = {
  label: "Privacy notice",
  fields: {
    intro: richIntro,
    topics: {
      label: "Topics",
      label_singular: "privacy topic",
      summary: "{{fields.topic}}",
      fields: {
        topic: { label: "Topic" },
        detail: { label: "What we do", widget: "text", hint: richHint },
      },
    },
  },
};

export const textAlerts: Words = {
  label: "Text alert terms",
  fields: {
    intro: richIntro,
    terms: {
      label: "Terms",
      label_singular: "term",
      hint: "Carriers read these before they let the site send texts. Between them they must keep: Reply STOP, Reply HELP, `{texts-a-month}`, Msg & data rates may apply, reply YES to join, carriers are not liable for delayed or undelivered messages, and a link to `(/privacy)`.",
      summary: "{{fields.heading}}",
      fields: {
        heading,
        text: { label: "Text", widget: "text", hint: richHint },
      },
    },
  },
};
