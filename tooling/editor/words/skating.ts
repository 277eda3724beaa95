// The editor's words for "Sessions, prices and parties": content/sessions.yml and
// content/parties.yml (their schemas: rink/content/files/).
import { day, dayLabels, id, price, time, type Words } from "./shared.ts";

export const sessions: Words = {
  label: "Public skating sessions and prices",
  fields: {
    sessions: {
      label: "Weekly sessions",
      label_singular: "session",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a dollar sign before the editor's {{placeholder}}
      summary: "{{fields.name}} – ${{fields.price}}",
      hint: "Each public session of the week, in the order the home page lists them. Drag to reorder.",
      fields: {
        id,
        name: { label: "Name" },
        day,
        time,
        price,
        priceUnit: { label: "Price per", hint: "Like: per skater" },
        perks: {
          label: "Included",
          label_singular: "perk",
          hint: "Like: Includes rental",
          field: { name: "perk", label: "Perk" },
        },
        familyDeal: {
          label: "Family deal",
          hint: "Only for sessions with a family price",
          fields: {
            size: { label: "Family size", hint: "How many people the deal covers" },
            price: { label: "Family price", hint: "Dollars for the whole family, like 40" },
            includes: { label: "Includes", hint: "Like: pizza and a pitcher of pop" },
          },
        },
        description: { label: "Description", widget: "text" },
        sensoryFriendly: {
          label: "Sensory-friendly",
          hint: "Only for a quieter session: say what is different, like: The first hour has the lights up and the music down. Home and Parties then call it out.",
        },
      },
    },
  },
};

export const parties: Words = {
  label: "Birthday parties",
  fields: {
    partyPackages: {
      label: "Party packages",
      label_singular: "package",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a dollar sign before the editor's {{placeholder}}
      summary: "{{fields.name}} – ${{fields.cashPrice}} cash",
      fields: {
        id,
        name: { label: "Name" },
        skaters: {
          label: "Skaters included",
          hint: "A number, like 10, or the word unlimited",
          pattern: "A number like 10, or unlimited",
        },
        cashPrice: { label: "Price paid in cash", hint: "Dollars" },
        cardPrice: { label: "Price paid by card", hint: "Dollars" },
        durationMinutes: { label: "Length in minutes", hint: "Like 150 for two and a half hours" },
        extras: {
          label: "Extras",
          label_singular: "extra",
          field: { name: "extra", label: "Extra" },
        },
      },
    },
    partyIncludes: {
      label: "Every party includes",
      label_singular: "item",
      field: { name: "item", label: "Item" },
    },
    partyOwnFood: { label: "About bringing food", widget: "text" },
    partyAvailability: {
      label: "When parties can be booked",
      label_singular: "group of packages",
      summary: "{{fields.packages}}",
      fields: {
        packages: { label: "Packages", hint: "How the site names them, like Packages #1–#3" },
        packageIds: {
          label: "Package short names",
          label_singular: "package short name",
          field: {
            name: "id",
            label: "Package short name",
            hint: "The short name of a package above, like package-1",
          },
        },
        slots: {
          label: "Times",
          label_singular: "time",
          summary: "{{fields.label}}",
          fields: {
            days: { label: "Days", options: dayLabels },
            label: { label: "Words for the time", hint: "Like: nights" },
            time,
          },
        },
      },
    },
    partyQuestions: {
      label: "Party questions and answers",
      label_singular: "question",
      summary: "{{fields.question}}",
      hint: "Shown under the packages, in this order. Drag to reorder. Prices and phone numbers are shown by the page from their own fields, so leave them out of the answers.",
      fields: {
        question: {
          label: "Question",
          hint: "As a parent would ask it, like: When should we arrive?",
        },
        answer: {
          label: "Answer",
          widget: "text",
          hint: "`{rink}` and `{phone}` (the Main number) are filled in by the site. A link: its words in square brackets followed by a page of the site in brackets, like `[send us a message](/contact)`",
        },
      },
    },
    groupVisits: {
      label: "Groups and field trips",
      hint: "Shown on the Parties page after the party questions. Leave it out to hide the section.",
      fields: {
        intro: {
          label: "Introduction",
          widget: "text",
          hint: "Who may come as a group and when. `{rink}` and `{phone}` are filled in by the site; a link is [words](/contact)",
        },
        forWhom: {
          label: "Who it is for",
          label_singular: "kind of group",
          field: { name: "group", label: "Kind of group", hint: "Like: Schools and field trips" },
        },
        rules: {
          label: "Group rules",
          label_singular: "rule",
          hint: "Chaperones, bad weather, the head count and payment",
          field: { name: "rule", label: "Rule", widget: "text" },
        },
        booking: {
          label: "How to book",
          widget: "text",
          hint: "Booking is by phone: say what to have ready when calling. The page shows the number and a Call button below it.",
        },
        phone: {
          label: "Phone line for groups",
          hint: "Which of the rink's phone lines the Call button dials (the numbers are under: The rink, address, phones and weekly hours)",
        },
      },
    },
  },
};
