/**
 * Renders the phone ring (WAV) and the music loop (MP3, through ffmpeg's libmp3lame) into
 * game-client/public/audio/ (npm run render:audio -w assets). Only rendering needs ffmpeg: the MP3 carries the
 * SHA-256 of the PCM it was encoded from (an ID3 tag), so --check (npm run check:audio -w assets) and the
 * tests compare the committed files with what this code makes without any encoder or decoder.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodeWav, RING } from './audio.js';
import { readMp3 } from './mp3.js';
import { renderMusic, toPcm16 } from './music.js';
import { MUSIC_LAYOUT } from '@dond/shared';

export const AUDIO_DIR = fileURLToPath(new URL('../../game-client/public/audio/', import.meta.url));
/** The ID3 tag that names the PCM an MP3 was encoded from. */
export const PCM_TAG = 'pcm_sha256';
/** Constant bitrate: 64 s of stereo at 160 kbit/s is about 1.3 MB. */
export const MUSIC_BITRATE = '160k';

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

function encodeMp3(pcm: Uint8Array, file: string, hash: string) {
  const { sampleRate, channels } = MUSIC_LAYOUT;
  const args = ['-hide_banner', '-loglevel', 'error', '-y', '-f', 's16le', '-ar', `${sampleRate}`];
  args.push('-ac', `${channels}`, '-i', 'pipe:0', '-c:a', 'libmp3lame', '-b:a', MUSIC_BITRATE);
  // Bit-exact: no encoder version in the file, so the same PCM gives the same bytes.
  args.push('-fflags', '+bitexact', '-flags:a', '+bitexact', '-metadata', `${PCM_TAG}=${hash}`, file);
  const run = spawnSync('ffmpeg', args, { input: pcm, stdio: ['pipe', 'inherit', 'inherit'] });
  if (run.error || run.status !== 0)
    throw new Error(`ffmpeg failed (apt-get install ffmpeg): ${run.error?.message ?? run.status}`);
}

// Run as a script (not when a test imports the helpers above).
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const check = process.argv.includes('--check');
  let stale = 0;
  fs.mkdirSync(AUDIO_DIR, { recursive: true });

  const ringFile = path.join(AUDIO_DIR, RING.file);
  const ring = encodeWav(RING.render());
  const ringSame = fs.existsSync(ringFile) && Buffer.compare(fs.readFileSync(ringFile), ring) === 0;
  if (check) {
    if (!ringSame) stale++;
    console.log(`${RING.file}: ${ringSame ? 'as rendered' : 'DIFFERS from what the script makes'}`);
  } else {
    fs.writeFileSync(ringFile, ring);
    console.log(`${RING.file}: ${RING.seconds} s, ${(ring.length / 1024).toFixed(1)} KB`);
  }

  const musicFile = path.join(AUDIO_DIR, MUSIC_LAYOUT.file);
  const started = performance.now();
  const pcm = toPcm16(renderMusic());
  const hash = sha256(pcm);
  const rendered = `rendered in ${((performance.now() - started) / 1000).toFixed(1)} s`;
  const committed = fs.existsSync(musicFile) ? readMp3(fs.readFileSync(musicFile)).tags[PCM_TAG] : undefined;
  if (check) {
    if (committed !== hash) stale++;
    console.log(
      `${MUSIC_LAYOUT.file}: ${committed === hash ? 'encoded from' : 'NOT encoded from'} what the script makes (${rendered})`,
    );
  } else {
    encodeMp3(pcm, musicFile, hash);
    const facts = readMp3(fs.readFileSync(musicFile));
    console.log(
      `${MUSIC_LAYOUT.file}: ${facts.seconds.toFixed(3)} s, ${facts.sampleRate} Hz, ${facts.channels} channels, ` +
        `${(fs.statSync(musicFile).size / 1e6).toFixed(3)} MB (${rendered})`,
    );
  }
  if (stale > 0) process.exit(1);
}
