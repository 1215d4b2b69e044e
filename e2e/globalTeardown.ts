import { rmSync } from 'node:fs';
import { E2E } from './env';

/** The run's database and outbox go when the run ends. */
export default function globalTeardown() {
  rmSync(E2E.dir, { recursive: true, force: true });
}
