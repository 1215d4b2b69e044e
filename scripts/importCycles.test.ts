// No import circle anywhere in the repository, type imports included (issue 39): a circle makes the order
// modules start in depend on who is imported first, and ties two files that should be changed apart.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SKIP_DIRS = new Set(['node_modules', 'dist', 'test-results', 'playwright-report', 'coverage', 'data']);
const CODE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
/** Where a workspace package's own name leads (its source, as the `@dond/source` condition resolves it). */
const PACKAGES: Record<string, string> = { '@dond/shared': 'shared/src/index.ts' };

/**
 * The circles allowed for now, each as its files in sorted order. Every one listed must still be there, so
 * the list only shrinks.
 */
const KNOWN: string[][] = [];

/** Every module a file names: imports, `import type`, `export ... from`, `import()` and `require()`. */
function specifiersOf(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
}

/** The file a specifier names, relative to the repository, or null for a package or a non-code asset. */
function resolveSpecifier(from: string, specifier: string, exists: (file: string) => boolean) {
  const bare = specifier.replace(/[?#].*$/, '');
  if (PACKAGES[bare]) return PACKAGES[bare];
  if (!bare.startsWith('.')) return null;
  const base = path.posix.join(path.posix.dirname(from), bare);
  // ESM sources name the built `.js` of a `.ts` file.
  const stem = base.replace(/\.(js|jsx|mjs|cjs)$/, '');
  const candidates = [
    base,
    ...['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'].map((ext) => stem + ext),
    ...['index.ts', 'index.tsx', 'index.js'].map((index) => path.posix.join(base, index)),
  ];
  const found = candidates.find((file) => CODE.test(file) && exists(file));
  if (found) return found;
  if (path.posix.extname(bare) !== '' && !CODE.test(bare)) return null; // a stylesheet, image, sound...
  throw new Error(`${from}: cannot resolve '${specifier}'`);
}

/** Each code file of the repository (relative, with forward slashes) and the repository files it imports. */
function repositoryGraph(root: string): Map<string, string[]> {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      if (entry.name.startsWith('.') || SKIP_DIRS.has(entry.name)) continue;
      const rel = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(rel);
      else if (CODE.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(rel);
    }
  };
  walk('');
  const known = new Set(files);
  const exists = (file: string) => known.has(file);
  return new Map(
    files.map((file) => {
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      const targets = specifiersOf(text)
        .map((s) => resolveSpecifier(file, s, exists))
        .filter((t): t is string => t !== null);
      return [file, [...new Set(targets)]];
    }),
  );
}

/**
 * Every circle of the graph: its strongly connected components of more than one file (or a file importing
 * itself), each as its files sorted, with one path round it to show where it closes.
 */
function findCycles(graph: Map<string, string[]>): Array<{ files: string[]; path: string[] }> {
  // Tarjan's algorithm, iterative so a deep import chain cannot overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; edge: number }> = [{ node: start, edge: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const top = work[work.length - 1]!;
      const edges = graph.get(top.node) ?? [];
      if (top.edge < edges.length) {
        const to = edges[top.edge++]!;
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, edge: 0 });
        } else if (onStack.has(to)) {
          low.set(top.node, Math.min(low.get(top.node)!, index.get(to)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(top.node)!));
      if (low.get(top.node) === index.get(top.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== top.node);
        const selfImport = (graph.get(top.node) ?? []).includes(top.node);
        if (component.length > 1 || selfImport) components.push(component.sort());
      }
    }
  }
  return components
    .map((files) => ({ files, path: pathRound(graph, new Set(files), files[0]!) }))
    .sort((a, b) => a.files[0]!.localeCompare(b.files[0]!));
}

/** The shortest way from `start` back to itself inside one component (breadth first). */
function pathRound(graph: Map<string, string[]>, inside: Set<string>, start: string): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const to of graph.get(node) ?? []) {
      if (!inside.has(to)) continue;
      if (to === start) {
        const way: string[] = [];
        for (let at = node; at !== start; at = cameFrom.get(at)!) way.unshift(at);
        return [start, ...way, start];
      }
      if (!cameFrom.has(to)) {
        cameFrom.set(to, node);
        queue.push(to);
      }
    }
  }
  return [start];
}

describe('import circles', () => {
  it('finds a circle made only of type imports, re-exports and import()', () => {
    const files: Record<string, string> = {
      'a/layout.ts': "import type { Rect } from './toast';\nexport const x = 1;",
      'a/toast.ts': "export { y } from './overlays/placement.js';",
      'a/overlays/placement.ts': "export const load = () => import('../layout');",
      'a/free.ts': "import { x } from './layout';\nimport '@dond/shared';\nimport './look.css';",
    };
    const graph = new Map(
      Object.entries(files).map(([file, text]) => [
        file,
        specifiersOf(text)
          .map((s) => resolveSpecifier(file, s, (f) => f in files || f === PACKAGES['@dond/shared']))
          .filter((t): t is string => t !== null),
      ]),
    );
    expect(findCycles(graph)).toEqual([
      {
        files: ['a/layout.ts', 'a/overlays/placement.ts', 'a/toast.ts'],
        path: ['a/layout.ts', 'a/toast.ts', 'a/overlays/placement.ts', 'a/layout.ts'],
      },
    ]);
  });

  it('finds a file importing itself, and none in a tree', () => {
    expect(findCycles(new Map([['a.ts', ['a.ts']]]))).toEqual([{ files: ['a.ts'], path: ['a.ts', 'a.ts'] }]);
    expect(
      findCycles(
        new Map([
          ['a.ts', ['b.ts', 'c.ts']],
          ['b.ts', ['c.ts']],
          ['c.ts', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('the repository has none but the known ones', () => {
    const graph = repositoryGraph(ROOT);
    // The walk sees every workspace, and the edges a regex would miss.
    for (const dir of ['api/', 'bench/', 'shared/', 'game-client/', 'admin-console/', 'e2e/', 'scripts/']) {
      expect(
        [...graph.keys()].some((file) => file.startsWith(dir)),
        dir,
      ).toBe(true);
    }
    expect(graph.get('game-client/src/board/preload.ts')).toContain('game-client/src/board/PixiBoard.tsx');
    expect(graph.get('game-client/src/board/overlays/OfferOverlay.tsx')).toContain('shared/src/index.ts');

    const cycles = findCycles(graph);
    const key = (files: string[]) => files.join(' <-> ');
    const knownKeys = new Set(KNOWN.map(key));
    const found = cycles
      .filter((c) => !knownKeys.has(key(c.files)))
      .map(
        (c) => c.path.join(' -> ') + (c.files.length > c.path.length - 1 ? ` (all of ${key(c.files)})` : ''),
      );
    expect(found, 'import circles (move what both sides need to a module both import)').toEqual([]);
    const gone = KNOWN.map(key).filter((k) => !cycles.some((c) => key(c.files) === k));
    expect(gone, 'circles no longer there: remove them from KNOWN').toEqual([]);
  });
});
