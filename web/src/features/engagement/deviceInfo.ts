import type { DeviceInfo } from '@talkwith/proto/engagement';

/**
 * The device information of SPEC.md §7 (the socket logger's error details,
 * the contact form of categories 1 and 2), read from a user-agent string and,
 * when the browser offers them, its low-entropy client hints. Pure: the same
 * inputs give the same answer; `currentDeviceInfo()` reads the navigator.
 */

/** navigator.userAgentData's low-entropy part (Chromium browsers only). */
export interface UserAgentHints {
  brands?: readonly { brand: string; version: string }[];
  mobile?: boolean;
  platform?: string;
}

interface Browser {
  name: string;
  version: string | undefined;
}

/** First match wins: browsers built on Chrome name themselves before the Chrome token. */
const BROWSERS: readonly [string, RegExp][] = [
  ['Edge', /\bEdg(?:e|A|iOS)?\/([\d.]+)/],
  ['Samsung Internet', /\bSamsungBrowser\/([\d.]+)/],
  ['Opera', /\b(?:OPR|OPiOS|OPT)\/([\d.]+)/],
  ['Opera', /\bOpera\b.*Version\/([\d.]+)/],
  ['Internet Explorer', /\bMSIE ([\d.]+)/],
  ['Internet Explorer', /\bTrident\/.*rv:([\d.]+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/([\d.]+)/],
  ['Chrome', /\b(?:CriOS|Chrome|HeadlessChrome)\/([\d.]+)/],
  ['Safari', /\bVersion\/([\d.]+).*Safari\//],
];

/** Client-hint brand names of the same browsers (the rest, e.g. "Not A Brand", are noise). */
const HINT_BRANDS: Readonly<Record<string, string>> = {
  'Microsoft Edge': 'Edge',
  Opera: 'Opera',
  'Samsung Internet': 'Samsung Internet',
  'Google Chrome': 'Chrome',
};

/** Model prefixes of the common Android makers (the model is what the UA string names after the Android version). */
const VENDORS: readonly [string, RegExp][] = [
  ['Samsung', /^(?:SM-|SC-|SCG|GT-|Galaxy)/i],
  ['Google', /^Pixel/i],
  ['Sony', /^(?:SO-|SOG|XQ-|Xperia)/i],
  ['Sharp', /^(?:SH-|SHG|A\d{3}SH|AQUOS)/i],
  ['Xiaomi', /^(?:Redmi|Mi |M2\d|2\d{3}|Xiaomi|POCO)/i],
  ['OPPO', /^(?:OPPO|CPH)/i],
  ['Huawei', /^(?:HUAWEI|[A-Z]{3}-L\d)/i],
  ['Motorola', /^(?:moto|motorola|XT\d)/i],
  ['Fujitsu', /^(?:F-\d|FCG)/i],
  ['Kyocera', /^(?:KYV|KYG|KC-)/i],
];

const WINDOWS_VERSIONS: Readonly<Record<string, string>> = {
  '10.0': '10',
  '6.3': '8.1',
  '6.2': '8',
  '6.1': '7',
  '6.0': 'Vista',
  '5.1': 'XP',
};

const cut = (value: string | undefined, max = 200) => (value === undefined ? undefined : value.slice(0, max));

function browserOf(ua: string, hints: UserAgentHints | undefined): Browser | undefined {
  for (const [name, pattern] of BROWSERS) {
    const match = pattern.exec(ua);
    if (match) return { name, version: match[1] };
  }
  const brand = hints?.brands?.find((b) => HINT_BRANDS[b.brand]);
  return brand ? { name: HINT_BRANDS[brand.brand]!, version: brand.version } : undefined;
}

function osOf(ua: string, hints: UserAgentHints | undefined): { os?: string; os_version?: string } {
  const ios = /\b(?:iPhone|iPad|iPod)\b.*? OS (\d+(?:_\d+)*)/.exec(ua);
  if (ios) return { os: 'iOS', os_version: ios[1]!.replaceAll('_', '.') };
  const android = /\bAndroid(?: (\d+(?:\.\d+)*))?/.exec(ua);
  if (android) return { os: 'Android', ...(android[1] ? { os_version: android[1] } : {}) };
  const windows = /\bWindows NT (\d+\.\d+)/.exec(ua);
  if (windows) return { os: 'Windows', os_version: WINDOWS_VERSIONS[windows[1]!] ?? windows[1]! };
  const mac = /\bMac OS X (\d+(?:[_.]\d+)*)/.exec(ua);
  if (mac) return { os: 'macOS', os_version: mac[1]!.replaceAll('_', '.') };
  if (/\bCrOS\b/.test(ua)) return { os: 'Chrome OS' };
  if (/\bLinux\b/.test(ua)) return { os: 'Linux' };
  return hints?.platform ? { os: hints.platform } : {};
}

function engineOf(ua: string, browser: Browser | undefined, os: string | undefined): string | undefined {
  if (/\bTrident\//.test(ua) || /\bMSIE /.test(ua)) return 'Trident';
  if (/\bEdge\/\d/.test(ua)) return 'EdgeHTML';
  // Every browser on iOS is Safari's WebKit inside.
  if (os === 'iOS') return 'WebKit';
  if (/\bGecko\/\d/.test(ua) && /\bFirefox\//.test(ua)) return 'Gecko';
  if (
    /\b(?:Headless)?Chrome\/\d/.test(ua) ||
    (browser && ['Chrome', 'Edge', 'Opera', 'Samsung Internet'].includes(browser.name))
  )
    return 'Blink';
  if (/\bAppleWebKit\//.test(ua)) return 'WebKit';
  return undefined;
}

function mobileDeviceOf(ua: string): { model?: string; vendor?: string } {
  const apple = /\b(iPhone|iPad|iPod)\b/.exec(ua);
  if (apple) return { model: apple[1]!, vendor: 'Apple' };
  const android = /\bAndroid[^;)]*;\s*(?:[a-z]{2}[-_][a-z]{2};\s*)?([^;)]+?)(?:\s+Build\/[^;)]*)?\s*[;)]/i.exec(ua);
  const model = android?.[1]?.trim();
  // Chrome's reduced user agent names every Android model "K".
  if (!model || model === 'K' || /^wv$/.test(model)) return {};
  const vendor = VENDORS.find(([, pattern]) => pattern.test(model))?.[0];
  return { model, ...(vendor ? { vendor } : {}) };
}

function deviceTypeOf(ua: string, hints: UserAgentHints | undefined): 'mobile' | 'tablet' | 'desktop' {
  if (/\biPad\b|\bTablet\b|\bKindle\b|\bSilk\//.test(ua) || (/\bAndroid\b/.test(ua) && !/\bMobile\b/.test(ua)))
    return 'tablet';
  if (/\b(?:iPhone|iPod|Mobile|IEMobile|Windows Phone)\b/.test(ua) || hints?.mobile === true) return 'mobile';
  return 'desktop';
}

/** What SPEC.md §7 lists, from a user-agent string (and the client hints when present). */
export function deviceInfoFrom(userAgent: string, hints?: UserAgentHints): DeviceInfo {
  const browser = browserOf(userAgent, hints);
  const { os, os_version } = osOf(userAgent, hints);
  const engine = engineOf(userAgent, browser, os);
  const device_type = deviceTypeOf(userAgent, hints);
  const mobile = device_type === 'desktop' ? {} : mobileDeviceOf(userAgent);
  const info: DeviceInfo = {
    device_type,
    browser_name: cut(browser?.name),
    browser_version: cut(browser?.version),
    engine,
    os: cut(os),
    os_version: cut(os_version),
    mobile_model: cut(mobile.model),
    mobile_vendor: cut(mobile.vendor),
    user_agent: cut(userAgent, 1000),
    is_mobile: device_type === 'mobile',
    is_tablet: device_type === 'tablet',
    is_desktop: device_type === 'desktop',
    is_ios: os === 'iOS',
    is_chrome: browser?.name === 'Chrome',
    is_firefox: browser?.name === 'Firefox',
    is_safari: browser?.name === 'Safari',
    is_opera: browser?.name === 'Opera',
    is_ie: browser?.name === 'Internet Explorer',
    is_edge: browser?.name === 'Edge',
    is_samsung: browser?.name === 'Samsung Internet',
  };
  // Absent fields are left out (the contract's fields are optional, and undefined is not JSON).
  return Object.fromEntries(
    Object.entries(info).filter(([, value]) => value !== undefined && value !== ''),
  ) as DeviceInfo;
}

/** This browser's device information. */
export function currentDeviceInfo(): DeviceInfo {
  if (typeof navigator === 'undefined') return {};
  const hints = (navigator as Navigator & { userAgentData?: UserAgentHints }).userAgentData;
  return deviceInfoFrom(
    navigator.userAgent,
    hints ? { brands: hints.brands, mobile: hints.mobile, platform: hints.platform } : undefined,
  );
}
