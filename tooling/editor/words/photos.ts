// The editor's words for "Photos": content/photos.yml (its schema: rink/content/files/photos.ts).
import { photo, type Words } from "./shared.ts";

const aPhoto = {
  ...photo("Skaters circling the rink floor under purple lights."),
  caption: { label: "Caption (optional)" },
};

export const photos: Words = {
  label: "Photos of the rink",
  fields: {
    hero: {
      label: "Home page photo (optional)",
      hint: "One photo at the top of the home page. Leave it empty for none.",
      fields: aPhoto,
    },
    gallery: {
      label: "About page gallery (in this order)",
      label_singular: "photo",
      summary: "{{fields.alt}}",
      hint: "Visitors tap a photo to see it large. With no photo, the page shows its drawing.",
      fields: aPhoto,
    },
    parties: {
      label: "Parties page photos (in this order)",
      label_singular: "photo",
      summary: "{{fields.alt}}",
      hint: "The party room and the packages.",
      fields: aPhoto,
    },
  },
};
