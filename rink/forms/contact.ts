// The contact message form (spec sections 3, 5 and 8): fields, labels and limits.

export const contactSubjects = [
  { value: "general", label: "General Question" },
  { value: "birthday-party", label: "Birthday Party Booking" },
  { value: "group-event", label: "Group Event" },
  { value: "hours-info", label: "Hours & Pricing Info" },
  { value: "feedback", label: "Feedback" },
  { value: "other", label: "Other" },
] as const;

export type ContactSubject = (typeof contactSubjects)[number]["value"];

export const subjectPlaceholder = "Select a topic";

/** Field name → how it is labelled, whether it is required and its length limit. */
export const contactFields = {
  name: { label: "Name", required: true, maxLength: 100, type: "text", autoComplete: "name" },
  email: { label: "Email", required: true, maxLength: 254, type: "email", autoComplete: "email" },
  phone: { label: "Phone", required: false, maxLength: 20, type: "tel", autoComplete: "tel" },
  subject: { label: "Subject", required: true, maxLength: 40, type: "select", autoComplete: "off" },
  message: {
    label: "Message",
    required: true,
    maxLength: 5000,
    type: "textarea",
    autoComplete: "off",
  },
} as const;

export type ContactField = keyof typeof contactFields;
export const contactFieldNames = Object.keys(contactFields) as ContactField[];

export const contactMessages = {
  sending: "Sending...",
  submit: "Send Message",
  success: "Your message has been sent successfully. We'll get back to you soon!",
} as const;
