// `npm start`: build the site when the sources are newer than the build, then serve it.
import { buildIfStale } from "./local-tools.ts";

buildIfStale(console.log);
await import("../server/index.ts");
