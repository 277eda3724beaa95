// `npm ci` / `npm install` run this first. By then npm has put the project's Node 24 first on
// PATH, so the Node that matters is the one npm itself runs on, named in its user agent
// ("npm/11.6.0 node/v20.19.0 linux x64 …"). On a Node older than 24 this prints the one line
// a newcomer needs, where npm would print a warning per package (.npmrc keeps npm to errors).
const agent = process.env.npm_config_user_agent ?? "";
const version = /\bnode\/v?(\d+)[.\d]*/.exec(agent);
if (version && Number(version[1]) < 24) {
  console.log(
    `Node ${version[0].slice(5)} here; the project brings its own Node 24 (the "node" package), and npm run / npm start use it.`,
  );
}
