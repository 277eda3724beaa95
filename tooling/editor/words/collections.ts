// The editor's collections: how the content files are grouped on its home screen, each group's
// label and description, and the words of each file (by its key in `contentFiles`,
// rink/content/schema.ts), in the order the editor lists them.
import { announcement, rink, specialDates } from "./dates.ts";
import { events } from "./events.ts";
import { about, pages, policies, privacy, textAlerts } from "./pages.ts";
import { photos } from "./photos.ts";
import type { Words } from "./shared.ts";
import { parties, sessions } from "./skating.ts";

export interface Collection {
  name: string;
  label: string;
  description?: string;
  files: Record<string, Words>;
}

export const collections: Collection[] = [
  {
    name: "dates",
    label: "Hours, closures and news",
    description:
      "Posted weekly hours, holiday hours and closures, and the message at the top of every page.",
    files: { specialDates, announcement, rink },
  },
  { name: "skating", label: "Sessions, prices and parties", files: { sessions, parties } },
  {
    name: "events",
    label: "Events",
    description:
      "Theme nights, homeschool and Christian skates, fundraisers, one-off or repeating, on the Events page and under Coming Soon on Home.",
    files: { events },
  },
  {
    name: "words",
    label: "Pages and words",
    files: { pages, about, policies, privacy, textAlerts },
  },
  {
    name: "photos",
    label: "Photos",
    description: "The rink's photos on the Home, About and Parties pages. Each needs alt text.",
    files: { photos },
  },
];
