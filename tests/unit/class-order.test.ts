/** contract/class-order.ts: the school's order of classes, used by every list of classes. */
import { describe, expect, it } from 'vitest';
import { compareClasses } from '../../contract/class-order';

const sorted = (rows: { className: string; classSection?: string | null }[]) =>
  [...rows].sort(compareClasses).map((row) => [row.className, row.classSection].filter(Boolean).join(' '));

describe('compareClasses', () => {
  it('Nursery, LKG, UKG, I..XII, then sections in order', () => {
    const names = ['XII', 'IX', 'II', 'UKG', 'X', 'I', 'Nursery', 'XI', 'IV', 'V', 'LKG', 'III', 'VIII', 'VI', 'VII'];
    expect(sorted(names.map((className) => ({ className, classSection: 'A' })))).toEqual(
      ['Nursery', 'LKG', 'UKG', 'I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII'].map((name) => `${name} A`),
    );
    expect(sorted([{ className: 'VI', classSection: 'C' }, { className: 'VI', classSection: 'A' }, { className: 'VI', classSection: 'B' }])).toEqual([
      'VI A',
      'VI B',
      'VI C',
    ]);
  });

  it('a class written another way takes its place; other names come last, alphabetically', () => {
    expect(
      sorted([
        { className: 'Music club' },
        { className: 'Class 10', classSection: 'A' },
        { className: '2nd', classSection: 'A' },
        { className: 'Art club' },
        { className: 'UKG', classSection: 'A' },
      ]),
    ).toEqual(['UKG A', '2nd A', 'Class 10 A', 'Art club', 'Music club']);
  });
});
