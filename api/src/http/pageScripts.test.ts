import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { inlineScriptHashes, pageScriptHashes, scriptHash } from './pageScripts.js';

describe("a page's inline scripts for its CSP", () => {
  it("hashes a script as CSP Level 2 does (the specification's own example)", () => {
    expect(scriptHash("alert('Hello, world.');")).toBe(
      "'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='",
    );
  });

  it('hashes the inline scripts in order, exactly as written, and not those with a src', () => {
    const html =
      '<head><script>{const a=1}</script><script type="module" crossorigin src="/assets/index.js"></script>' +
      '<SCRIPT type="text/javascript">\n  café();\n</SCRIPT ></head>';
    expect(inlineScriptHashes(html)).toEqual([scriptHash('{const a=1}'), scriptHash('\n  café();\n')]);
    expect(inlineScriptHashes('<script src="/a.js"></script><title>x</title>')).toEqual([]);
  });

  let dir: string | undefined;
  afterEach(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("reads a page's file again when it changes, and answers none for a file that is not there", async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dond-page-'));
    const file = path.join(dir, 'index.html');
    const hashes = pageScriptHashes(file);
    expect(await hashes()).toEqual([]);
    fs.writeFileSync(file, '<script>one()</script>');
    expect(await hashes()).toEqual([scriptHash('one()')]);
    fs.writeFileSync(file, '<script>two(2)</script>');
    expect(await hashes()).toEqual([scriptHash('two(2)')]);
  });
});
