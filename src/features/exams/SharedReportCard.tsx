/**
 * The report card a signed link opens (/shared/{token}, src/features/shared/SharedPage.tsx): one
 * published result as the A4 card prints it (ReportCard.tsx), in the school's print language, from
 * the answer of GET /api/shared/{token}, put together as cards.ts `examCard` does from a device's copy.
 */
import type { SharedReportCardAnswer } from '../../../contract/shared';
import type { TextsIn } from '../../i18n';
import { ReportCard, type ReportCardData } from './ReportCard';
import './exams.css';

export function sharedCardData({ school, reportCard }: SharedReportCardAnswer, print: TextsIn): ReportCardData {
  const { result } = reportCard;
  return {
    school: { name: school.name, address: school.address, phoneNumber: school.phoneNumber, email: school.email },
    title: `${print.t.exams.card.title}: ${reportCard.examName}`,
    academicYear: reportCard.academicYear,
    student: reportCard.student,
    className: reportCard.className,
    subjects: reportCard.subjects,
    columns: [{ heading: reportCard.examName, subjects: result.subjects }],
    total: `${result.total} / ${result.maxTotal}`,
    percentage: result.percentage,
    grade: result.grade,
    result: result.result,
    rank: result.rank,
    attendance: reportCard.attendance,
    remark: result.remark,
  };
}

export default function SharedReportCard({ answer, print }: { answer: SharedReportCardAnswer; print: TextsIn }) {
  return (
    <div className="rc-screen">
      <ReportCard data={sharedCardData(answer, print)} print={print} />
    </div>
  );
}
