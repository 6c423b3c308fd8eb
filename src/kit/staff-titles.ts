/**
 * The titles of the staff screens (attendance, people, classes, subjects, mapping, timetable,
 * accounts, school details, results): the `staff-titles` catalog. Their features' descriptors read
 * them for the dashboards' tiles and the page headers (`title: () => staffTitles.students`), so its
 * small English comes with the features list; each screen's other texts come with its own chunk.
 */
import { loadEnglish } from '../i18n/catalogs';
import { messages as englishTitles } from '../i18n/locales/en/staff-titles.po';
import { t } from '../i18n/translate';

loadEnglish(englishTitles);

export const staffTitles = t.staffTitles;
