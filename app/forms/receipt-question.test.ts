import { describe, expect, it } from 'vitest';
import {
  readReceiptQuestion,
  receiptQuestionDefaults,
  receiptQuestionHref,
} from './receipt-question';
import type { PublicForm } from './types';

const form = {
  slug: 'customer-service',
  title: 'Send us a message',
  intro: null,
  submitLabel: 'Send',
  maxTotalBytes: 0,
  fields: [
    {
      type: 'text',
      name: 'name',
      label: 'Name',
      required: true,
      help: null,
      maxLength: 100,
      autocomplete: null,
    },
    {
      type: 'select',
      name: 'topic',
      label: 'Topic',
      required: true,
      help: null,
      placeholder: null,
      options: [
        { value: 'A question', label: 'A question' },
        { value: 'My Rewards account', label: 'My Rewards account' },
      ],
    },
    {
      type: 'textarea',
      name: 'message',
      label: 'Message',
      required: true,
      help: null,
      maxLength: 2000,
      rows: 6,
    },
  ],
} as unknown as PublicForm;

const params = (href: string) => new URL(href, 'http://x').searchParams;

describe('a question about a receipt', () => {
  it('goes to the customer-service form and comes back as its starting answers', () => {
    const href = receiptQuestionHref({
      date: '2026-11-03',
      store: 'Lins Main',
      transaction: '123456789',
      coupon: 'Save $1.00 on Bluebell Meadow Cream Cheese',
    });
    expect(href.startsWith('/forms/customer-service?')).toBe(true);
    const question = readReceiptQuestion(params(href))!;
    expect(receiptQuestionDefaults(form, question)).toEqual({
      message:
        'Please check my receipt of Nov 3, 2026 at Lins Main (transaction number 123456789): I ' +
        'had clipped the coupon "Save $1.00 on Bluebell Meadow Cream Cheese" before this trip ' +
        'and bought the item, but no digital coupon shows on the receipt.',
      topic: 'My Rewards account',
    });
  });

  it('leaves out what does not validate, and asks nothing of a plain visit', () => {
    expect(readReceiptQuestion(params('/forms/customer-service'))).toBeNull();
    expect(
      readReceiptQuestion(
        params(
          `/f?receiptDate=2026-13-01&receiptStore=${'s'.repeat(81)}&transaction=12%3Cscript&coupon=Save%0A%241`,
        ),
      ),
    ).toEqual({ date: null, store: null, transaction: null, coupon: 'Save $1' });
    expect(readReceiptQuestion(params(`/f?coupon=${'c'.repeat(161)}`))).toBeNull();
    const noBox = { ...form, fields: form.fields.slice(0, 1) } as PublicForm;
    expect(
      receiptQuestionDefaults(noBox, { date: null, store: null, transaction: null, coupon: 'x' }),
    ).toBeNull();
  });
});
