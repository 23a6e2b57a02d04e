import { describe, expect, it } from 'vitest';
import { ownerRegion, suggestInternationalNumber } from './whatsapp-number.ts';

describe('ownerRegion', () => {
  it('takes the region of the first preferred language that has one, or its likely region', () => {
    expect(ownerRegion(['es-ES', 'en'])).toBe('ES');
    expect(ownerRegion(['es-MX'])).toBe('MX');
    expect(ownerRegion(['es'])).toBe('ES');
    expect(ownerRegion(['en-GB'])).toBe('GB');
    expect(ownerRegion(['not a tag', 'fr-BE'])).toBe('BE');
    expect(ownerRegion([])).toBeUndefined();
  });
});

describe('suggestInternationalNumber', () => {
  it('adds the country code of the owner and drops the trunk prefix', async () => {
    expect(await suggestInternationalNumber('600 12 34 56', 'ES')).toBe('+34 600 12 34 56');
    expect(await suggestInternationalNumber('07911 123456', 'GB')).toBe('+44 7911 123456');
    expect(await suggestInternationalNumber('06 12 34 56 78', 'FR')).toBe('+33 6 12 34 56 78');
    expect(await suggestInternationalNumber('(201) 555-0123', 'US')).toBe('+1 201 555 0123');
  });

  it('suggests nothing for a number that is not valid there, or without a region', async () => {
    expect(await suggestInternationalNumber('600 12 34 56', 'US')).toBeUndefined();
    expect(await suggestInternationalNumber('12345', 'ES')).toBeUndefined();
    expect(await suggestInternationalNumber('600 12 34 56', undefined)).toBeUndefined();
  });
});
