// `npm start`: build whatever is missing, then run the API, which also serves both front ends.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const builds = ['shared/dist', 'api/dist', 'game-client/dist', 'admin-console/dist'];

if (builds.some((dir) => !existsSync(new URL(`../${dir}`, import.meta.url)))) {
  console.log('Some workspaces are not built yet: running npm run build.');
  // Under `npm start`, run that same npm through node: Windows' npm.cmd cannot be spawned without a shell.
  const npmCli = process.env.npm_execpath;
  const [command, args] = npmCli ? [process.execPath, [npmCli, 'run', 'build']] : ['npm', ['run', 'build']];
  const build = spawnSync(command, args, { cwd: root, stdio: 'inherit', shell: false });
  if (build.error) throw build.error;
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['api/dist/index.js'], { cwd: root, stdio: 'inherit' });

const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
// Pass Ctrl+C and stop requests on to the server, and let it decide when to exit.
for (const signal of signals) process.on(signal, () => server.kill(signal));

server.on('exit', (code, signal) => {
  if (!signal) process.exit(code ?? 1);
  // Die of the same signal as the server, so whoever started us sees why it stopped.
  for (const name of signals) process.removeAllListeners(name);
  process.kill(process.pid, signal);
});
