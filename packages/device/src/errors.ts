import { commandName, statusName } from "./protocol/ids.ts";

/** Base class so callers can tell device trouble from programming errors with one `instanceof`. */
export class DeviceError extends Error {
  override name = "DeviceError";
}

/** No reply arrived after every attempt; the glasses may be busy, hung or on a bad cable. */
export class DeviceTimeoutError extends DeviceError {
  override name = "DeviceTimeoutError";
  constructor(
    readonly command: number,
    readonly attempts: number,
    readonly timeoutMs: number,
  ) {
    super(`${commandName(command)}: no reply after ${attempts} attempt(s) of ${timeoutMs} ms`);
  }
}

/** The glasses answered, but with a status other than ok. */
export class DeviceStatusError extends DeviceError {
  override name = "DeviceStatusError";
  constructor(
    readonly command: number,
    readonly status: number,
    readonly payload: Uint8Array = new Uint8Array(0),
  ) {
    super(`${commandName(command)} failed: ${statusName(status)}`);
  }

  get statusName(): string {
    return statusName(this.status);
  }
}

/** The link went away (unplugged, rebooting, or closed) before or while a request was in flight. */
export class DeviceDisconnectedError extends DeviceError {
  override name = "DeviceDisconnectedError";
  constructor(message = "the glasses are not connected") {
    super(message);
  }
}

/** A report that is not a valid frame: wrong size or magic, or a CRC mismatch. */
export class FrameError extends DeviceError {
  override name = "FrameError";
}

/** A frame whose payload does not have the layout its command or event calls for. */
export class PayloadError extends DeviceError {
  override name = "PayloadError";
}

export class OperationAbortedError extends DeviceError {
  override name = "AbortError";
  constructor(message = "the operation was aborted") {
    super(message);
  }
}
