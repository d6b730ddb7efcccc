import { PayloadError } from "./errors.ts";

/** Every string on the wire is printable ASCII, so the package needs no TextEncoder (absent from the ES lib). */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

export function isPrintableAscii(value: string): boolean {
  return PRINTABLE_ASCII.test(value);
}

export function asciiBytes(value: string): Uint8Array {
  if (!isPrintableAscii(value)) throw new PayloadError(`not printable ASCII: ${JSON.stringify(value)}`);
  const bytes = new Uint8Array(value.length);
  for (let i = 0; i < value.length; i++) bytes[i] = value.charCodeAt(i);
  return bytes;
}

export function asciiString(bytes: Uint8Array): string {
  let out = "";
  for (const byte of bytes) {
    if (byte < 0x20 || byte > 0x7e)
      throw new PayloadError(`byte 0x${byte.toString(16)} is not printable ASCII`);
    out += String.fromCharCode(byte);
  }
  return out;
}

export function toHex(bytes: Uint8Array): string {
  let out = "";
  for (const byte of bytes) out += byte.toString(16).padStart(2, "0");
  return out;
}

export function fromHex(hex: string): Uint8Array {
  const clean = hex.replace(/\s+/g, "");
  if (clean.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(clean)) throw new PayloadError("malformed hex string");
  const bytes = new Uint8Array(clean.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(clean.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Little-endian writer with a fixed capacity; payloads are small and bounded by the frame size. */
export class ByteWriter {
  readonly #bytes: Uint8Array;
  readonly #view: DataView;
  #offset = 0;

  constructor(capacity: number) {
    this.#bytes = new Uint8Array(capacity);
    this.#view = new DataView(this.#bytes.buffer);
  }

  #reserve(size: number): number {
    const at = this.#offset;
    if (at + size > this.#bytes.length) throw new PayloadError(`payload exceeds ${this.#bytes.length} bytes`);
    this.#offset += size;
    return at;
  }

  u8(value: number): this {
    this.#view.setUint8(this.#reserve(1), value);
    return this;
  }

  u16(value: number): this {
    this.#view.setUint16(this.#reserve(2), value, true);
    return this;
  }

  u32(value: number): this {
    this.#view.setUint32(this.#reserve(4), value, true);
    return this;
  }

  f32(value: number): this {
    this.#view.setFloat32(this.#reserve(4), value, true);
    return this;
  }

  bytes(value: Uint8Array): this {
    this.#bytes.set(value, this.#reserve(value.length));
    return this;
  }

  /** A u8 length followed by ASCII bytes. */
  shortString(value: string, maxLength: number): this {
    const bytes = asciiBytes(value);
    if (bytes.length > maxLength) throw new PayloadError(`string longer than ${maxLength}: ${value}`);
    return this.u8(bytes.length).bytes(bytes);
  }

  /** ASCII zero-padded to a fixed width (used in the firmware image header). */
  fixedString(value: string, width: number): this {
    const bytes = asciiBytes(value);
    if (bytes.length > width) throw new PayloadError(`string longer than ${width}: ${value}`);
    const at = this.#reserve(width);
    this.#bytes.set(bytes, at);
    return this;
  }

  get length(): number {
    return this.#offset;
  }

  finish(): Uint8Array {
    return this.#bytes.slice(0, this.#offset);
  }
}

export class ByteReader {
  readonly #bytes: Uint8Array;
  readonly #view: DataView;
  #offset = 0;

  constructor(bytes: Uint8Array) {
    this.#bytes = bytes;
    this.#view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  #take(size: number): number {
    const at = this.#offset;
    if (at + size > this.#bytes.length) throw new PayloadError(`payload too short: need ${at + size} bytes`);
    this.#offset += size;
    return at;
  }

  u8(): number {
    return this.#view.getUint8(this.#take(1));
  }

  u16(): number {
    return this.#view.getUint16(this.#take(2), true);
  }

  u32(): number {
    return this.#view.getUint32(this.#take(4), true);
  }

  f32(): number {
    return this.#view.getFloat32(this.#take(4), true);
  }

  bytes(size: number): Uint8Array {
    const at = this.#take(size);
    return this.#bytes.slice(at, at + size);
  }

  shortString(maxLength: number): string {
    const length = this.u8();
    if (length > maxLength) throw new PayloadError(`string length ${length} exceeds ${maxLength}`);
    return asciiString(this.bytes(length));
  }

  fixedString(width: number): string {
    const raw = this.bytes(width);
    const end = raw.indexOf(0);
    const used = end === -1 ? raw : raw.subarray(0, end);
    if (end !== -1 && raw.subarray(end).some((b) => b !== 0)) throw new PayloadError("garbage after string");
    return asciiString(used);
  }

  get remaining(): number {
    return this.#bytes.length - this.#offset;
  }

  /** Payloads have exact sizes; trailing bytes mean the two sides disagree on the layout. */
  end(): void {
    if (this.remaining !== 0) throw new PayloadError(`${this.remaining} unexpected trailing bytes`);
  }
}
