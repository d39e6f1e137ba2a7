import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { Form, Link, useActionData, useNavigation, useSearchParams } from '@remix-run/react';
import { useEffect, useMemo, useState } from 'react';
import { ErrorList } from '~/lib/form-kit/error-list';
import { fieldStyles, type FieldMeta } from '~/lib/form-kit/field-base';
import { FormAlert } from '~/lib/form-kit/form-alert';
import { SubmitButton } from '~/lib/form-kit/submit-button';
import { isSubmitting } from '~/lib/form-kit/submitting';
import { useSchemaForm } from '~/lib/form-kit/use-schema-form';
import { cx, sx, sxRecipe } from '~/lib/theme/static-css';
import { FilterSearch } from '~/lib/ui/filter-search';
import { panelStyle, srOnly } from '~/lib/ui/styles';
import {
  CHARITY_FORM,
  CHARITY_PATH,
  charityChangeSchema,
  groupCharities,
  MAX_CHARITY_QUERY,
  NO_CHARITY_MESSAGE,
  normaliseCharityQuery,
  schoolMatchesMessage,
  searchSchools,
  youSupportMessage,
  type CharityOption,
} from './charity';
import type { CharityPageData } from './charity.server';
import { CharityNotice } from './charity-snackbar';

const styles = {
  page: sx({ maxW: '800px', mx: 'auto', px: '4', py: { base: '6', md: '10' } }),
  heading: sxRecipe('heading', { size: '2xl' }, { mb: '2' }),
  intro: sx({ color: 'fg.muted', mb: '4' }),
  card: sx({
    ...panelStyle,
    p: { base: '4', md: '6' },
    mb: '6',
    display: 'flex',
    flexDirection: 'column',
    gap: '4',
  }),
  current: sx({ fontSize: 'lg', fontWeight: 'semibold' }),
  unavailable: sx({ color: 'fg.muted' }),
  form: sx({ display: 'flex', flexDirection: 'column', gap: '5' }),
  fieldset: sx({
    borderWidth: '1px',
    borderRadius: 'l2',
    px: '4',
    pb: '3',
    pt: '1',
    m: '0',
    minW: '0',
  }),
  legend: sx({ px: '1', fontWeight: 'semibold', fontSize: 'md' }),
  list: sx({ listStyleType: 'none', p: '0', m: '0', display: 'flex', flexDirection: 'column' }),
  // A school the search leaves out is hidden (the row's display would otherwise win).
  item: sx({ py: '2', '&[hidden]': { display: 'none' } }),
  label: sx({ display: 'flex', flexDirection: 'column', gap: '0.5', cursor: 'pointer' }),
  name: sx({ fontWeight: 'medium' }),
  detail: sx({ fontSize: 'sm', color: 'fg.muted' }),
  submit: sx({ alignSelf: 'flex-start' }),
  saveBar: sx({
    position: 'sticky',
    bottom: '0',
    zIndex: '1',
    display: 'flex',
    bg: 'bg',
    py: '3',
    borderTopWidth: '1px',
  }),
  back: sxRecipe('link', { variant: 'underline' }, { color: 'brand.fg', fontWeight: 'medium' }),
};

/**
 * The charity page: the current charity stated ('You support …'), then the brand's variant — every
 * charity grouped by its district or cause, or a school list with a search — as radio buttons in
 * one form that posts the change. Everything works without JavaScript; with it, the school list
 * follows the search box as the shopper types, and the confirmation is a snackbar.
 */
export function CharityPage({ data }: { data: CharityPageData }) {
  const schools = data.variant === 'schools';
  const picker = data.picker;
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>
        {schools ? 'Choose Your School or Cause' : 'Choose Your Charity'}
      </h1>
      <p className={styles.intro}>
        {schools
          ? 'Pick the school or cause your shopping supports. Find it by its name, its district or group, or its ZIP code.'
          : 'Pick the school or cause your shopping supports.'}
      </p>
      <CharityNotice notice={data.notice} version={data} />
      <section
        className={styles.card}
        aria-label={schools ? 'Your school or cause' : 'Your charity'}
      >
        {picker.status === 'unavailable' ? (
          <p className={styles.unavailable} data-testid="charity-unavailable">
            {picker.message}
          </p>
        ) : (
          <>
            <p className={styles.current} data-testid="current-charity">
              {picker.current ? youSupportMessage(picker.current.name) : NO_CHARITY_MESSAGE}
            </p>
            <ChangeForm
              // A new current charity (after a change) starts the form afresh.
              key={picker.current?.id ?? ''}
              charities={picker.charities}
              currentId={picker.current?.id ?? null}
              schools={schools}
              q={data.q}
            />
          </>
        )}
      </section>
      <p>
        <Link to="/rewards" className={styles.back}>
          Back to My Rewards
        </Link>
      </p>
    </div>
  );
}

