/**
 * Every route of spec section 2. Pages load lazily (the 'Loading...' fallback is in RootLayout);
 * the guard of section 2 wraps the areas: /admin/* for admin and teacher, /student/* for student
 * and parent, /settings for all four. Unknown paths go to /home; /app (the installed app's start
 * page) goes to the user's area.
 */
import { lazy, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { familyRoles, roleNames, staffRoles } from '../../contract/roles';
import { adminHome, adminSections, settingsPath, studentHome, studentSections, type Section } from '../navigation/sections';
import { appStartRoute } from '../session/login-redirect';
import { ErrorScreen } from '../ui/ErrorScreen';
import { AppStart } from './AppStart';
import { featurePages } from './features';
import { RequireAuth } from './RequireAuth';
import { RootLayout } from './RootLayout';
import { loadMarkAttendancePage } from './page-loaders';

const LandingPage = lazy(() => import('../features/landing/LandingPage'));
const TermsPage = lazy(() => import('../features/policies/TermsPage'));
const PrivacyPage = lazy(() => import('../features/policies/PrivacyPage'));
const ForgotPasswordPage = lazy(() => import('../features/recovery/ForgotPasswordPage'));
const OtpPage = lazy(() => import('../features/recovery/OtpPage'));
const SchoolSelectionPage = lazy(() => import('../features/school-selection/SchoolSelectionPage'));
const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const RegisterPage = lazy(() => import('../features/auth/RegisterPage'));
const MaintenancePage = lazy(() => import('../features/maintenance/MaintenancePage'));
const SettingsPage = lazy(() => import('../features/settings/SettingsPage'));
const AdminDashboardPage = lazy(() => import('../features/admin/dashboard/AdminDashboardPage'));
const ResultsOverviewPage = lazy(() => import('../features/admin/results/ResultsOverviewPage'));
const StudentDashboardPage = lazy(() => import('../features/student/dashboard/StudentDashboardPage'));
const MarkAttendancePage = lazy(loadMarkAttendancePage);
const ClassAttendancePage = lazy(() => import('../features/attendance/ClassAttendancePage'));
const StudentAttendancePage = lazy(() => import('../features/attendance/StudentAttendancePage'));
const ContactedClientsPage = lazy(() => import('../features/contacted-clients/ContactedClientsPage'));
const MappingPage = lazy(() => import('../features/mapping/MappingPage'));
const SubjectsPage = lazy(() => import('../features/subjects/SubjectsPage'));
const RecordsPage = lazy(() => import('../features/records/RecordsPage'));
const NewAdmissionPage = lazy(() => import('../features/records/NewAdmissionPage'));
const EditAdmissionPage = lazy(() => import('../features/records/EditAdmissionPage'));
const PrintCertificatePage = lazy(() => import('../features/records/PrintCertificatePage'));
const ClassesPage = lazy(() => import('../features/classes/ClassesPage'));
const ProfilePage = lazy(() => import('../features/profile/ProfilePage'));
const SchoolsPage = lazy(() => import('../features/schools/SchoolsPage'));
const AccountsPage = lazy(() => import('../features/accounts/AccountsPage'));
const StudentsPage = lazy(() => import('../features/students/StudentsPage'));
const StudentFormPage = lazy(() => import('../features/students/StudentFormPage'));
const TeachersPage = lazy(() => import('../features/teachers/TeachersPage'));
const TeacherFormPage = lazy(() => import('../features/teachers/TeacherFormPage'));

/** The page of each area section: the features' own (src/app/features.ts) and the rest. */
const builtSections: Readonly<Record<string, ReactNode>> = {
  ...featurePages,
  [`${adminHome}/records`]: <RecordsPage />,
  [`${adminHome}/records/newadmission`]: <NewAdmissionPage />,
  [`${adminHome}/records/edit/:admissionNumber`]: <EditAdmissionPage />,
  [`${adminHome}/records/printbonafide/:id`]: <PrintCertificatePage kind="bonafide" />,
  [`${adminHome}/records/printtc/:id`]: <PrintCertificatePage kind="transfer" />,
  [`${adminHome}/records/printstudentdetails/:id`]: <PrintCertificatePage kind="studentDetails" />,
  [`${adminHome}/mark-attendance`]: <MarkAttendancePage />,
  [`${adminHome}/attendance`]: <ClassAttendancePage />,
  [`${adminHome}/mapping`]: <MappingPage />,
  [`${adminHome}/subjects`]: <SubjectsPage />,
  [`${adminHome}/classes`]: <ClassesPage />,
  [`${studentHome}/attendance`]: <StudentAttendancePage />,
  [`${adminHome}/profile`]: <ProfilePage area="admin" />,
  [`${adminHome}/students`]: <StudentsPage />,
  [`${adminHome}/students/add`]: <StudentFormPage />,
  [`${adminHome}/students/edit/:id`]: <StudentFormPage />,
  [`${adminHome}/teachers`]: <TeachersPage />,
  [`${adminHome}/teachers/add`]: <TeacherFormPage />,
  [`${adminHome}/teachers/edit/:teacherId`]: <TeacherFormPage />,
  [`${studentHome}/profile`]: <ProfilePage area="student" />,
  [`${adminHome}/schools`]: <SchoolsPage />,
  [`${adminHome}/accounts`]: <AccountsPage />,
};

/** Every section of spec section 2 has its page; one without is a mistake caught at start and by tests/unit/app/routes.test.ts. */
function sectionRoute(section: Section): RouteObject {
  const page = builtSections[section.path];
  if (!page) throw new Error(`No page for ${section.path}`);
  return { path: section.path, element: page };
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorScreen />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/home', element: <LandingPage /> },
      { path: '/school-selection', element: <SchoolSelectionPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/forgotpassword', element: <ForgotPasswordPage /> },
      { path: '/otp', element: <OtpPage /> },
      { path: '/terms-of-service', element: <TermsPage /> },
      { path: '/privacy-policy', element: <PrivacyPage /> },
      { path: '/maintenance', element: <MaintenancePage /> },
      // The manifest's start_url: an installed app opens in the user's area, not on the landing page.
      { path: appStartRoute, element: <AppStart /> },
      // For the people who run Kaksha, not a school's staff: the page signs operators in itself.
      { path: `${adminHome}/contacted-clients`, element: <ContactedClientsPage /> },
      {
        element: <RequireAuth roles={roleNames} />,
        children: [{ path: settingsPath, element: <SettingsPage /> }],
      },
      {
        element: <RequireAuth roles={staffRoles} />,
        children: [
          { path: adminHome, element: <AdminDashboardPage /> },
          { path: `${adminHome}/results`, element: <ResultsOverviewPage /> },
          ...adminSections.map(sectionRoute),
        ],
      },
      {
        element: <RequireAuth roles={familyRoles} />,
        children: [{ path: studentHome, element: <StudentDashboardPage /> }, ...studentSections.map(sectionRoute)],
      },
      { path: '*', element: <Navigate to="/home" replace /> },
    ],
  },
];
