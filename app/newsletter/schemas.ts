import { z } from 'zod';
import {
  checkboxField,
  choiceField,
  emailField,
  MAX_NAME_LENGTH,
  optionalText,
  phoneField,
} from '~/lib/form-kit/fields';
import { AGE_RANGES } from './messages';

/**
 * The sign-up forms (docs/reference/newsletter.md "Rules": Validation), one schema for the action
 * and the browser, built from the brand's store choices (memoise it on the page).
 *
 * - Footer (home store or Ace location): Email* ('This field is required.', 'Please enter a
 *   valid email address.'), the store* among `stores`, optional first and last names (at most 50
 *   characters each, what the loyalty backend keeps too), optional phone that must be ten digits
 *   under the (###) ###-#### mask.
 * - Pharmacy: Email*, store* among the options, age range* among AGE_RANGES, an optional agreement
 *   checkbox.
 */
export function signupSchema(stores: readonly string[]) {
  return z.object({
    email: emailField({ required: true }),
    store: choiceField(stores),
    firstName: optionalText({ max: MAX_NAME_LENGTH }),
    lastName: optionalText({ max: MAX_NAME_LENGTH }),
    phone: phoneField(),
  });
}
export type SignupValues = z.output<ReturnType<typeof signupSchema>>;

export function pharmacySchema(stores: readonly string[]) {
  return z.object({
    email: emailField({ required: true }),
    store: choiceField(stores),
    age: choiceField(AGE_RANGES),
    agree: checkboxField(),
  });
}
export type PharmacyValues = z.output<ReturnType<typeof pharmacySchema>>;
