// The editor's words for "Events": content/events.yml (its schema: rink/content/files/events.ts).
import { dayLabels, id, pageMeta, photo, price, time, type Words } from "./shared.ts";

export const events: Words = {
  label: "Events and the Events page",
  fields: {
    ...pageMeta,
    heading: { label: "Page heading" },
    lead: { label: "Introduction", widget: "text" },
    subscribe: {
      label: "Subscribing to the calendar",
      fields: {
        heading: { label: "Heading" },
        intro: { label: "Introduction", widget: "text" },
        steps: {
          label: "How to subscribe, app by app",
          label_singular: "calendar app",
          summary: "{{fields.app}}",
          fields: {
            app: { label: "Calendar app" },
            how: { label: "How", widget: "text" },
          },
        },
      },
    },
    events: {
      label: "Events",
      label_singular: "event",
      add_to_top: true,
      summary: "{{fields.title}} – {{fields.repeats}} {{fields.date}}{{fields.from}}",
      hint: "One entry per event. A one-off has its date; a repeating event has its day of the week, its week of the month when it is monthly, and the date it starts from. Past dates drop off the site by themselves.",
      fields: {
        id,
        title: { label: "Name" },
        description: { label: "Short description", widget: "text" },
        time,
        price,
        tags: { label: "Tags" },
        repeats: {
          label: "Repeats",
          options: {
            no: "No: one date",
            weekly: "Every week",
            monthly: "Every month, on one week's day",
          },
        },
        date: {
          label: "Date (a one-off)",
          hint: "The day of a one-off event. Leave it empty for a repeating one.",
        },
        weekday: {
          label: "Day of the week (repeating)",
          hint: "Needed when it repeats, like Tuesday for every second Tuesday.",
          options: dayLabels,
        },
        week: {
          label: "Which week of the month (monthly)",
          hint: "Like second, for the second Tuesday of every month",
        },
        from: {
          label: "Starts from (repeating)",
          hint: "Needed when it repeats: the first date it may fall on.",
        },
        until: {
          label: "Until (repeating)",
          hint: "The last date it may fall on. Leave it empty to keep it going.",
        },
        skip: {
          label: "Skipped dates (repeating)",
          label_singular: "skipped date",
          hint: "Dates the event does not happen, like a holiday.",
          field: { name: "date", label: "Date" },
        },
        photo: {
          label: "Photo (optional)",
          hint: "Shown on the event's cards on the Events page (not on Home). Leave it empty for none; with a photo, its alt text is required.",
          fields: photo("The mirror ball throwing spots of light across the dark rink."),
        },
      },
    },
  },
};
