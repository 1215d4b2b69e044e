// A throwaway redis-server for the tests of pushes between API instances (Debian's redis-server package; .ci/run
// installs it): `redisServer` says whether one can be started here.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const redisServer = spawnSync('redis-server', ['--version']).status === 0;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** A redis-server on a free port of 127.0.0.1, with nothing saved, stopped by `stop`. */
export async function startRedis(): Promise<{ url: string; stop(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dond-redis-'));
  const port = await freePort();
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    { stdio: 'ignore' },
  );
  for (let i = 0; i < 100; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
