// First step of `npm start`. Plain JavaScript on purpose: it must run on the old
// Node a newcomer may have, where loading our TypeScript would end in an obscure
// ERR_UNKNOWN_FILE_EXTENSION instead of saying what to do.
const REQUIRED_MAJOR = 24;

const major = Number(process.versions.node.split('.')[0]);
if (major < REQUIRED_MAJOR) {
  console.error(
    `TALK WITH needs Node.js ${REQUIRED_MAJOR} or newer (you have v${process.versions.node}). ` +
      `Run: export PATH="$(bash scripts/ensure-node24.sh):$PATH" (or: nvm install ${REQUIRED_MAJOR}), then npm start again.`,
  );
  process.exit(1);
}
