/** The admission register and certificates: pages and the sync panel's words (src/kit/feature.ts). */
import { defineFeature } from '../../kit/feature';
import { lazyPage } from '../../kit/lazy-page';
import { pageTitles } from '../page-titles';

const titles = pageTitles.records;

const RecordsPage = lazyPage(() => import('./RecordsPage'));
const NewAdmissionPage = lazyPage(() => import('./NewAdmissionPage'));
const EditAdmissionPage = lazyPage(() => import('./EditAdmissionPage'));
const PrintCertificatePage = lazyPage(() => import('./PrintCertificatePage'));

const icon = (
  <>
    <path d="M4 4h10l6 6v10H4Z" />
    <path d="M14 4v6h6M8 14h8M8 18h5" />
  </>
);

export const recordsFeature = defineFeature({
  name: 'records',
  sections: {
    admin: [
      { needs: ['admissions', 'certificates', 'students', 'classes'], path: '/records', title: () => titles.records, page: <RecordsPage />, tile: { icon, order: 10 } },
      { needs: ['admissions', 'students', 'classes'], path: '/records/newadmission', title: () => titles.newAdmission, back: '/records', page: <NewAdmissionPage /> },
      { needs: ['admissions', 'students', 'classes'], path: '/records/edit/:admissionNumber', title: () => titles.editAdmission, back: '/records', page: <EditAdmissionPage /> },
      { needs: ['certificates', 'students', 'classes'], path: '/records/printbonafide/:id', title: () => titles.printBonafide, back: '/records', page: <PrintCertificatePage kind="bonafide" /> },
      { needs: ['certificates', 'students', 'classes'], path: '/records/printtc/:id', title: () => titles.printTc, back: '/records', page: <PrintCertificatePage kind="transfer" /> },
      { needs: ['certificates', 'students', 'classes'], path: '/records/printstudentdetails/:id', title: () => titles.printStudentDetails, back: '/records', page: <PrintCertificatePage kind="studentDetails" /> },
    ],
  },
  changes: () => import('./changes'),
});
