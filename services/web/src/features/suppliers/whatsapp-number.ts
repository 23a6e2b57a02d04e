/**
 * The owner's country, as the browser tells it: the region of the first
 * preferred language that has one, or its likely region ("es" → ES).
 */
export function ownerRegion(languages: readonly string[] = navigator.languages ?? [navigator.language]): string | undefined {
  for (const language of languages) {
    try {
      const region = new Intl.Locale(language).maximize().region;
      if (region && /^[A-Z]{2}$/.test(region)) return region;
    } catch {
      // Not a valid language tag: try the next one.
    }
  }
  return undefined;
}

/**
 * A number written without its country code, in international form for the
 * owner's country ("600 12 34 56" in Spain → "+34 600 12 34 56"), when it is a
 * valid number there (`region`: see {@link ownerRegion}). libphonenumber-js is
 * loaded only when this is needed.
 */
export async function suggestInternationalNumber(contactInfo: string, region: string | undefined): Promise<string | undefined> {
  if (!region) return undefined;
  const { parsePhoneNumberFromString } = await import('libphonenumber-js/min');
  const number = parsePhoneNumberFromString(contactInfo, region as Parameters<typeof parsePhoneNumberFromString>[1]);
  return number?.isValid() ? number.formatInternational() : undefined;
}
