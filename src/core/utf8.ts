/**
 * Text files read strictly as UTF-8: a byte sequence that is not UTF-8 (a file saved as
 * Latin-1 or Windows-1252, say) is refused with the line and column of the first bad byte,
 * never turned silently into U+FFFD replacement characters.
 */
import { UserError } from './errors.js';

const strict = new TextDecoder('utf-8', { fatal: true });

/** Offset of the first byte that does not start or continue a well-formed UTF-8 sequence; -1 when all is well. */
export function firstBadUtf8Byte(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    if (b < 0x80) {
      i++;
      continue;
    }
    // Lead byte: the length of the sequence and the range its second byte must be in (RFC 3629).
    let n: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) n = 2;
    else if (b >= 0xe0 && b <= 0xef) {
      n = 3;
      if (b === 0xe0) lo = 0xa0;
      if (b === 0xed) hi = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      n = 4;
      if (b === 0xf0) lo = 0x90;
      if (b === 0xf4) hi = 0x8f;
    } else return i;
    for (let k = 1; k < n; k++) {
      const c = bytes[i + k];
      if (c === undefined || c < (k === 1 ? lo : 0x80) || c > (k === 1 ? hi : 0xbf)) return i;
    }
    i += n;
  }
  return -1;
}

/**
 * The text of `bytes` read from `file`; a UserError naming file, line and column (in
 * characters) of the first byte that is not UTF-8, and the byte in hex.
 */
export function decodeUtf8(file: string, bytes: Uint8Array): string {
  try {
    return strict.decode(bytes);
  } catch {
    const at = firstBadUtf8Byte(bytes);
    if (at < 0) throw new UserError(`${file}: the file is not UTF-8 text; save it as UTF-8`);
    const before = bytes.subarray(0, Math.max(0, at));
    const lineStart = before.lastIndexOf(0x0a) + 1;
    let line = 1;
    for (const b of before) if (b === 0x0a) line++;
    const col = [...strict.decode(bytes.subarray(lineStart, at))].length + 1;
    const hex = `0x${bytes[at].toString(16).toUpperCase().padStart(2, '0')}`;
    throw new UserError(`${file}:${line}:${col} the file is not UTF-8 text (byte ${hex} there is not valid UTF-8); save it as UTF-8`);
  }
}
