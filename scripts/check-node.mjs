// Stops at once, saying what to do, when the Node.js running us is older than the project needs.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(
    `Rupee Arcade needs Node.js 22.12 or newer; this is Node.js ${process.versions.node}.\n` +
      `Use ./run (e.g. ./run start, ./run test), which brings Node.js 24 when the system's is older, or install Node.js 24 (.nvmrc).`,
  );
  process.exit(1);
}
