// `npm ci` / `npm install` run this first, with the machine's own Node (plain JavaScript, so
// an old Node can run it). On a Node older than 24 it prints the one line a newcomer needs,
// where npm would print a warning per package (.npmrc keeps npm's warnings for real trouble).
const major = Number(process.versions.node.split(".")[0]);
if (major < 24) {
  console.log(
    `Node ${process.version} here; the project brings its own Node 24 (the "node" package), and npm run / npm start use it.`,
  );
}