function ChangeForm({
  charities,
  currentId,
  schools,
  q,
}: {
  charities: CharityOption[];
  currentId: string | null;
  schools: boolean;
  q: string;
}) {
  const actionData = useActionData<{ intent?: string; result?: SubmissionResult<string[]> }>();
  const navigation = useNavigation();
  const submitting = isSubmitting(navigation, { formAction: CHARITY_PATH });
  const schema = useMemo(() => charityChangeSchema(), []);
  const [form, fields] = useSchemaForm(schema, {
    id: CHARITY_FORM,
    lastResult: actionData?.intent === CHARITY_FORM ? actionData.result : undefined,
    defaultValue: currentId ? { charityId: currentId } : undefined,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  });
  const meta: FieldMeta = fields.charityId;
  const chosen = typeof meta.initialValue === 'string' ? meta.initialValue : currentId;
  const query = useSchoolQuery(q);
  const shown = useMemo(
    () => (schools ? searchSchools(charities, query.value) : null),
    [schools, charities, query.value],
  );

  return (
    <>
      {schools ? <SchoolSearch query={query} count={shown?.count ?? 0} /> : null}
      {/* After a change the page goes back to the top, where the new charity is stated. */}
      <Form method="post" action={CHARITY_PATH} {...getFormProps(form)} className={styles.form}>
        <FormAlert id={form.errorId} errors={form.errors} />
        {schools ? (
          <fieldset className={styles.fieldset} data-form-field={meta.name}>
            <legend className={styles.legend}>Schools and causes</legend>
            <CharityRadios
              charities={charities}
              meta={meta}
              chosen={chosen}
              visible={shown?.ids}
              details
            />
          </fieldset>
        ) : (
          <div data-form-field={meta.name} className={styles.form}>
            {groupCharities(charities).map((group) => (
              <fieldset key={group.name} className={styles.fieldset}>
                <legend className={styles.legend}>{group.name}</legend>
                <CharityRadios charities={group.charities} meta={meta} chosen={chosen} />
              </fieldset>
            ))}
          </div>
        )}
        <ErrorList id={meta.errorId} errors={meta.errors} />
        {/* Save stays in view at the bottom of the screen while the list scrolls by (a long list
            on a phone); the radios are one stop for Tab, so Save is the next one. */}
        <div className={styles.saveBar}>
          <SubmitButton className={styles.submit} pending={submitting} pendingLabel="Saving…">
            {schools ? 'Save My Choice' : 'Save My Charity'}
          </SubmitButton>
        </div>
      </Form>
    </>
  );
}

/**
 * The search as the page shows it: the address's `q` (a search sent, a link), then what the
 * shopper types (with JavaScript the list follows the box at once).
 */
function useSchoolQuery(initial: string) {
  const [params] = useSearchParams();
  const fromUrl = normaliseCharityQuery(params.get('q') ?? initial);
  const [typed, setTyped] = useState(fromUrl);
  useEffect(() => setTyped(fromUrl), [fromUrl]);
  return { value: typed, set: setTyped };
}

type SchoolQuery = ReturnType<typeof useSchoolQuery>;

function SchoolSearch({ query, count }: { query: SchoolQuery; count: number }) {
  const q = normaliseCharityQuery(query.value);
  return (
    <FilterSearch
      action={CHARITY_PATH}
      name="Search schools and causes"
      label="Name, district or ZIP code"
      look="page"
      value={query.value}
      onChange={query.set}
      maxLength={MAX_CHARITY_QUERY}
      autoComplete="off"
      replace
      status={q ? schoolMatchesMessage(count, q) : null}
      statusTestId="school-count"
    />
  );
}

/**
 * One radio per charity. A school the search leaves out stays in the form, hidden, so a choice
 * made before searching again is kept (and still posted).
 */
function CharityRadios({
  charities,
  meta,
  chosen,
  visible,
  details = false,
}: {
  charities: CharityOption[];
  meta: FieldMeta;
  chosen: string | null;
  visible?: Set<string>;
  details?: boolean;
}) {
  const invalid = Boolean(meta.errors?.length);
  return (
    <ul className={styles.list}>
      {charities.map((charity) => {
        const id = `${meta.id}-${charity.id}`;
        const detail = [charity.group, charity.zipCode].filter(Boolean).join(' · ');
        return (
          <li
            key={charity.id}
            className={cx(styles.item, fieldStyles.checkRow)}
            hidden={visible ? !visible.has(charity.id) : undefined}
            data-charity={charity.id}
          >
            <input
              type="radio"
              id={id}
              name={meta.name}
              value={charity.id}
              defaultChecked={charity.id === chosen}
              // A radio has no aria-invalid (ARIA 1.2): the message is its description.
              aria-describedby={invalid ? meta.errorId : undefined}
              className={fieldStyles.checkbox}
            />
            <label htmlFor={id} className={styles.label}>
              <span className={styles.name}>{charity.name}</span>
              {details && detail ? (
                <span className={styles.detail}>
                  <span className={srOnly}>, </span>
                  {detail}
                </span>
              ) : null}
            </label>
          </li>
        );
      })}
    </ul>
  );
}
