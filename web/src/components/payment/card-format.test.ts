import { describe, expect, it } from 'vitest';
import {
  caretAfterDigits,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  isCardNumberComplete,
  parseExpiry,
} from './card-format';

describe('card input formatting', () => {
  it('groups a card number in fours and stops at its length', () => {
    expect(formatCardNumber('4242')).toBe('4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242-4242 4242424299')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('378282246310005123')).toBe('3782 8224 6310 005');
    expect(formatCardNumber('abc')).toBe('');
  });

  it('calls a card number complete only at its full length', () => {
    expect(isCardNumberComplete('4242 4242 4242 424')).toBe(false);
    expect(isCardNumberComplete('4242 4242 4242 4242')).toBe(true);
    expect(isCardNumberComplete('3782 8224 6310 005')).toBe(true);
  });

  it('shapes an expiry as MM/YY while typing', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('123')).toBe('12/3');
    expect(formatExpiry('1234')).toBe('12/34');
    expect(formatExpiry('12/')).toBe('12/');
    expect(formatExpiry('4')).toBe('04');
    expect(formatExpiry('1/3')).toBe('01/3');
    expect(formatExpiry('12/2034')).toBe('12/2034');
  });

  it('reads the month and a two- or four-digit year of a complete expiry', () => {
    expect(parseExpiry('12/34')).toEqual({ month: '12', year: '34' });
    expect(parseExpiry('05/2031')).toEqual({ month: '05', year: '2031' });
    expect(parseExpiry('12/3')).toBeNull();
    expect(parseExpiry('12/345')).toBeNull();
    expect(parseExpiry('')).toBeNull();
  });

  it('keeps at most four CVC digits', () => {
    expect(formatCvc('12a3')).toBe('123');
    expect(formatCvc('123456')).toBe('1234');
  });

  it('puts the caret back after the same digits', () => {
    expect(caretAfterDigits('4242 4242', 4)).toBe(4);
    expect(caretAfterDigits('4242 4242', 5)).toBe(6);
    expect(caretAfterDigits('4242', 0)).toBe(0);
    expect(caretAfterDigits('42', 9)).toBe(2);
  });
});
