// node --conditions=@dond/source --import tsx bench/liveService.ts: the live games service on SQLite without HTTP,
// 400 whole games one after the other (the bench's play plan): the median time of a start, of an action, of a
// game's last action (which records the game), and the CPU a whole game costs. Compare commits with git stash.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { nextPlannedAction } from '@dond/shared';
import { createDb } from '../api/src/db/knex.js';
import { migrateLatest } from '../api/src/db/migrate.js';
import { liveGamesService } from '../api/src/modules/liveGames/liveGames.service.js';
import { benchPlayPlan, createPlayers } from './seed.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'micro-'));
const db = createDb(`sqlite:${path.join(dir, 'm.sqlite')}`);
await migrateLatest(db);
const [player] = await createPlayers(db, 1, Date.now());
const service = liveGamesService(db, () => Date.now());
const times = { start: [] as number[], act: [] as number[], last: [] as number[] };
const cpu0 = process.cpuUsage();
for (let n = 0; n < 400; n++) {
  let t = performance.now();
  let view = await service.start(player!, { clientSeed: `m-${n}` });
  times.start.push(performance.now() - t);
  const plan = benchPlayPlan(n);
  for (let action = nextPlannedAction(view, plan); action; action = nextPlannedAction(view, plan)) {
    t = performance.now();
    view = await service.act(player!, view.id, { seq: view.seq, ...action });
    (view.result ? times.last : times.act).push(performance.now() - t);
  }
}
const cpu = process.cpuUsage(cpu0);
const med = (a: number[]) => a.sort((x, y) => x - y)[Math.floor(a.length / 2)]!.toFixed(3);
console.log(
  `start ${med(times.start)} ms, action ${med(times.act)} ms, last ${med(times.last)} ms, cpu ${((cpu.user + cpu.system) / 1000 / 400).toFixed(2)} ms a game`,
);
await db.destroy();
fs.rmSync(dir, { recursive: true, force: true });
