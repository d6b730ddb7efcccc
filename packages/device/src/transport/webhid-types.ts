/**
 * The slice of WebHID (https://wicg.github.io/webhid/) this package uses. Declared here rather than
 * taken from @types/w3c-web-hid so the package has no type dependency and does not fight the DOM
 * lib of whichever app includes it; real `navigator.hid` objects satisfy these shapes.
 */
export interface HidDeviceFilter {
  vendorId?: number;
  productId?: number;
  usagePage?: number;
  usage?: number;
}

export interface HidCollectionInfoLike {
  readonly usagePage?: number;
  readonly usage?: number;
}

export interface HidInputReportEventLike {
  readonly device: HidDeviceLike;
  readonly reportId: number;
  readonly data: DataView;
}

export interface HidConnectionEventLike {
  readonly device: HidDeviceLike;
}

export type HidReportData = ArrayBuffer | ArrayBufferView;

export interface HidDeviceLike {
  readonly opened: boolean;
  readonly vendorId: number;
  readonly productId: number;
  readonly productName: string;
  readonly collections: readonly HidCollectionInfoLike[];
  oninputreport: ((event: HidInputReportEventLike) => void) | null;
  open(): Promise<void>;
  close(): Promise<void>;
  sendReport(reportId: number, data: HidReportData): Promise<void>;
  addEventListener(type: "inputreport", listener: (event: HidInputReportEventLike) => void): void;
  removeEventListener(type: "inputreport", listener: (event: HidInputReportEventLike) => void): void;
}

export interface HidLike {
  requestDevice(options: { filters: HidDeviceFilter[] }): Promise<HidDeviceLike[]>;
  getDevices(): Promise<HidDeviceLike[]>;
  addEventListener(type: "connect" | "disconnect", listener: (event: HidConnectionEventLike) => void): void;
  removeEventListener(
    type: "connect" | "disconnect",
    listener: (event: HidConnectionEventLike) => void,
  ): void;
}

export function deviceMatchesFilter(device: HidDeviceLike, filter: HidDeviceFilter): boolean {
  if (filter.vendorId !== undefined && device.vendorId !== filter.vendorId) return false;
  if (filter.productId !== undefined && device.productId !== filter.productId) return false;
  if (filter.usagePage === undefined && filter.usage === undefined) return true;
  return device.collections.some(
    (collection) =>
      (filter.usagePage === undefined || collection.usagePage === filter.usagePage) &&
      (filter.usage === undefined || collection.usage === filter.usage),
  );
}

/** WebHID semantics: an empty filter list matches every device, otherwise any one filter must match. */
export function deviceMatchesFilters(device: HidDeviceLike, filters: readonly HidDeviceFilter[]): boolean {
  return filters.length === 0 || filters.some((filter) => deviceMatchesFilter(device, filter));
}

/** `navigator.hid` when the browser has WebHID (Chromium 89+ on desktop), otherwise undefined. */
export function getNavigatorHid(scope: object = globalThis): HidLike | undefined {
  return (scope as { navigator?: { hid?: HidLike } }).navigator?.hid;
}
