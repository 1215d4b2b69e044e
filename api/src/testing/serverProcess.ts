// The real server program (src/index.ts, as `npm start` runs it but from source) in a child process, for the
// tests that need what only a process shows: its exit code, its log lines on stdout, a start that fails.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const API_DIR = fileURLToPath(new URL('../..', import.meta.url));
const START_WITHIN_MS = 30_000;

export interface ServerProcess {
  /** Where it listens, once it does; undefined for a start that failed. */
  url: string | undefined;
  /** Everything it wrote so far, stdout and stderr together. */
  readonly output: string;
  /** Its JSON log lines so far (NODE_ENV=production logs one per line). */
  logLines(): Array<{ level: number; msg: string }>;
  /** Its exit code, once it has exited and its output is read. */
  exited: Promise<number | null>;
  /** Sends SIGTERM (npm start's stop) and answers the exit code. */
  stop(): Promise<number | null>;
  kill(): void;
}

/**
 * Starts the server with `env` (on top of a production-like base: JSON logs, a fixed secret, any port) and
 * answers once it listens or has exited. `uid`/`gid` run it as another user (a test run as root, whom file
 * permissions do not stop).
 */
export async function startServerProcess(
  env: Record<string, string>,
  user: { uid?: number; gid?: number } = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--conditions=@dond/source', '--import', 'tsx', 'src/index.ts'], {
    cwd: API_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      SESSION_SECRET: 'server-process-test-secret-0123456789abcdef',
      HOST: '127.0.0.1',
      PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...user,
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const url = await new Promise<string | undefined>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start within 30 s:\n${output}`)), START_WITHIN_MS);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /is running at http:\/\/localhost:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${match[1]}`);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then(() => {
      clearTimeout(timer);
      resolve(undefined);
    });
  });
  return {
    url,
    get output() {
      return output;
    },
    logLines: () =>
      output
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { level: number; msg: string }),
    exited,
    stop() {
      child.kill('SIGTERM');
      return exited;
    },
    kill: () => child.kill('SIGKILL'),
  };
}
