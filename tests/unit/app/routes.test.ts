import { isValidElement, type ReactElement } from 'react';
import { matchRoutes, Navigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { familyRoles, roleNames, staffRoles, type RoleName } from '../../../contract/roles';
import { RequireAuth } from '../../../src/app/RequireAuth';
import { features } from '../../../src/app/features';
import { routes } from '../../../src/app/routes';
import { sectionsOf } from '../../../src/navigation/sections';
import { WaitForFirstSync } from '../../../src/kit/WaitForFirstSync';

const sections = sectionsOf(features);

const publicPaths = [
  '/',
  '/home',
  '/school-selection',
  '/login',
  '/register',
  '/forgotpassword',
  '/otp',
  '/terms-of-service',
  '/privacy-policy',
  '/maintenance',
];

const adminPaths = [
  '/admin',
  '/admin/results',
  '/admin/records',
  '/admin/records/printbonafide/7',
  '/admin/records/printtc/7',
  '/admin/records/printstudentdetails/7',
  '/admin/records/newadmission',
  '/admin/records/edit/GV-2019-001',
  '/admin/students',
  '/admin/students/add',
  '/admin/students/edit/7',
  '/admin/profile',
  '/admin/classes',
  '/admin/attendance',
  '/admin/mark-attendance',
  '/admin/teachers',
  '/admin/teachers/add',
  '/admin/teachers/edit/t-1',
  '/admin/subjects',
  '/admin/homework',
  '/admin/homework/add',
  '/admin/notifications',
  '/admin/addnotification',
  '/admin/editnotification/n-1',
  '/admin/fee',
  '/admin/addfee',
  '/admin/fees/edit/r-1',
  '/admin/fees/details/r-1',
  '/admin/schools',
  '/admin/reportcards',
  '/admin/timetable',
  '/admin/timetable/add',
  '/admin/timetable/edit/3',
  '/admin/events',
  '/admin/events/add',
  '/admin/events/edit/e-1',
  '/admin/exams',
  '/admin/teacher-attendance',
  '/admin/teacher-attendance/monthly/06-2025',
  '/admin/mapping',
  '/admin/accounts',
];

const studentPaths = [
  '/student',
  '/student/profile',
  '/student/homework',
  '/student/attendance',
  '/student/notifications',
  '/student/timetable',
  '/student/exams',
  '/student/events',
  '/student/fees',
  '/student/fees/details/r-1',
  '/student/results',
];

/** The role list of the guard a path passes through, 'public' when none, 'fallback' for the catch-all. */
function guardOf(path: string): readonly RoleName[] | 'public' | 'fallback' {
  const matches = matchRoutes(routes, path);
  if (!matches) throw new Error(`no route for ${path}`);
  const leaf = matches[matches.length - 1]?.route;
  if (leaf?.path === '*') return 'fallback';
  for (const { route } of matches) {
    const element = route.element;
    if (isValidElement<{ roles?: readonly RoleName[] }>(element) && element.type === RequireAuth) {
      return element.props.roles ?? [];
    }
  }
  return 'public';
}

describe('route table (spec section 2)', () => {
  it.each(publicPaths)('%s is declared and public', (path) => {
    expect(guardOf(path)).toBe('public');
  });

  it.each(adminPaths)('%s is declared for admin and teacher', (path) => {
    expect(guardOf(path)).toEqual(staffRoles);
  });

  it.each(studentPaths)('%s is declared for student and parent', (path) => {
    expect(guardOf(path)).toEqual(familyRoles);
  });

  it('/admin/contacted-clients is for Kaksha operators, who sign in on the page itself, not for school staff', () => {
    expect(guardOf('/admin/contacted-clients')).toBe('public');
  });

  it('/settings is declared for all four roles', () => {
    expect(guardOf('/settings')).toEqual(roleNames);
  });

  it('/app (the manifest start page) is declared and public, not the /home fallback', () => {
    expect(guardOf('/app')).toBe('public');
  });

  it('unknown paths redirect to /home', () => {
    expect(guardOf('/nowhere')).toBe('fallback');
    expect(guardOf('/admin/unknown/deeper')).toBe('fallback');
    const matches = matchRoutes(routes, '/nowhere') ?? [];
    const element = matches[matches.length - 1]?.route.element;
    expect(isValidElement<{ to: string; replace?: boolean }>(element) && element.type === Navigate).toBe(true);
    if (isValidElement<{ to: string; replace?: boolean }>(element)) expect(element.props).toMatchObject({ to: '/home', replace: true });
  });

  it("routes every feature's pages to the elements the feature declares, each path once", () => {
    for (const section of sections) {
      const leaf = (matchRoutes(routes, section.path) ?? []).at(-1)?.route;
      expect(leaf?.path, section.path).toBe(section.path);
      expect(isValidElement(leaf?.element), section.path).toBe(true);
      // A page that reads the school's records waits for them to arrive (src/kit/WaitForFirstSync.tsx).
      const element = leaf?.element as ReactElement<{ children?: unknown; needs?: unknown }> | undefined;
      if (section.needs) {
        expect(element?.type, section.path).toBe(WaitForFirstSync);
        expect(element?.props.needs, section.path).toBe(section.needs);
        expect(element?.props.children, section.path).toBe(section.page);
      } else {
        expect(element, section.path).toBe(section.page);
      }
    }
    for (const feature of features) {
      for (const section of sectionsOf([feature])) expect(sections, `${feature.name}: ${section.path}`).toContainEqual(section);
    }
    expect(new Set(sections.map((section) => section.path)).size).toBe(sections.length);
  });

  it('every page waits for the school\'s records but the dashboards (whose figures wait in place), settings and the schools page (read from the server)', () => {
    expect(sections.filter((section) => !section.needs).map((section) => section.path).sort()).toEqual(['/admin', '/admin/schools', '/settings', '/student']);
  });

  it('every path of the signed-in areas in spec section 2 is a section of a feature', () => {
    const templates = sections.map((section) => section.path);
    for (const path of [...adminPaths, ...studentPaths, '/settings']) {
      const leaf = (matchRoutes(routes, path) ?? []).at(-1)?.route;
      expect(templates, path).toContain(leaf?.path);
    }
  });
});
