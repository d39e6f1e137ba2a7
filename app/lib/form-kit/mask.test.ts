import { describe, expect, it } from 'vitest';
import { formatPhone, maskPhoneEdit, parsePhone, phoneDigits, PHONE_MASKED_LENGTH } from './mask';

/** Types `keys` one by one at the end of the input, as the masking input sees it. */
function type(keys: string, start = '') {
  let value = start;
  for (const key of keys) value = maskPhoneEdit(value + key, value.length + 1).value;
  return value;
}

describe('phone mask (###) ###-####', () => {
  it('formats as many digits as there are', () => {
    expect(
      ['', '8', '801', '8015', '801555', '8015551', '8015551234', '801555123499'].map(formatPhone),
    ).toEqual([
      '',
      '(8',
      '(801',
      '(801) 5',
      '(801) 555',
      '(801) 555-1',
      '(801) 555-1234',
      '(801) 555-1234',
    ]);
    expect(formatPhone('8015551234')).toHaveLength(PHONE_MASKED_LENGTH);
  });

  it('parses complete numbers only', () => {
    expect(parsePhone('801 555 1234')).toEqual({ masked: '(801) 555-1234', digits: '8015551234' });
    expect(parsePhone('+1 801-555-1234')?.digits).toBe('8015551234');
    expect(parsePhone('801555123')).toBeNull();
    expect(parsePhone('801555123x')).toBeNull();
    expect(phoneDigits('1 (801) 555-1234')).toBe('8015551234');
  });

  it('masks while typing', () => {
    expect(type('8015551234')).toBe('(801) 555-1234');
    expect(type('80155512345')).toBe('(801) 555-1234');
    expect(type('801a')).toBe('(801');
  });

  it('keeps the caret after the same digit when editing in the middle', () => {
    // '(801) 555-1234' with '9' typed after '(80' (caret 3 before, 4 after).
    expect(maskPhoneEdit('(8091) 555-1234', 4)).toEqual({ value: '(809) 155-5123', caret: 4 });
  });

  it('Backspace over a separator removes the digit before it', () => {
    // Caret was after ') ' at 6; the browser removed the space.
    expect(maskPhoneEdit('(801)555-1234', 5, 'backward')).toEqual({
      value: '(805) 551-234',
      caret: 3,
    });
    // Deleting the last digit drops the separator that only preceded it.
    expect(maskPhoneEdit('(801) ', 6).value).toBe('(801');
  });

  it('Delete over a separator removes the digit after it', () => {
    expect(maskPhoneEdit('(801) 5551234', 9, 'forward')).toEqual({
      value: '(801) 555-234',
      caret: 9,
    });
  });

  it('pasting a number with the country code drops it', () => {
    expect(maskPhoneEdit('+1 801 555 1234', 15)).toEqual({ value: '(801) 555-1234', caret: 14 });
  });
});
