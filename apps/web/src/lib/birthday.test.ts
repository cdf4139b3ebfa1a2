import { describe, expect, it } from 'vitest';
import { birthdayMessages, DAYS, formatBirthday, MONTH_KEYS, parseBirthday, toBirthdayFields, YEAR_RANGE } from './birthday';
import { translate } from './i18n';

const REQUIRED = { month: 'Choose the month', day: 'Choose the day' };

describe('birthday helpers', () => {
  it('names the twelve months, January first, and offers days 1 to 31 and the contract’s years', () => {
    expect(MONTH_KEYS.map((key) => translate(birthdayMessages, key))).toEqual([
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ]);
    expect(DAYS[0]).toBe(1);
    expect(DAYS.at(-1)).toBe(31);
    expect(YEAR_RANGE).toEqual({ min: 1900, max: 2100 });
  });

  it('gives the fields of a stored birthday, empty for none and for no year', () => {
    expect(toBirthdayFields({ month: 12, day: 1, year: 1985 })).toEqual({ month: '12', day: '1', year: '1985' });
    expect(toBirthdayFields({ month: 3, day: 14, year: null })).toEqual({ month: '3', day: '14', year: '' });
    expect(toBirthdayFields(null)).toEqual({ month: '', day: '', year: '' });
  });

  it('reads month and day without a year when none is typed, and the year when given', () => {
    expect(parseBirthday({ month: '3', day: '14', year: '' }, REQUIRED)).toEqual({ birthday: { month: 3, day: 14 }, issues: [] });
    expect(parseBirthday({ month: '6', day: '23', year: ' 1912 ' }, REQUIRED)).toEqual({ birthday: { month: 6, day: 23, year: 1912 }, issues: [] });
    expect(parseBirthday({ month: '2', day: '29', year: '1992' }, REQUIRED)).toEqual({ birthday: { month: 2, day: 29, year: 1992 }, issues: [] });
  });

  it('asks for the month and the day with the caller’s messages', () => {
    expect(parseBirthday({ month: '', day: '', year: '' }, REQUIRED)).toEqual({
      birthday: null,
      issues: [
        { field: 'month', message: 'Choose the month' },
        { field: 'day', message: 'Choose the day' },
      ],
    });
    expect(parseBirthday({ month: '2', day: '', year: '1990' }, REQUIRED)).toEqual({ birthday: null, issues: [{ field: 'day', message: 'Choose the day' }] });
  });

  it('refuses a date that does not exist under the day, and a year out of range under the year', () => {
    expect(parseBirthday({ month: '4', day: '31', year: '' }, REQUIRED)).toEqual({ birthday: null, issues: [{ field: 'day', message: 'Enter a real date' }] });
    expect(parseBirthday({ month: '2', day: '29', year: '1991' }, REQUIRED)).toEqual({
      birthday: null,
      issues: [{ field: 'day', message: 'Enter a real date' }],
    });
    const { birthday, issues } = parseBirthday({ month: '5', day: '20', year: '1899' }, REQUIRED);
    expect(birthday).toBeNull();
    expect(issues.map((issue) => issue.field)).toEqual(['year']);
  });

  it('shows a birthday as its month name and day, with the year when known', () => {
    expect(formatBirthday({ month: 3, day: 14, year: null })).toBe('March 14');
    expect(formatBirthday({ month: 12, day: 1, year: 1985 })).toBe('December 1, 1985');
  });
});
