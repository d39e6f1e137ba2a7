import { describe, expect, it } from 'vitest';
import { attr, failedDemo, renderDemo as render, tagWith, textById } from './demo-form.test-utils';

describe('Field (server render)', () => {
  it('labels the input (for/id), marks it required, describes it with its hint', () => {
    const html = render();
    const input = tagWith(html, 'input', 'name="email"');
    const id = attr(input, 'id')!;
    expect(id).toBeTruthy();
    expect(tagWith(html, 'label', `for="${id}"`)).toBeTruthy();
    expect(attr(input, 'type')).toBe('email');
    expect(input).toMatch(/\srequired=""/);
    expect(attr(input, 'autocomplete')).toBe('email');
    expect(attr(input, 'aria-invalid')).toBeUndefined();
    const describedBy = attr(input, 'aria-describedby')!.split(' ');
    expect(describedBy).toHaveLength(1);
    expect(textById(html, describedBy[0])).toBe('Your email address is your username.');
    // The star is decoration; the required attribute is what assistive technology reads.
    expect(html).toMatch(/Email<span aria-hidden="true"[^>]*>\*<\/span><\/label>/);
  });

  it('with an error: aria-invalid, aria-describedby naming the hint and the error list', () => {
    const html = render(failedDemo());
    const input = tagWith(html, 'input', 'name="email"');
    expect(attr(input, 'aria-invalid')).toBe('true');
    expect(attr(input, 'value')).toBe('ann@');
    const ids = attr(input, 'aria-describedby')!.split(' ');
    expect(ids).toHaveLength(2);
    const texts = ids.map((id) => textById(html, id));
    expect(texts).toContain('Your email address is your username.');
    expect(texts).toContain('Please enter a valid email address.');
    const label = tagWith(html, 'label', `for="${attr(input, 'id')}"`);
    expect(label).toBeTruthy();
  });

  it('a tel field: optional, its error named by aria-describedby', () => {
    const html = render(failedDemo());
    const phone = tagWith(html, 'input', 'name="phone"');
    expect(attr(phone, 'type')).toBe('tel');
    expect(attr(phone, 'aria-invalid')).toBe('true');
    expect(phone).not.toMatch(/\srequired=""/);
    expect(textById(html, attr(phone, 'aria-describedby')!)).toBe(
      'Please enter a valid phone number.',
    );
  });
});
