import { describe, expect, it } from 'vitest';
import {
  errorFromResponse,
  failureMessage,
  GENERIC_FAILURE_MESSAGE,
  INVALID_LOGIN_MESSAGE,
  isAbortError,
  LoyaltyError,
  LoyaltyUnavailableError,
  mapLoginError,
} from './errors';

describe('errorFromResponse', () => {
  it('takes the code and reason of the body (camelCased)', () => {
    const e = errorFromResponse(409, {
      code: 21,
      reason: 'That e-mail address is already registered.',
    });
    expect(e).toBeInstanceOf(LoyaltyError);
    expect(e.status).toBe(409);
    expect(e.code).toBe(21);
    expect(e.reason).toBe('That e-mail address is already registered.');
    expect(e.message).toBe('That e-mail address is already registered.');
  });

  it('accepts a numeric string code', () => {
    expect(errorFromResponse(401, { code: '11', reason: 'x' }).code).toBe(11);
  });

  it('without a reason the message is the HTTP-library sentence the terms page recognises', () => {
    const e = errorFromResponse(400, null);
    expect(e.code).toBeNull();
    expect(e.reason).toBeNull();
    expect(e.message).toBe('Request failed with status code 400');
    expect(errorFromResponse(500, ['not', 'an', 'object']).message).toBe(
      'Request failed with status code 500',
    );
    expect(errorFromResponse(400, { reason: '   ' }).reason).toBeNull();
  });
});

describe('mapLoginError (spec §8, login)', () => {
  it.each([10, 11])('code %i → the invalid-login message', (code) => {
    const mapped = mapLoginError(errorFromResponse(401, { code, reason: 'Wrong password.' }));
    expect(mapped).toBeInstanceOf(LoyaltyError);
    expect((mapped as LoyaltyError).message).toBe(INVALID_LOGIN_MESSAGE);
    expect((mapped as LoyaltyError).code).toBe(code);
    expect((mapped as LoyaltyError).status).toBe(401);
  });

  it('code 10/11 without a reason still reads as the invalid-login message', () => {
    const mapped = mapLoginError(errorFromResponse(401, { code: 11 })) as LoyaltyError;
    expect(mapped.message).toBe(INVALID_LOGIN_MESSAGE);
    expect(failureMessage(mapped)).toBe(INVALID_LOGIN_MESSAGE);
  });

  it('another reason is thrown as the message', () => {
    const original = errorFromResponse(400, { code: 20, reason: 'emailOrPhone is required.' });
    const mapped = mapLoginError(original);
    expect(mapped).toBe(original);
    expect((mapped as Error).message).toBe('emailOrPhone is required.');
  });

  it('otherwise the original error is rethrown unchanged', () => {
    const network = new LoyaltyUnavailableError(503, 'ECONNREFUSED');
    expect(mapLoginError(network)).toBe(network);
    const bug = new TypeError('boom');
    expect(mapLoginError(bug)).toBe(bug);
    const noReason = errorFromResponse(401, { code: 401 });
    expect(mapLoginError(noReason)).toBe(noReason);
  });
});

describe('failureMessage', () => {
  it('uses a reason, else the generic sentence; never transport details', () => {
    expect(failureMessage(errorFromResponse(400, { code: 20, reason: 'Zip is invalid.' }))).toBe(
      'Zip is invalid.',
    );
    expect(failureMessage(errorFromResponse(400, null))).toBe(GENERIC_FAILURE_MESSAGE);
    expect(failureMessage(new LoyaltyUnavailableError(504, 'no answer within 5000 ms'))).toBe(
      GENERIC_FAILURE_MESSAGE,
    );
    expect(failureMessage(new Error('internal detail'))).toBe(GENERIC_FAILURE_MESSAGE);
    expect(failureMessage(null, 'other')).toBe('other');
  });
});

describe('LoyaltyUnavailableError', () => {
  it('is a LoyaltyError a page can single out to degrade', () => {
    const e = new LoyaltyUnavailableError(503, 'ECONNREFUSED');
    expect(e).toBeInstanceOf(LoyaltyError);
    expect(e.name).toBe('LoyaltyUnavailableError');
    expect(e.status).toBe(503);
    expect(e.message).toContain('ECONNREFUSED');
  });
});

describe('isAbortError', () => {
  it('recognises an abort', () => {
    const c = new AbortController();
    c.abort();
    expect(isAbortError(c.signal.reason)).toBe(true);
    expect(isAbortError(new Error('x'))).toBe(false);
    expect(isAbortError(null)).toBe(false);
  });
});
