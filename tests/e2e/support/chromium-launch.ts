/** How the end-to-end tests start Debian's headless Chromium (tests/e2e/support/browser.ts). */
import { fontconfigFile, type DeviceFonts } from './device-fonts';

export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The browser process's environment for these fonts: fontconfig pointed at them, else the machine's own. */
export function chromiumEnv(fonts: DeviceFonts | 'machine'): NodeJS.ProcessEnv | undefined {
  return fonts === 'machine' ? undefined : { ...process.env, FONTCONFIG_FILE: fontconfigFile(fonts) };
}

export interface ContextOptions {
  width?: number;
  height?: number;
  /** The browser's language (navigator.languages), which the app starts in (docs/i18n.md). */
  locale?: string;
  /** The fonts the device has (tests/e2e/support/device-fonts.ts), else the machine's own. */
  deviceFonts?: DeviceFonts;
}
