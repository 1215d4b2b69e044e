// node --import tsx bench/traceSummary.ts <trace.json> [top]: where the time of a Chromium trace goes, per
// process and thread: the events that take the most time of their own (children's time taken out), so a
// frame's cost can be split between script, style and layout, painting, compositing and the GPU process.
import fs from 'node:fs';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
}

const [file, topArg] = process.argv.slice(2);
if (!file) throw new Error('usage: traceSummary.ts <trace.json> [top]');
const top = Number(topArg ?? 12);
const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
const events = Array.isArray(raw) ? raw : raw.traceEvents;

const processNames = new Map<number, string>();
const threadNames = new Map<string, string>();
for (const e of events) {
  if (e.ph !== 'M') continue;
  if (e.name === 'process_name') processNames.set(e.pid, e.args?.name ?? '');
  if (e.name === 'thread_name') threadNames.set(`${e.pid}:${e.tid}`, e.args?.name ?? '');
}

const complete = events.filter((e) => e.ph === 'X' && e.dur !== undefined);
const first = complete.reduce((min, e) => Math.min(min, e.ts), Infinity);
const last = complete.reduce((max, e) => Math.max(max, e.ts + e.dur!), -Infinity);
const seconds = (last - first) / 1e6;

// Self time: an event's duration minus that of the events nested directly inside it on the same thread.
const byThread = new Map<string, TraceEvent[]>();
for (const e of complete) {
  const key = `${e.pid}:${e.tid}`;
  byThread.set(key, [...(byThread.get(key) ?? []), e]);
}
const rows: Array<{ thread: string; total: number; names: Map<string, number> }> = [];
for (const [key, list] of byThread) {
  list.sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const self = new Map<string, number>();
  const stack: Array<{ e: TraceEvent; childTime: number }> = [];
  const close = (until: number) => {
    while (stack.length && stack.at(-1)!.e.ts + stack.at(-1)!.e.dur! <= until) {
      const { e, childTime } = stack.pop()!;
      self.set(e.name, (self.get(e.name) ?? 0) + e.dur! - childTime);
      if (stack.length) stack.at(-1)!.childTime += e.dur!;
    }
  };
  let busy = 0;
  for (const e of list) {
    close(e.ts);
    if (!stack.length) busy += e.dur!;
    stack.push({ e, childTime: 0 });
  }
  close(Infinity);
  const [pid] = key.split(':').map(Number);
  rows.push({
    thread: `${processNames.get(pid!) ?? pid} / ${threadNames.get(key) ?? key}`,
    total: busy,
    names: self,
  });
}
rows.sort((a, b) => b.total - a.total);
console.log(`${fmtMs(last - first)} traced`);
for (const row of rows.slice(0, 8)) {
  console.log(
    `\n${row.thread}: busy ${fmtMs(row.total)} (${((row.total / 1e6 / seconds) * 100).toFixed(0)}% of the time)`,
  );
  for (const [name, us] of [...row.names].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`  ${fmtMs(us).padStart(10)}  ${name}`);
}

function fmtMs(us: number): string {
  return `${(us / 1000).toFixed(1)} ms`;
}
