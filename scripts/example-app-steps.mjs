/**
 * The commands that put examples/react-app outside the repository and install the kit into it
 * from its packed tarballs, then build and test it: the block "リポジトリの外で使う" of
 * examples/react-app/README.md gives them word for word (test/example-app-readme.test.ts checks
 * it), and scripts/example-app.mjs runs them, in `sh`, with KRS_KIT (this repository) and APP (a
 * new folder outside it) set.
 */
export const outsideCommands = [
  'node "$KRS_KIT/scripts/pack-packages.mjs"',
  'cp -R "$KRS_KIT/examples/react-app" "$APP"',
  'cd "$APP"',
  'rm -rf node_modules dist .krs-packages package-lock.json test-results playwright-report',
  'mkdir .krs-packages',
  'cp "$KRS_KIT"/.tmp/packages/krs-kit-sdk-*.tgz .krs-packages/sdk.tgz',
  'cp "$KRS_KIT"/.tmp/packages/krs-kit-mock-server-*.tgz .krs-packages/mock-server.tgz',
  'npm install',
  'npm run build',
  'npm test',
  'npm run test:e2e',
]

/** The browser tests: the last command, left out with `--no-e2e`. */
export const e2eCommand = 'npm run test:e2e'
