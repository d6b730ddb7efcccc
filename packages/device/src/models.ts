/**
 * Glasses models of spec 001 §3. The slug-to-handle pairing follows the order the spec lists them in;
 * `code` is the model byte of the GET_INFO reply and `usbProductId` the HID product id.
 */
export const GLASSES_MODELS = [
  {
    slug: "N6",
    handle: "vela-one-xr-glasses",
    productName: "Vela One",
    code: 1,
    usbProductId: 0x0601,
    supportsCalibration: true,
    blueLightProtectionByDefault: false,
  },
  {
    // Spec 001 §2: blue light protection is on by default on one model. We chose the One Lite: it is
    // the plug-in-and-watch pair (the catalogue's "plug in, put on, watch") whose owners watch for
    // hours and rarely open this page, so the eye-comfort setting ships on; the other models are
    // bought for colour (Luma's high colour accuracy, Pro's panel) and ship with true colour.
    slug: "N6C",
    handle: "vela-one-lite-xr-glasses",
    productName: "Vela One Lite",
    code: 2,
    usbProductId: 0x0602,
    supportsCalibration: true,
    blueLightProtectionByDefault: true,
  },
  {
    slug: "N6P",
    handle: "vela-pro-xr-glasses",
    productName: "Vela Pro",
    code: 3,
    usbProductId: 0x0603,
    supportsCalibration: true,
    blueLightProtectionByDefault: false,
  },
  {
    slug: "P6",
    handle: "vela-luma-pro-xr-glasses",
    productName: "Vela Luma Pro",
    code: 4,
    usbProductId: 0x0604,
    supportsCalibration: true,
    blueLightProtectionByDefault: false,
  },
  {
    // Spec 001 §2: the Luma Ultra needs no IMU calibration and the calibration page does not support it.
    slug: "P6S",
    handle: "vela-luma-ultra-xr-glasses",
    productName: "Vela Luma Ultra",
    code: 5,
    usbProductId: 0x0605,
    supportsCalibration: false,
    blueLightProtectionByDefault: false,
  },
] as const;

export type GlassesModel = (typeof GLASSES_MODELS)[number];
export type GlassesModelSlug = GlassesModel["slug"];

export const GLASSES_MODEL_SLUGS: readonly GlassesModelSlug[] = GLASSES_MODELS.map((model) => model.slug);

/** Placeholder USB vendor id and the vendor-defined HID usage page the glasses' control interface reports. */
export const VELA_USB_VENDOR_ID = 0x3a56;
export const VELA_HID_USAGE_PAGE = 0xff56;
export const VELA_HID_USAGE = 0x01;

export function isGlassesModelSlug(value: string): value is GlassesModelSlug {
  return GLASSES_MODELS.some((model) => model.slug === value);
}

export function getGlassesModel(slug: GlassesModelSlug): GlassesModel {
  const model = GLASSES_MODELS.find((candidate) => candidate.slug === slug);
  if (!model) throw new RangeError(`unknown glasses model ${slug}`);
  return model;
}

export function findGlassesModelByCode(code: number): GlassesModel | undefined {
  return GLASSES_MODELS.find((model) => model.code === code);
}

export function findGlassesModelByHandle(handle: string): GlassesModel | undefined {
  return GLASSES_MODELS.find((model) => model.handle === handle);
}

export function supportsCalibration(slug: GlassesModelSlug): boolean {
  return getGlassesModel(slug).supportsCalibration;
}

/** Whether a new pair (or one reset to factory settings) has blue light protection on. */
export function blueLightProtectionByDefault(slug: GlassesModelSlug): boolean {
  return getGlassesModel(slug).blueLightProtectionByDefault;
}
