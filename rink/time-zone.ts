/** The rink's clock: every "HH:MM" and date in the content is in this zone. Its own module, so
 * the server's inbox pages (Node and the Worker) can read it without the content loader. */
export const timeZone = "America/Indiana/Indianapolis";
