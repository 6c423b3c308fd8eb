import { describe, expect, it } from 'vitest';
import { parentNameOf } from '../../server/modules/auth/parent-name';

const child = (fatherName: string | null, motherName: string | null, parentEmail: string | null = 'family@example.in') => ({
  fatherName,
  motherName,
  parentEmail,
});

describe('parentNameOf', () => {
  it('names the parent whose first name the e-mail holds', () => {
    expect(parentNameOf('rajesh.kulkarni@example.in', [child('Rajesh Kulkarni', 'Meena Kulkarni', 'rajesh.kulkarni@example.in')])).toBe('Rajesh Kulkarni');
    expect(parentNameOf('Meena.K@Example.in', [child('Rajesh Kulkarni', 'Meena Kulkarni', 'meena.k@example.in')])).toBe('Meena Kulkarni');
  });

  it('names both parents of a shared family address, the surname once when they share it', () => {
    expect(parentNameOf('family@example.in', [child('Rajesh Kulkarni', 'Meena Kulkarni')])).toBe('Rajesh and Meena Kulkarni');
    expect(parentNameOf('family@example.in', [child('Rajesh Rao', 'Meena Iyer')])).toBe('Rajesh Rao and Meena Iyer');
  });

  it('names the only parent recorded, with spaces tidied', () => {
    expect(parentNameOf('family@example.in', [child(null, '  Shabana   Shaikh ')])).toBe('Shabana Shaikh');
    expect(parentNameOf('family@example.in', [child('Imran Shaikh', '')])).toBe('Imran Shaikh');
  });

  it('prefers the child whose record carries the account e-mail, else any linked child', () => {
    const children = [child('Other Father', 'Other Mother', 'someone@else.in'), child('Anil Verma', null)];
    expect(parentNameOf('family@example.in', children)).toBe('Anil Verma');
    expect(parentNameOf('new@example.in', [child(null, null, 'x@y.in'), child('Anil Verma', null, 'x@y.in')])).toBe('Anil Verma');
  });

  it('is null without any recorded parent name; a name in another script never counts as named in the e-mail', () => {
    expect(parentNameOf('family@example.in', [child(null, null)])).toBeNull();
    expect(parentNameOf('family@example.in', [])).toBeNull();
    expect(parentNameOf('rajesh@example.in', [child('राजेश', 'Rajesh Mehta')])).toBe('Rajesh Mehta');
  });
});
