import { describe, expect, it } from 'vitest';
import { changedFields, isChoosable } from './client.server';
import { customerSchema } from './schemas';

const previous = customerSchema.parse({
  frqShopperNo: '000000000123',
  firstName: 'Ava',
  lastName: 'Thompson',
  phone: '4355550101',
  emailAddress: 'ava@example.com',
  birthday: null,
  zipCode: '84108',
  myStore: '0001',
  rewardSubscriptions: [
    { rewardSubscriptionId: 1, rewardSubscriptionName: 'Ecommerce User' },
    { rewardSubscriptionId: 2, rewardSubscriptionName: 'Grocery Rewards' },
  ],
});

describe('changedFields', () => {
  it('keeps only what differs from the previous record (renamed fields included)', () => {
    expect(
      changedFields(previous, {
        firstName: 'Ava',
        lastName: 'Smith',
        email: 'ava@example.com',
        zip: '84108',
        myStore: '0002',
        rewardSubscriptions: ['2'],
        birthday: '1990-01-02',
        secondaryPhone: '',
      }),
    ).toEqual({ lastName: 'Smith', myStore: '0002', birthday: '1990-01-02' });
  });

  it('without a previous record sends every set field, never undefined ones', () => {
    expect(
      changedFields(null, { firstName: 'A', lastName: undefined, optOutDataSharing: false }),
    ).toEqual({
      firstName: 'A',
      optOutDataSharing: false,
    });
  });

  it('a changed reward choice is sent', () => {
    expect(changedFields(previous, { rewardSubscriptions: ['3'] })).toEqual({
      rewardSubscriptions: ['3'],
    });
  });
});

describe('isChoosable', () => {
  it("filters the fixed id 1 and the 'Ecommerce User' name", () => {
    expect(isChoosable({ rewardSubscriptionId: '1', rewardSubscriptionName: 'Anything' })).toBe(
      false,
    );
    expect(
      isChoosable({ rewardSubscriptionId: '9', rewardSubscriptionName: 'Ecommerce User' }),
    ).toBe(false);
    expect(isChoosable({ rewardSubscriptionId: '3', rewardSubscriptionName: 'Fuel Rewards' })).toBe(
      true,
    );
  });
});

describe('customerSchema', () => {
  it('fills absent fields so pages meet null/[]/defaults, and turns ids into strings', () => {
    const c = customerSchema.parse({ frqShopperNo: 123456789012 });
    expect(c).toMatchObject({
      frqShopperNo: '123456789012',
      emailAddress: null,
      myStore: '0',
      myStoreInfo: null,
      rewardSubscriptions: [],
      userEmailSubscriptions: [],
      optOutDataSharing: false,
      hasPassword: false,
    });
  });
});
