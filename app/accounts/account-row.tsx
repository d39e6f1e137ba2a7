import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { srOnly } from '~/lib/ui/styles';
import type { AccountIntent } from './schemas';
import { sx, sxRecipe } from '~/lib/theme/static-css';

/**
 * One row of 'My Account Information': read-only with an Edit link, or the row's form with Save
 * and Cancel (account-row-form.tsx), one row edited at a time. Which row is edited lives in the
 * URL (`/account?edit=phone`), so Edit and Cancel are plain links and the page works without
 * JavaScript.
 */

export const accountStyles = {
  page: sx({
    maxW: '800px',
    mx: 'auto',
    px: '4',
    py: { base: '6', md: '10' },
    display: 'flex',
    flexDirection: 'column',
    gap: '6',
  }),
  heading: sxRecipe('heading', { size: '2xl' }),
  card: sx({
    borderWidth: '1px',
    borderRadius: 'l3',
    px: { base: '4', md: '6' },
    py: { base: '2', md: '3' },
    bg: 'bg',
    shadow: 'sm',
  }),
  paddedCard: sx({
    borderWidth: '1px',
    borderRadius: 'l3',
    p: { base: '4', md: '6' },
    bg: 'bg',
    shadow: 'sm',
    display: 'flex',
    flexDirection: 'column',
    gap: '3',
  }),
  cardHeading: sxRecipe('heading', { size: 'lg' }),
  list: sx({ m: '0' }),
  row: sx({
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'baseline',
    columnGap: '4',
    rowGap: '2',
    py: '4',
    borderBottomWidth: '1px',
    _last: { borderBottomWidth: '0' },
  }),
  label: sx({ flexBasis: { base: '100%', md: '11rem' }, flexShrink: 0, fontWeight: 'semibold' }),
  value: sx({ flex: '1', minW: '0', m: '0', overflowWrap: 'anywhere' }),
  empty: sx({ color: 'fg.muted' }),
  line: sx({ display: 'block' }),
  editCell: sx({ m: '0', ms: 'auto' }),
  formCell: sx({ m: '0', flex: '1', minW: { base: '100%', md: '0' } }),
  form: sx({ display: 'flex', flexDirection: 'column', gap: '4' }),
  actions: sx({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center' }),
  cancel: sxRecipe('button', { size: 'md', variant: 'outline' }),
  link: sxRecipe(
    'link',
    { variant: 'underline' },
    {
      color: 'brand.fg',
      fontWeight: 'medium',
      _focusVisible: { outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '2px' },
    },
  ),
  text: sx({ color: 'fg.muted' }),
  logOut: sxRecipe('button', { size: 'md', variant: 'outline' }, { colorPalette: 'brand' }),
  logOutMobile: sxRecipe(
    'button',
    { size: 'lg', variant: 'outline' },
    { colorPalette: 'brand', w: 'full' },
  ),
  mobileOnly: sx({ display: { base: 'block', md: 'none' } }),
  srOnly,
};

/** The id of a row's form (conform's form id): `account-phone`. */
export const rowFormId = (row: AccountIntent) => `account-${row}`;
/** The id of a row's Edit link, where focus returns after Cancel or Save. */
export const editLinkId = (row: AccountIntent) => `account-edit-${row}`;
/** Where a row's Edit link goes. */
export const editHref = (row: AccountIntent) => `/account?edit=${row}`;

export interface AccountRowProps {
  row: AccountIntent;
  label: string;
  editing: boolean;
  /** The read-only value. */
  value: ReactNode;
  /** The row's form, rendered while editing. */
  form: ReactNode;
}

/** A `<div>` of the page's `<dl>`: label, then the value with Edit, or the form. */
export function AccountRow({ row, label, editing, value, form }: AccountRowProps) {
  return (
    <div className={accountStyles.row} data-account-row={row}>
      <dt className={accountStyles.label}>{label}</dt>
      {editing ? (
        <dd className={accountStyles.formCell}>{form}</dd>
      ) : (
        <>
          <dd className={accountStyles.value}>{value}</dd>
          <dd className={accountStyles.editCell}>
            <Link
              id={editLinkId(row)}
              to={editHref(row)}
              preventScrollReset
              className={accountStyles.link}
            >
              Edit<span className={srOnly}> {label}</span>
            </Link>
          </dd>
        </>
      )}
    </div>
  );
}

/** A value the shopper has not given. */
export function Empty({ children = 'Not provided' }: { children?: ReactNode }) {
  return <span className={accountStyles.empty}>{children}</span>;
}
