// `npm run migrate`: build the api (and shared) if they are not built yet, then bring the configured
// database to the latest schema. Runs from the repository root, like `npm start`, so a relative
// DATABASE_URL such as the default sqlite:data/dond.sqlite names the same file for both.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const tsc = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url));

function run(args) {
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (result.error) throw result.error;
  if (result.status !== 0) process.exit(result.status ?? 1);
}

for (const [built, project] of [
  ['shared/dist/index.js', 'shared/tsconfig.build.json'],
  ['api/dist/db/migrateCli.js', 'api/tsconfig.build.json'],
]) {
  if (!existsSync(new URL(`../${built}`, import.meta.url))) {
    console.log(`Building ${project.split('/')[0]} first.`);
    run([tsc, '-p', project]);
  }
}
run(['api/dist/db/migrateCli.js']);
