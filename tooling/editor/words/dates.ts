// The editor's words for "Hours, closures and news": content/special-dates.yml,
// content/announcement.yml and content/rink.yml (their schemas: rink/content/files/).
import { day, end, price, start, time, type Words } from "./shared.ts";

export const specialDates: Words = {
  label: "Holiday hours and closures",
  fields: {
    dates: {
      label: "Special dates",
      label_singular: "special date",
      add_to_top: true,
      summary: "{{fields.date}} – {{fields.note}}",
      hint: "One entry per date. A date either closes the rink all day, or replaces that day's posted hours. Past dates drop off the site by themselves.",
      fields: {
        date: { label: "Date" },
        closed: {
          label: "Closed all day",
          hint: "Turn on to close the rink that day. Leave the hours and events below empty then.",
        },
        hours: {
          label: "Open hours that day",
          label_singular: "time range",
          hint: "Only when the rink is open with other hours than usual. 24-hour times, like 12:00 to 17:00.",
          summary: "{{fields.start}} to {{fields.end}}",
          fields: { start, end },
        },
        note: {
          label: "Note shown on the site",
          hint: "A short sentence visitors see, like: Closed today, snow",
        },
        events: {
          label: "Extra sessions that day",
          label_singular: "extra session",
          hint: "A theme night or a holiday matinee, listed as an upcoming event.",
          summary: "{{fields.name}}",
          fields: {
            name: { label: "Name" },
            time,
            price,
            description: { label: "Description", widget: "text" },
          },
        },
      },
    },
  },
};

export const announcement: Words = {
  label: "Announcement at the top of every page",
  fields: {
    text: {
      label: "Message",
      widget: "text",
      hint: "Shown at the top of every page between the start and the end below. Empty it to show nothing.",
    },
    link: {
      label: "Link (optional)",
      hint: "A page of the site, like /parties or /#hours, or a full https:// address",
      pattern: "Write a page of the site like /parties, or an address starting with https://",
    },
    linkLabel: { label: "Words of the link", hint: "Needed with a link, like See the hours" },
    from: { label: "Show from", hint: "The rink's local time. Empty shows it now." },
    until: {
      label: "Show until",
      hint: "The rink's local time. The message disappears by itself then. Always set an end.",
    },
  },
};

export const rink: Words = {
  label: "The rink, address, phones and weekly hours",
  fields: {
    name: { label: "Rink name" },
    tagline: { label: "Tagline", hint: "One sentence under the name on the home page" },
    description: {
      label: "Short description",
      widget: "text",
      hint: "Used by search engines and when the site is shared",
    },
    address: {
      label: "Address",
      fields: {
        street: { label: "Street" },
        city: { label: "City" },
        region: { label: "State", hint: "Two letters, like IN" },
        postalCode: { label: "ZIP code", pattern: "Five digits, like 46999" },
        mapsQuery: {
          label: "What to search on the map",
          hint: "Name and full address, like Sugar Creek Skateland, 1200 Rollerway Drive, Sugar Creek, IN 46999",
        },
      },
    },
    phones: {
      label: "Phone numbers",
      label_singular: "phone number",
      summary: "{{fields.label}}: {{fields.number}}",
      fields: {
        label: { label: "Which line" },
        number: {
          label: "Number",
          hint: "+1 and the ten digits, no spaces, like +12605550142",
          pattern: "Write +1 and the ten digits, like +12605550142",
        },
      },
    },
    rating: {
      label: "Rating",
      fields: {
        value: { label: "Stars", step: 0.1 },
        source: { label: "Where the rating comes from", hint: "Like Google" },
      },
    },
    hours: {
      label: "Posted weekly hours",
      label_singular: "day",
      summary: "{{fields.day}}",
      hint: "The usual week. For a holiday or a closure use Holiday hours and closures instead.",
      fields: {
        day,
        ranges: {
          label: "Open",
          label_singular: "time range",
          hint: "No time range means closed that day.",
          summary: "{{fields.start}} to {{fields.end}}",
          fields: { start, end },
        },
      },
    },
  },
};
