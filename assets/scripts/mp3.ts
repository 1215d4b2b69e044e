/**
 * Reads an MP3 file's facts from its bytes alone, without decoding: its ID3v2 text tags, its MPEG frame
 * headers (rate, channels, bitrate) and, from the LAME tag in its first frame, the encoder's delay and padding,
 * so the exact number of samples a gapless decoder (Chromium's among them) gives back.
 */

export interface Mp3Facts {
  sampleRate: number;
  channels: number;
  /** Audio frames, not counting the Xing/Info frame. */
  frames: number;
  samplesPerFrame: number;
  encoderDelay: number;
  encoderPadding: number;
  /** The samples a gapless decoder gives: frames x samplesPerFrame - delay - padding. */
  samples: number;
  seconds: number;
  /** Bitrates seen, in kbit/s. */
  bitrates: number[];
  /** ID3v2 TXXX tags: description -> text. */
  tags: Record<string, string>;
}

const BITRATES_MPEG1_L3 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const RATES_MPEG1 = [44_100, 48_000, 32_000];

const syncsafe = (b: Uint8Array, i: number) =>
  ((b[i]! & 0x7f) << 21) | ((b[i + 1]! & 0x7f) << 14) | ((b[i + 2]! & 0x7f) << 7) | (b[i + 3]! & 0x7f);
const uint32 = (b: Uint8Array, i: number) =>
  ((b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!) >>> 0;
const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

/** TXXX frames of an ID3v2.3 or 2.4 tag at the start of the file; answers the tags and where the audio starts. */
function readId3(b: Uint8Array): { tags: Record<string, string>; audioStart: number } {
  const tags: Record<string, string> = {};
  if (ascii(b, 0, 3) !== 'ID3') return { tags, audioStart: 0 };
  const version = b[3]!;
  const end = 10 + syncsafe(b, 6);
  let i = 10;
  while (i + 10 <= end && b[i] !== 0) {
    const id = ascii(b, i, i + 4);
    const size = version >= 4 ? syncsafe(b, i + 4) : uint32(b, i + 4);
    const body = b.subarray(i + 10, i + 10 + size);
    if (id === 'TXXX') {
      // Encoding byte, then description NUL text; Latin-1 or UTF-8 (what ffmpeg writes for ASCII).
      const text = new TextDecoder(body[0] === 3 ? 'utf-8' : 'latin1').decode(body.subarray(1));
      const [description = '', value = ''] = text.split('\0');
      tags[description] = value;
    }
    i += 10 + size;
  }
  return { tags, audioStart: end };
}

export function readMp3(bytes: Uint8Array): Mp3Facts {
  const { tags, audioStart } = readId3(bytes);
  let i = audioStart;
  let frames = 0;
  let sampleRate = 0;
  let channels = 0;
  let encoderDelay = 0;
  let encoderPadding = 0;
  const bitrates = new Set<number>();
  let first = true;
  while (i + 4 <= bytes.length) {
    const h = uint32(bytes, i);
    // Sync, MPEG-1, Layer III.
    if ((h & 0xffe00000) >>> 0 !== 0xffe00000 || ((h >> 19) & 3) !== 3 || ((h >> 17) & 3) !== 1) {
      if (frames === 0 && first && i < audioStart + 4096) {
        i++;
        continue;
      }
      throw new Error(`not an MPEG-1 Layer III frame at byte ${i}`);
    }
    const bitrate = BITRATES_MPEG1_L3[(h >> 12) & 15];
    const rate = RATES_MPEG1[(h >> 10) & 3];
    if (!bitrate || !rate) throw new Error(`bad frame header at byte ${i}`);
    const padding = (h >> 9) & 1;
    const mode = (h >> 6) & 3;
    const length = Math.floor((144_000 * bitrate) / rate) + padding;
    if (first) {
      first = false;
      sampleRate = rate;
      channels = mode === 3 ? 1 : 2;
      // The Xing/Info frame sits after the side information (32 bytes for stereo, 17 for mono).
      const side = i + 4 + (channels === 2 ? 32 : 17);
      const mark = ascii(bytes, side, side + 4);
      if (mark === 'Xing' || mark === 'Info') {
        const flags = uint32(bytes, side + 4);
        let at = side + 8;
        if (flags & 1) at += 4; // frames
        if (flags & 2) at += 4; // bytes
        if (flags & 4) at += 100; // table of contents
        if (flags & 8) at += 4; // quality
        // The LAME extension: 9 bytes of version, then 12 bytes, then 12 bits of delay, 12 of padding.
        if (/^(LAME|Lavc|Lavf)/.test(ascii(bytes, at, at + 4))) {
          const d = at + 21;
          encoderDelay = (bytes[d]! << 4) | (bytes[d + 1]! >> 4);
          encoderPadding = ((bytes[d + 1]! & 15) << 8) | bytes[d + 2]!;
        }
        i += length;
        continue;
      }
    }
    if (rate !== sampleRate) throw new Error(`the rate changes at byte ${i}`);
    bitrates.add(bitrate);
    frames++;
    i += length;
    // An ID3v1 tag may close the file.
    if (ascii(bytes, i, i + 3) === 'TAG') break;
  }
  const samplesPerFrame = 1152;
  const samples = frames * samplesPerFrame - encoderDelay - encoderPadding;
  return {
    sampleRate,
    channels,
    frames,
    samplesPerFrame,
    encoderDelay,
    encoderPadding,
    samples,
    seconds: samples / sampleRate,
    bitrates: [...bitrates].sort((a, b) => a - b),
    tags,
  };
}
