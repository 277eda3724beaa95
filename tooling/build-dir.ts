// Where a build goes: build/ (the site in build/client, the Worker in build/worker), or
// BUILD_DIR, which lets the end-to-end setup make a second build (forms on another origin).
export const buildDirectory = process.env.BUILD_DIR || "build";
