import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import {
  charityChangeSchema,
  charityOptions,
  CHOOSE_CHARITY_MESSAGE,
  enrolledIds,
  groupCharities,
  isNoChange,
  normaliseCharityQuery,
  OTHER_GROUP,
  planCharityChange,
  schoolMatches,
  schoolMatchesMessage,
  searchSchools,
  toCharityOption,
  UNKNOWN_CHARITY_MESSAGE,
  type CharityRecord,
} from './charity';

const record = (
  charityId: string,
  notes: string,
  charityDescription: string,
  zipCode = '84720',
): CharityRecord => ({ charityId, notes, charityDescription, zipCode });

const RECORDS = [
  record('7', 'Pine Creek High School', 'Pine Creek School District', '84770'),
  record('3', 'Cottonwood Elementary', 'Pine Creek School District', '84770'),
  record('12', 'Hope Valley Food Bank', 'Community Food and Shelter', '84720'),
  record('5', 'Ábaco Montessori', 'Private and Charter Schools', '84790'),
  record('9', 'School 10', 'Private and Charter Schools', '84790'),
  record('8', 'School 2', 'private and charter schools', '84790'),
  record('20', 'Lone Helper', '', '84721'),
];

describe('toCharityOption', () => {
  it('names a charity by its notes, then its group, then its id; cleans the text', () => {
    expect(toCharityOption(record('1', '  Red\tMesa   Elementary ', ' District\n9 '))).toEqual({
      id: '1',
      name: 'Red Mesa Elementary',
      group: 'District 9',
      zipCode: '84720',
    });
    expect(toCharityOption(record('2', '', 'Food Bank')).name).toBe('Food Bank');
    expect(
      toCharityOption({ charityId: '3', notes: null, charityDescription: null, zipCode: null }),
    ).toEqual({ id: '3', name: 'Charity 3', group: '', zipCode: '' });
  });
});

describe('charityOptions', () => {
  it('sorts by name, case, accents and numbers as a reader expects, each id once', () => {
    const options = charityOptions([...RECORDS, record('7', 'Duplicate', 'X')]);
    expect(options.map((o) => o.name)).toEqual([
      'Ábaco Montessori',
      'Cottonwood Elementary',
      'Hope Valley Food Bank',
      'Lone Helper',
      'Pine Creek High School',
      'School 2',
      'School 10',
    ]);
    expect(options.find((o) => o.id === '7')?.name).toBe('Pine Creek High School');
  });
});

describe('groupCharities', () => {
  it('groups by charityDescription in alphabetical order, names sorted inside, ungrouped last', () => {
    const groups = groupCharities(charityOptions(RECORDS));
    expect(groups.map((g) => g.name)).toEqual([
      'Community Food and Shelter',
      'Pine Creek School District',
      'Private and Charter Schools',
      'private and charter schools',
      OTHER_GROUP,
    ]);
    expect(groups[1].charities.map((c) => c.name)).toEqual([
      'Cottonwood Elementary',
      'Pine Creek High School',
    ]);
    expect(groups[2].charities.map((c) => c.name)).toEqual(['Ábaco Montessori', 'School 10']);
    expect(groups.at(-1)?.charities.map((c) => c.id)).toEqual(['20']);
  });

  it('gives nothing for no charities', () => {
    expect(groupCharities([])).toEqual([]);
  });
});

