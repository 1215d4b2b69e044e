/**
 * Renders the music loop and the phone ring into game-client/public/audio/ (npm run render:audio -w assets);
 * with --check, only compares the committed files with what this code makes, and fails on a difference.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodeWav, TRACKS } from './audio.js';

export const AUDIO_DIR = fileURLToPath(new URL('../../game-client/public/audio/', import.meta.url));

const check = process.argv.includes('--check');
let stale = 0;
fs.mkdirSync(AUDIO_DIR, { recursive: true });
for (const track of TRACKS) {
  const file = path.join(AUDIO_DIR, track.file);
  const bytes = encodeWav(track.render());
  const same = fs.existsSync(file) && Buffer.compare(fs.readFileSync(file), bytes) === 0;
  if (check) {
    if (!same) stale++;
    console.log(`${track.file}: ${same ? 'as rendered' : 'DIFFERS from what the script makes'}`);
  } else {
    fs.writeFileSync(file, bytes);
    console.log(`${track.file}: ${track.seconds} s, ${(bytes.length / 1024).toFixed(1)} KB`);
  }
}
if (stale > 0) process.exit(1);
