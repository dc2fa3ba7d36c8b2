// First step of `npm start` and `npm test`. Plain JavaScript on purpose: it must
// run on whatever Node runs it, where loading our TypeScript would end in an
// obscure ERR_UNKNOWN_FILE_EXTENSION instead of saying what to do. npm scripts
// run the Node 24 that `npm install` put in node_modules/.bin (the `node`
// dev dependency), so this fails only when that install is missing or broken.
const REQUIRED_MAJOR = 24;

const major = Number(process.versions.node.split('.')[0]);
if (major < REQUIRED_MAJOR) {
  console.error(
    `TALK WITH needs Node.js ${REQUIRED_MAJOR} or newer (you have v${process.versions.node}), which \`npm install\` brings ` +
      `into node_modules/.bin: run npm install (or: nvm install ${REQUIRED_MAJOR}), then run the npm command again.`,
  );
  process.exit(1);
}