describe('school search', () => {
  const options = charityOptions(RECORDS);
  const names = (q: string) => options.filter((o) => schoolMatches(o, q)).map((o) => o.name);

  it('matches the name (notes), any case, words in any order', () => {
    expect(names('cottonwood')).toEqual(['Cottonwood Elementary']);
    expect(names('ELEMENTARY cotton')).toEqual(['Cottonwood Elementary']);
    expect(names('high pine')).toEqual(['Pine Creek High School']);
  });

  it('matches the district (charityDescription)', () => {
    expect(names('pine creek district')).toEqual([
      'Cottonwood Elementary',
      'Pine Creek High School',
    ]);
  });

  it('matches the ZIP, its first digits, and a ZIP+4', () => {
    expect(names('84770')).toEqual(['Cottonwood Elementary', 'Pine Creek High School']);
    expect(names('8479')).toEqual(['Ábaco Montessori', 'School 2', 'School 10']);
    expect(names('84720-1234')).toEqual(['Hope Valley Food Bank']);
    // Inside a ZIP is not its start.
    expect(names('770')).toEqual([]);
  });

  it('ignores accents and punctuation both ways', () => {
    expect(names('abaco')).toEqual(['Ábaco Montessori']);
    expect(names('ÁBACO')).toEqual(['Ábaco Montessori']);
    expect(names('Cottonwood-Elementary')).toEqual(['Cottonwood Elementary']);
    expect(
      schoolMatches(toCharityOption(record('1', "St. Mary's Piñon School", 'D')), 'marys pinon'),
    ).toBe(true);
  });

  it('matches the start of words only, and needs every word', () => {
    expect(names('elem')).toEqual(['Cottonwood Elementary']);
    expect(names('ementary')).toEqual([]);
    expect(names('cottonwood bank')).toEqual([]);
  });

  it('an empty or blank search matches every school', () => {
    for (const q of ['', '   ', '\t\n', '--']) expect(names(q)).toHaveLength(options.length);
    expect(searchSchools(options, '')).toEqual({
      ids: new Set(options.map((o) => o.id)),
      count: options.length,
    });
  });

  it('counts the matches and says so', () => {
    // In the name or in the district ('Pine Creek School District' holds Cottonwood Elementary).
    expect(searchSchools(options, 'school').count).toBe(5);
    expect(schoolMatchesMessage(5, 'school')).toBe('5 matches for “school”.');
    expect(schoolMatchesMessage(1, 'hope')).toBe('1 match for “hope”.');
    expect(schoolMatchesMessage(0, 'zzz')).toBe('No matches for “zzz”.');
  });

  it('keeps a query on one line and at most 100 characters', () => {
    expect(normaliseCharityQuery('  pine\r\n  creek\u0000 ')).toBe('pine creek');
    expect(normaliseCharityQuery('x'.repeat(300))).toHaveLength(100);
    expect(normaliseCharityQuery(null)).toBe('');
    expect(normaliseCharityQuery(['a'])).toBe('');
  });
});

describe('planCharityChange', () => {
  it('none enrolled: enroll the chosen one', () => {
    expect(planCharityChange([], '5')).toEqual({ disenroll: [], enroll: '5' });
  });

  it('another enrolled: disenroll it, then enroll the chosen one', () => {
    expect(planCharityChange(['3'], '5')).toEqual({ disenroll: ['3'], enroll: '5' });
  });

  it('the chosen one enrolled: nothing to do', () => {
    const plan = planCharityChange(['5'], '5');
    expect(plan).toEqual({ disenroll: [], enroll: null });
    expect(isNoChange(plan)).toBe(true);
    expect(isNoChange(planCharityChange([], '5'))).toBe(false);
  });

  it('several enrolled (a backend that allows it): every other one disenrolled', () => {
    expect(planCharityChange(['3', '5', '8'], '5')).toEqual({
      disenroll: ['3', '8'],
      enroll: null,
    });
    expect(planCharityChange(['3', '8'], '5')).toEqual({ disenroll: ['3', '8'], enroll: '5' });
  });

  it('reads the enrolled ids of the shopper records', () => {
    expect(
      enrolledIds([
        { charityId: '3', isEnrolled: false },
        { charityId: '5', isEnrolled: true },
        { charityId: '5', isEnrolled: true },
      ]),
    ).toEqual(['5']);
    expect(enrolledIds([])).toEqual([]);
  });
});

describe('charityChangeSchema', () => {
  const parse = (entries: [string, string | File][], ids?: string[]) => {
    const form = new FormData();
    for (const [k, v] of entries) form.append(k, v);
    return parseWithZod(form, { schema: charityChangeSchema(ids) });
  };
  const errors = (submission: ReturnType<typeof parse>) =>
    submission.status === 'error' ? submission.error?.charityId : undefined;

  it('takes one of the brand charities', () => {
    const ok = parse([['charityId', ' 5 ']], ['3', '5']);
    expect(ok.status).toBe('success');
    expect(ok.status === 'success' && ok.value.charityId).toBe('5');
  });

  it('asks for a choice when none is posted', () => {
    expect(errors(parse([]))).toEqual([CHOOSE_CHARITY_MESSAGE]);
    expect(errors(parse([['charityId', '']]))).toEqual([CHOOSE_CHARITY_MESSAGE]);
  });

  it('refuses an id that is not in the list, two ids, a file, a huge value', () => {
    expect(errors(parse([['charityId', '4']], ['3', '5']))).toEqual([UNKNOWN_CHARITY_MESSAGE]);
    expect(
      errors(
        parse(
          [
            ['charityId', '3'],
            ['charityId', '5'],
          ],
          ['3', '5'],
        ),
      ),
    ).toEqual([UNKNOWN_CHARITY_MESSAGE]);
    expect(errors(parse([['charityId', new File(['x'], 'x.txt')]]))).toEqual([
      UNKNOWN_CHARITY_MESSAGE,
    ]);
    expect(errors(parse([['charityId', '9'.repeat(65)]]))).toEqual([UNKNOWN_CHARITY_MESSAGE]);
  });

  it('without the list any short id passes (the page validates before the action checks)', () => {
    expect(parse([['charityId', '4']]).status).toBe('success');
  });
});
