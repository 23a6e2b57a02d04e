/** Browsers and systems, most specific first: Edge and Opera say "Chrome" too, Chrome says "Safari". */
const BROWSERS: [RegExp, string][] = [
  [/EdgiOS|Edg(e|A)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser/, 'Samsung Internet'],
  [/FxiOS|Firefox\//, 'Firefox'],
  [/CriOS|Chrome\/|Chromium\//, 'Chrome'],
  [/Version\/[\d.]+.*Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/**
 * A short name for a signed-in device from its user agent ("Safari on iPhone"),
 * or the user agent itself for a script ("curl/8.5.0"). A few patterns are
 * enough to tell one's own devices apart; a full parser library would weigh
 * more than the profile screen that uses it.
 */
export function deviceName(userAgent: string): { browser?: string; system?: string; raw: string } {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  return { ...(browser ? { browser } : {}), ...(system ? { system } : {}), raw: userAgent.slice(0, 60) };
}

/** A device's name for people, in their language: "Chrome on Android", or what is known of it. */
export function deviceLabel(
  t: (key: 'profile.deviceOn' | 'profile.unknownDevice', vars?: Record<string, string>) => string,
  userAgent: string,
) {
  const device = deviceName(userAgent);
  if (device.browser && device.system) return t('profile.deviceOn', { browser: device.browser, system: device.system });
  return device.browser ?? device.system ?? (device.raw || t('profile.unknownDevice'));
}
