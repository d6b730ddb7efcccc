// Where uploaded media are kept: a small interface (put, get, delete by key) so the store can keep
// its files on the local disk by default and elsewhere (an S3-compatible store) as a second
// implementation. Keys are relative names such as `products/<sha256>.jpg`; a key that could
// leave the storage's root (`..`, an absolute path, a backslash, an empty segment) is refused.
import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

export interface MediaStorage {
  /** Stores `bytes` under `key`, replacing what was there; readers see the old or the new bytes, never part. */
  put(key: string, bytes: Buffer): Promise<void>;
  /** The bytes under `key`, or null when there are none. */
  get(key: string): Promise<Buffer | null>;
  /** Removes `key` (nothing happens when it is not there). */
  delete(key: string): Promise<void>;
}

/** One or more segments of lower-case letters, digits, dots, dashes and underscores, none of them dots only. */
const SAFE_KEY = /^(?!.*(?:^|\/)\.{1,2}(?:\/|$))[a-z0-9._-]{1,128}(?:\/[a-z0-9._-]{1,128}){0,4}$/;

export function isSafeKey(key: string): boolean {
  return key.length <= 300 && SAFE_KEY.test(key);
}

export class UnsafeKeyError extends Error {
  constructor(key: string) {
    super(`unsafe media key: ${JSON.stringify(key.slice(0, 80))}`);
  }
}

/** Files under `root` (data/media by default, MEDIA_DIR). */
export class LocalMediaStorage implements MediaStorage {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private fileOf(key: string): string {
    if (!isSafeKey(key)) throw new UnsafeKeyError(key);
    const file = path.resolve(this.root, key);
    // The pattern already keeps keys inside the root; this holds it whatever the pattern becomes.
    if (!file.startsWith(this.root + path.sep)) throw new UnsafeKeyError(key);
    return file;
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const file = this.fileOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Written beside its place, then renamed over it: a rename within a folder is atomic.
    const partial = `${file}.${randomBytes(6).toString("hex")}.partial`;
    try {
      await writeFile(partial, bytes, { flag: "wx" });
      await rename(partial, file);
    } catch (err) {
      await rm(partial, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.fileOf(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.fileOf(key), { force: true });
  }
}

const opened = new Map<string, LocalMediaStorage>();

/** The storage for a configured root, one per root in a process. */
export function localMediaStorage(root: string): LocalMediaStorage {
  const resolved = path.resolve(root);
  let storage = opened.get(resolved);
  if (!storage) {
    storage = new LocalMediaStorage(resolved);
    opened.set(resolved, storage);
  }
  return storage;
}
