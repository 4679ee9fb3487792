// Run first by `npm start`, `npm run dev` and the scripts that open the database.
// Plain CommonJS that old Node versions can parse, so an old Node gets a clear
// message instead of ERR_UNKNOWN_FILE_EXTENSION ".ts" (the project runs its
// TypeScript with Node's own type stripping: Node 22.22 or later).
const required = [22, 22];
const [major, minor] = process.versions.node.split(".").map(Number);
if (major < required[0] || (major === required[0] && minor < required[1])) {
  process.stderr.write(
    `Studio needs Node.js ${required.join(".")} or later; this is Node.js ${process.versions.node}.\n` +
      "Install Node.js 24 (LTS), for example with `nvm install 24` or from https://nodejs.org, then run the command again.\n",
  );
  process.exit(1);
}
