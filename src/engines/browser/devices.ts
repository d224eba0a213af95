import { DEFAULT_USER_AGENT } from "../egress/index.js";

/**
 * The two browsers a page is shown to: the desktop Chrome every capture starts with, and a phone a capture
 * turns into when the desktop was shown nothing (docs/scan-analysis.md, "Pages shown only to phones"):
 * kits sent by SMS test the user agent, the screen width or touch support and show a blank page, a "404"
 * or a harmless placeholder to anyone else.
 */
export type Device = "desktop" | "phone";

export interface DeviceProfile {
  userAgent: string;
  viewport: { width: number; height: number };
  isMobile: boolean;
  hasTouch: boolean;
  deviceScaleFactor: number;
}

/** A current Android phone's Chrome; one CSS pixel per device pixel keeps the screenshot small. */
export const PHONE_USER_AGENT =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

export const DEVICE_PROFILES: Readonly<Record<Device, DeviceProfile>> = {
  desktop: {
    userAgent: DEFAULT_USER_AGENT,
    viewport: { width: 1280, height: 800 },
    isMobile: false,
    hasTouch: false,
    deviceScaleFactor: 1,
  },
  phone: {
    userAgent: PHONE_USER_AGENT,
    viewport: { width: 412, height: 915 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 1,
  },
};
