/**
 * The pixel size of a PNG or JPEG image, read from its header (PNG: the IHDR chunk; JPEG: the
 * first start-of-frame segment), so a cover image is checked for print resolution at load.
 */
import { closeSync, openSync, readSync } from 'node:fs';

export interface ImageSize {
  format: 'png' | 'jpeg';
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Enough of a JPEG to reach its frame header past thumbnails and colour profiles. */
const HEAD_BYTES = 1 << 20;

/** The image size, or an Error saying what the file is not. */
export function imageSize(file: string): ImageSize {
  const fd = openSync(file, 'r');
  let head: Buffer;
  try {
    const buf = Buffer.alloc(HEAD_BYTES);
    head = buf.subarray(0, readSync(fd, buf, 0, HEAD_BYTES, 0));
  } finally {
    closeSync(fd);
  }
  if (head.subarray(0, 8).equals(PNG_SIGNATURE)) {
    if (head.length < 24 || head.toString('latin1', 12, 16) !== 'IHDR') throw new Error('is a damaged PNG file (no IHDR header)');
    return { format: 'png', width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
  }
  if (head[0] === 0xff && head[1] === 0xd8) {
    let at = 2;
    while (at + 9 < head.length) {
      if (head[at] !== 0xff) throw new Error('is a damaged JPEG file (bad segment marker)');
      const marker = head[at + 1];
      if (marker === 0xff) {
        at++;
        continue;
      }
      const length = head.readUInt16BE(at + 2);
      // Start of frame: every SOFn except DHT (C4), JPG (C8) and DAC (CC).
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { format: 'jpeg', height: head.readUInt16BE(at + 5), width: head.readUInt16BE(at + 7) };
      }
      at += 2 + length;
    }
    throw new Error('is a JPEG file without a frame header in its first megabyte');
  }
  throw new Error('is not a PNG or JPEG image');
}
