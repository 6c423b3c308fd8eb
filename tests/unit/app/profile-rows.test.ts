import { describe, expect, it } from 'vitest';
import { classWithSection, deletionMailto, profileRows } from '../../../src/kit/profile-rows';
import { studentEntry, teacherEntry } from './helpers';

describe('settings profile rows (spec section 2)', () => {
  it('lists a student: name, email, admission id, roll number, class with section, school, phone, address, birth date, gender', () => {
    expect(profileRows(studentEntry(), 'student@kaksha.demo')).toEqual([
      { field: 'name', value: 'Ananya Sharma' },
      { field: 'email', value: 'student@kaksha.demo' },
      { field: 'admissionId', value: 'GV-2019-001' },
      { field: 'rollNumber', value: '7' },
      { field: 'classSection', value: 'Class 5 A' },
      { field: 'school', value: 'Green Valley Public School' },
      { field: 'phone', value: '9876543210' },
      { field: 'address', value: '12 MG Road, Pune' },
      { field: 'dateOfBirth', value: '09/03/2014' },
      { field: 'gender', value: 'Female' },
    ]);
  });

  it('lists a teacher with the employee id and without student fields', () => {
    const rows = profileRows(teacherEntry(), null);
    expect(rows.map((row) => row.field)).toEqual([
      'name',
      'email',
      'school',
      'employeeId',
      'phone',
      'address',
      'dateOfBirth',
      'gender',
    ]);
    expect(rows.find((row) => row.field === 'employeeId')?.value).toBe('EMP-042');
  });

  it('marks missing values as null', () => {
    const rows = profileRows(studentEntry({ admissionId: null, studentProfileModel: { ...studentEntry().studentProfileModel, phoneNumber: ' ' } }), null);
    expect(rows.find((row) => row.field === 'admissionId')?.value).toBeNull();
    expect(rows.find((row) => row.field === 'phone')?.value).toBeNull();
  });

  it('joins class and section', () => {
    expect(classWithSection('Class 10', 'B')).toBe('Class 10 B');
    expect(classWithSection('Class 10', '')).toBe('Class 10');
    expect(classWithSection(null, 'B')).toBeNull();
  });

  it('prefills the deletion e-mail', () => {
    const href = deletionMailto('admin@school.example', 'Account deletion request', 'Name: A & B\nUser ID: a@b.in');
    expect(href).toBe(
      'mailto:admin@school.example?subject=Account%20deletion%20request&body=Name%3A%20A%20%26%20B%0AUser%20ID%3A%20a%40b.in',
    );
  });
});
