// `npm start`: build the site when the sources are newer than the build, then serve it.
import { buildIfStale } from "../tooling/build-inputs.ts";

buildIfStale(console.log);
await import("../server/node/index.ts");
