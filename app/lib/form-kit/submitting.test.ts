import { describe, expect, it } from 'vitest';
import { isSubmitting } from './submitting';

describe('isSubmitting', () => {
  const post = (intent?: string) => {
    const data = new FormData();
    if (intent) data.set('intent', intent);
    return {
      state: 'submitting' as const,
      formMethod: 'POST',
      formAction: '/account',
      formData: data,
    };
  };

  it('is true while a POST is under way (and its redirect loads)', () => {
    expect(isSubmitting({ state: 'idle' })).toBe(false);
    expect(isSubmitting(post())).toBe(true);
    expect(isSubmitting({ ...post(), state: 'loading' })).toBe(true);
    expect(isSubmitting({ state: 'loading', formMethod: 'GET', formAction: '/search' })).toBe(
      false,
    );
  });

  it('can be narrowed to one action and one intent', () => {
    expect(isSubmitting(post('phone'), { intent: 'phone' })).toBe(true);
    expect(isSubmitting(post('email'), { intent: 'phone' })).toBe(false);
    expect(isSubmitting(post(), { formAction: '/account?index' })).toBe(true);
    expect(isSubmitting(post(), { formAction: '/login' })).toBe(false);
  });
});
