import { describe, expect, it } from 'vitest';
import { phoneParts } from '../../src/server/modules/vendors/phone';

describe('phone parts of a contact number', () => {
  it('gives the calling code and E.164 of a national number', () => {
    expect(phoneParts('DE', '0221 123456')).toEqual({ phone_code: '+49', e164: '+49221123456' });
    expect(phoneParts('at', '+43 1 5323 0')).toEqual({ phone_code: '+43', e164: '+43153230' });
  });
  it('keeps the calling code when the number cannot be one of the country, and gives nothing for an unknown country', () => {
    expect(phoneParts('DE', '12')).toEqual({ phone_code: '+49', e164: null });
    expect(phoneParts('XX', '0221 123456')).toEqual({ phone_code: null, e164: null });
  });
});
