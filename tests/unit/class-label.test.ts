import { describe, expect, it } from 'vitest';
import { classLabel } from '../../contract/class-label';
import { classWithSection } from '../../src/kit/profile-rows';
import { classLabel as pickerLabel } from '../../src/features/attendance/ClassPicker';
import { classLabel as examLabel } from '../../src/features/exams/queries';
import { classLabel as recordLabel } from '../../src/features/records/queries';
import { classLabel as studentLabel } from '../../src/features/students/queries';
import { classLabel as teacherLabel } from '../../src/features/teachers/queries';

describe('one way to write a class', () => {
  it('writes the class and its section with a space: VIII A', () => {
    expect(classLabel('VIII', 'A')).toBe('VIII A');
    expect(classLabel(' VIII ', ' A ')).toBe('VIII A');
    expect(classLabel('Nursery', '')).toBe('Nursery');
    expect(classLabel('Nursery', null)).toBe('Nursery');
    expect(classLabel('', 'A')).toBe('');
  });

  it('is the form of every screen’s class label (the profile once wrote "VIII - A")', () => {
    const row = { className: 'VIII', classSection: 'A' };
    expect([
      classWithSection('VIII', 'A'),
      pickerLabel(row),
      examLabel(row),
      recordLabel('VIII', 'A'),
      studentLabel(row),
      teacherLabel(row),
    ]).toEqual(Array.from({ length: 6 }, () => 'VIII A'));
  });
});
