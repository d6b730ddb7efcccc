/**
 * Command, event and status numbers of the Vela glasses HID protocol (docs/device-protocol.md).
 * Host commands live in 0x01..0x7F and device-pushed events in 0x80..0xFF, so a receiver can tell a
 * reply from an event by the id alone, whatever the sequence number says.
 */
export const Command = {
  getInfo: 0x01,
  getFirmwareSlots: 0x02,
  imuStream: 0x10,
  readCalibration: 0x20,
  writeCalibration: 0x21,
  getColor: 0x30,
  previewColor: 0x31,
  applyColor: 0x32,
  getLightStrip: 0x38,
  previewLightStrip: 0x39,
  applyLightStrip: 0x3a,
  getWearerDetection: 0x40,
  setWearerDetection: 0x41,
  getHighColorAccuracy: 0x48,
  setHighColorAccuracy: 0x49,
  getBlueLightProtection: 0x4c,
  setBlueLightProtection: 0x4d,
  updatePrepare: 0x50,
  updateChunk: 0x51,
  updateFinish: 0x52,
  updateActivate: 0x53,
} as const;
export type CommandName = keyof typeof Command;
export type CommandId = (typeof Command)[CommandName];

export const DeviceEvent = {
  heartbeat: 0x80,
  wearState: 0x81,
  updateProgress: 0x82,
  imuSample: 0x83,
} as const;
export type DeviceEventName = keyof typeof DeviceEvent;
export type DeviceEventId = (typeof DeviceEvent)[DeviceEventName];

export const FIRST_EVENT_ID = 0x80;

export const Status = {
  ok: 0x00,
  unknownCommand: 0x01,
  badLength: 0x02,
  outOfRange: 0x03,
  busy: 0x04,
  notSupported: 0x05,
  badState: 0x06,
  badOffset: 0x07,
  flashError: 0x08,
  verifyFailed: 0x09,
  imageRejected: 0x0a,
} as const;
export type StatusName = keyof typeof Status;
export type StatusCode = (typeof Status)[StatusName];

function invert<T extends Record<string, number>>(table: T): Map<number, keyof T & string> {
  return new Map(Object.entries(table).map(([name, id]) => [id, name as keyof T & string]));
}

const commandNames = invert(Command);
const eventNames = invert(DeviceEvent);
const statusNames = invert(Status);

export function isEventId(id: number): boolean {
  return id >= FIRST_EVENT_ID;
}

export function commandName(id: number): string {
  return commandNames.get(id) ?? `command 0x${id.toString(16).padStart(2, "0")}`;
}

export function eventName(id: number): string {
  return eventNames.get(id) ?? `event 0x${id.toString(16).padStart(2, "0")}`;
}

export function statusName(code: number): string {
  return statusNames.get(code) ?? `status 0x${code.toString(16).padStart(2, "0")}`;
}

export function isKnownCommand(id: number): id is CommandId {
  return commandNames.has(id);
}
