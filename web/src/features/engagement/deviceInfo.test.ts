import { describe, expect, it } from 'vitest';
import { deviceInfoFrom } from './deviceInfo.ts';

/** Real user-agent strings, as the browsers send them. */
const UA = {
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Mobile/15E148 Safari/604.1',
  iphoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1',
  ipadSafari:
    'Mozilla/5.0 (iPad; CPU OS 15_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.6.1 Mobile/15E148 Safari/604.1',
  androidChromeReduced:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  pixelChrome:
    'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0.0.0 Mobile Safari/537.36',
  galaxySamsung:
    'Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36',
  androidTablet:
    'Mozilla/5.0 (Linux; Android 12; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  windowsEdge:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51',
  windowsOpera:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 OPR/106.0.0.0',
  windowsIe11: 'Mozilla/5.0 (Windows NT 6.1; WOW64; Trident/7.0; rv:11.0) like Gecko',
  macFirefox: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:125.0) Gecko/20100101 Firefox/125.0',
  headlessLinux:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.6778.33 Safari/537.36',
  macSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
};

describe('deviceInfoFrom', () => {
  it('deviceInfoFrom, Safari on an iPhone, is a mobile Apple iPhone on iOS with WebKit', () => {
    const info = deviceInfoFrom(UA.iphoneSafari);

    expect(info).toMatchObject({
      device_type: 'mobile',
      browser_name: 'Safari',
      browser_version: '17.4.1',
      engine: 'WebKit',
      os: 'iOS',
      os_version: '17.4.1',
      mobile_model: 'iPhone',
      mobile_vendor: 'Apple',
      is_mobile: true,
      is_tablet: false,
      is_desktop: false,
      is_ios: true,
      is_safari: true,
      is_chrome: false,
    });
    expect(info.user_agent).toBe(UA.iphoneSafari);
  });

  it('deviceInfoFrom, Chrome on an iPhone, is Chrome running on WebKit', () => {
    expect(deviceInfoFrom(UA.iphoneChrome)).toMatchObject({
      browser_name: 'Chrome',
      browser_version: '120.0.6099.119',
      engine: 'WebKit',
      is_chrome: true,
      is_safari: false,
      is_ios: true,
    });
  });

  it('deviceInfoFrom, an iPad, is a tablet', () => {
    expect(deviceInfoFrom(UA.ipadSafari)).toMatchObject({
      device_type: 'tablet',
      is_tablet: true,
      is_mobile: false,
      mobile_model: 'iPad',
      os: 'iOS',
      os_version: '15.7',
    });
  });

  it("deviceInfoFrom, Chrome's reduced Android agent, names no model", () => {
    const info = deviceInfoFrom(UA.androidChromeReduced);

    expect(info).toMatchObject({
      device_type: 'mobile',
      browser_name: 'Chrome',
      engine: 'Blink',
      os: 'Android',
      os_version: '10',
      is_chrome: true,
    });
    expect(info.mobile_model).toBeUndefined();
    expect(info.mobile_vendor).toBeUndefined();
  });

  it('deviceInfoFrom, a Pixel, names the model and Google', () => {
    expect(deviceInfoFrom(UA.pixelChrome)).toMatchObject({
      mobile_model: 'Pixel 7',
      mobile_vendor: 'Google',
      os_version: '13',
    });
  });

  it('deviceInfoFrom, Samsung Internet on a Galaxy, is the Samsung browser, not Chrome', () => {
    expect(deviceInfoFrom(UA.galaxySamsung)).toMatchObject({
      browser_name: 'Samsung Internet',
      browser_version: '23.0',
      engine: 'Blink',
      mobile_model: 'SM-S911B',
      mobile_vendor: 'Samsung',
      is_samsung: true,
      is_chrome: false,
      is_mobile: true,
    });
  });

  it('deviceInfoFrom, an Android without "Mobile", is a tablet', () => {
    expect(deviceInfoFrom(UA.androidTablet)).toMatchObject({
      device_type: 'tablet',
      is_tablet: true,
      mobile_vendor: 'Samsung',
    });
  });

  it('deviceInfoFrom, Edge on Windows, is Edge, not Chrome, on a desktop', () => {
    const info = deviceInfoFrom(UA.windowsEdge);

    expect(info).toMatchObject({
      device_type: 'desktop',
      browser_name: 'Edge',
      browser_version: '124.0.2478.51',
      engine: 'Blink',
      os: 'Windows',
      os_version: '10',
      is_edge: true,
      is_chrome: false,
      is_desktop: true,
    });
    expect(info.mobile_model).toBeUndefined();
  });

  it('deviceInfoFrom, Opera on Windows, is Opera', () => {
    expect(deviceInfoFrom(UA.windowsOpera)).toMatchObject({
      browser_name: 'Opera',
      browser_version: '106.0.0.0',
      is_opera: true,
      is_chrome: false,
    });
  });

  it('deviceInfoFrom, Internet Explorer 11, is IE with Trident on Windows 7', () => {
    expect(deviceInfoFrom(UA.windowsIe11)).toMatchObject({
      browser_name: 'Internet Explorer',
      browser_version: '11.0',
      engine: 'Trident',
      os: 'Windows',
      os_version: '7',
      is_ie: true,
    });
  });

  it('deviceInfoFrom, Firefox on a Mac, is Gecko on macOS', () => {
    expect(deviceInfoFrom(UA.macFirefox)).toMatchObject({
      browser_name: 'Firefox',
      browser_version: '125.0',
      engine: 'Gecko',
      os: 'macOS',
      os_version: '10.15',
      is_firefox: true,
      is_desktop: true,
    });
  });

  it('deviceInfoFrom, Safari on a Mac, is Safari with WebKit, not iOS', () => {
    expect(deviceInfoFrom(UA.macSafari)).toMatchObject({
      browser_name: 'Safari',
      browser_version: '17.4',
      engine: 'WebKit',
      os: 'macOS',
      is_ios: false,
      is_safari: true,
    });
  });

  it('deviceInfoFrom, headless Chrome on Linux (automated tests), is Chrome with Blink', () => {
    expect(deviceInfoFrom(UA.headlessLinux)).toMatchObject({
      browser_name: 'Chrome',
      browser_version: '131.0.6778.33',
      engine: 'Blink',
      os: 'Linux',
      is_desktop: true,
    });
  });

  it('deviceInfoFrom, client hints saying mobile and a platform, fill what the string lacks', () => {
    const info = deviceInfoFrom('SomeApp/1.0', {
      mobile: true,
      platform: 'Android',
      brands: [
        { brand: 'Not A(Brand', version: '99' },
        { brand: 'Google Chrome', version: '121' },
      ],
    });

    expect(info).toMatchObject({
      device_type: 'mobile',
      os: 'Android',
      browser_name: 'Chrome',
      browser_version: '121',
      is_mobile: true,
    });
  });

  it("deviceInfoFrom, an empty or huge string, answers within the contract's lengths", () => {
    expect(deviceInfoFrom('')).toMatchObject({ device_type: 'desktop', is_desktop: true });
    const huge = deviceInfoFrom(
      `Mozilla/5.0 (Linux; Android 13; ${'X'.repeat(500)}) Chrome/1.0 Mobile Safari/537.36 ${'y'.repeat(2000)}`,
    );
    expect(huge.user_agent).toHaveLength(1000);
    expect(huge.mobile_model!.length).toBeLessThanOrEqual(200);
  });
});
