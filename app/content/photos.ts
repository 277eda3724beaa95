// The owner's photos (content/photos.yml), processed at build (tooling/vite/photos-plugin.ts):
// hero (Home, or null), gallery (About) and parties (Parties), each in the owner's order; and
// eventPhotos, content/events.yml's events' photos by event id (/events, issue 34).
// One module each, so a page's JavaScript carries only the photos it shows.
export { default as eventPhotos } from "virtual:rink-photos/events";
export { default as gallery } from "virtual:rink-photos/gallery";
export { default as hero } from "virtual:rink-photos/hero";
export { default as parties } from "virtual:rink-photos/parties";
