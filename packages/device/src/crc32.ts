/** CRC-32 with the zlib/IEEE 802.3 polynomial (reflected 0xEDB88320), the check value of "123456789" is 0xCBF43926. */
const POLYNOMIAL = 0xedb88320;

const TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? POLYNOMIAL ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/**
 * `previous` lets a caller feed data in pieces: `crc32(b, crc32(a))` equals `crc32(a + b)`,
 * which is how zlib's `crc32(crc, buf)` behaves.
 */
export function crc32(data: Uint8Array, previous = 0): number {
  let crc = ~previous >>> 0;
  for (let i = 0; i < data.length; i++) {
    crc = (TABLE[(crc ^ (data[i] ?? 0)) & 0xff] ?? 0) ^ (crc >>> 8);
  }
  return ~crc >>> 0;
}
