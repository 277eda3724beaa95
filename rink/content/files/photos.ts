import * as z from "zod";
import { photo } from "../fields.ts";

/** content/photos.yml (issue 12): the owner's photos and where they appear, in the order shown. */
export const photosFile = z.strictObject({
  /** Home: one photo at the top of the page (optional). */
  hero: photo.optional(),
  /** About: the gallery, in this order; the drawing shows when it is empty. */
  gallery: z.array(photo).default([]),
  /** Parties: the party room and packages, in this order. */
  parties: z.array(photo).default([]),
});
