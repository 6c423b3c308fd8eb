/**
 * The app's English texts as tests read them (docs/i18n.md): `en.auth.signIn`, with every area of
 * the catalogs loaded as the screens that show them load it. The device starts in English.
 */
import '../../src/features/attendance/texts';
import '../../src/features/landing/texts';
import '../../src/features/students/texts';
import '../../src/features/timetable/texts';
import '../../src/features/events/texts';
import '../../src/features/exams/texts';
import '../../src/features/fees/texts';
import '../../src/features/homework/texts';
import '../../src/features/policies/policy-types';
import '../../src/features/profile/texts';
import '../../src/features/records/texts';
import '../../src/features/student/dashboard/texts';
import '../../src/kit/account-texts';
import '../../src/kit/staff-titles';
import '../../src/kit/texts';
import '../../src/sync-binding/texts';

export { listOf } from '../../src/i18n/formats';
export { t as en } from '../../src/i18n/translate';
