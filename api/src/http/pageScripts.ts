import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';

/** A `<script>` element with no `src`: its text is the script. */
const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script\s*>/gi;

/** The CSP source that lets one inline script run: the SHA-256 of its text as the page's bytes have it. */
export function scriptHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The CSP sources of a page's inline scripts, in the page's order. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map((m) => scriptHash(m[1]!));
}

/**
 * The hashes of a page file's inline scripts, read again only when the file changes (a build made while the
 * server runs: its page is served at once, so its hashes must be too). A file that is not there has none (the
 * page's own answer says it is not built).
 */
export function pageScriptHashes(file: string): () => Promise<string[]> {
  let seen: { version: string; hashes: string[] } | null = null;
  return async () => {
    try {
      const info = await stat(file);
      const version = `${info.mtimeMs}:${info.size}`;
      if (seen?.version !== version) {
        seen = { version, hashes: inlineScriptHashes(await readFile(file, 'utf8')) };
      }
      return seen.hashes;
    } catch {
      return [];
    }
  };
}
