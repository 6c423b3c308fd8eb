/**
 * One report card as an A4 page in the CBSE shape: the school (name, address, phone, e-mail), the student (class, roll and
 * admission numbers), a table of subjects with maximum, marks and grade (co-scholastic grades
 * apart), total, percentage, overall grade, result, rank when the school shows ranks, attendance
 * for the term, the class teacher's remark and the signatures. Printed from the device's copy.
 */
import type { SubjectResult } from '../../../contract/exam-results';
import type { StudentRow } from '../../../sync';
import type { TextsIn } from '../../i18n';
import { shortDate } from '../../ui/dates';
// Its English, for a print in English (the print language's own catalogs load through usePrintTexts).
import './texts';

/** The report card's words, in the school's print language (src/kit/print-texts.ts). */
export type CardTexts = TextsIn['t']['exams']['card'];

export interface CardColumn {
  /** "Unit Test 1" or a term heading. */
  heading: string;
  subjects: readonly SubjectResult[];
}

/** The school's name and the details printed under it (missing ones are left out). */
export interface CardSchool {
  name: string;
  address: string | null;
  phoneNumber: string | null;
  email: string | null;
}

export interface ReportCardData {
  school: CardSchool;
  title: string;
  academicYear: string;
  student: Pick<StudentRow, 'firstName' | 'lastName' | 'admissionId'> & { rollNumber: string };
  className: string;
  subjects: readonly { subjectId: string; name: string }[];
  /** One column of marks per exam (one for a single exam's card). */
  columns: readonly CardColumn[];
  total: string;
  percentage: number;
  grade: string;
  result: 'pass' | 'fail' | null;
  rank: number | null;
  attendance: { present: number; days: number; from: string; until: string } | null;
  remark: string;
  note?: string;
}

function cell(subject: SubjectResult | undefined, card: CardTexts): string {
  if (!subject) return '–';
  if (subject.status === 'absent') return card.absent;
  if (subject.status === 'exempt') return card.exempt;
  return subject.gradedOnly ? (subject.grade ?? '–') : String(subject.marks ?? '–');
}

/** `print`: the texts of the school's print language, which the page reads once for all its cards. */
export function ReportCard({ data, print }: { data: ReportCardData; print: TextsIn }) {
  const card = print.t.exams.card;
  const scholastic = data.subjects.filter((subject) => data.columns.some((column) => column.subjects.some((s) => s.subjectId === subject.subjectId && !s.gradedOnly)));
  const graded = data.subjects.filter((subject) => !scholastic.includes(subject));
  const name = `${data.student.firstName} ${data.student.lastName}`.trim();
  return (
    <article className="rc-page" lang={print.language} aria-label={`${data.title}: ${name}`}>
      <header className="rc-school">
        <p className="rc-school-name">{data.school.name}</p>
        {data.school.address && <p className="rc-school-detail">{data.school.address}</p>}
        {(data.school.phoneNumber || data.school.email) && (
          <p className="rc-school-detail">
            {[data.school.phoneNumber && `${card.phone}: ${data.school.phoneNumber}`, data.school.email && `${card.email}: ${data.school.email}`].filter(Boolean).join(' · ')}
          </p>
        )}
        <p className="rc-title">
          {data.title} · {card.year} {data.academicYear}
        </p>
      </header>
      <dl className="rc-student">
        <div>
          <dt>{card.student}</dt>
          <dd>{name}</dd>
        </div>
        <div>
          <dt>{card.className}</dt>
          <dd>{data.className}</dd>
        </div>
        <div>
          <dt>{card.roll}</dt>
          <dd>{data.student.rollNumber || '–'}</dd>
        </div>
        <div>
          <dt>{card.admission}</dt>
          <dd>{data.student.admissionId ?? '–'}</dd>
        </div>
      </dl>
      <table className="rc-table">
        <thead>
          <tr>
            <th scope="col">{card.subject}</th>
            {data.columns.map((column) => (
              <th key={column.heading} scope="col" colSpan={3}>
                {column.heading}
              </th>
            ))}
          </tr>
          <tr>
            <th scope="col">
              <span className="visually-hidden">{card.subject}</span>
            </th>
            {data.columns.map((column) => [
              <th key={`${column.heading}-max`} scope="col">{card.maxMarks}</th>,
              <th key={`${column.heading}-marks`} scope="col">{card.marks}</th>,
              <th key={`${column.heading}-grade`} scope="col">{card.grade}</th>,
            ])}
          </tr>
        </thead>
        <tbody>
          {scholastic.map((subject) => (
            <tr key={subject.subjectId}>
              <th scope="row">{subject.name}</th>
              {data.columns.map((column) => {
                const result = column.subjects.find((s) => s.subjectId === subject.subjectId);
                return [
                  <td key={`${column.heading}-max`}>{result?.maxMarks ?? '–'}</td>,
                  <td key={`${column.heading}-marks`}>{cell(result, card)}</td>,
                  <td key={`${column.heading}-grade`}>{result?.status === 'exempt' ? '–' : (result?.grade ?? '–')}</td>,
                ];
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {graded.length > 0 && (
        <table className="rc-table rc-graded">
          <caption>{card.coScholastic}</caption>
          <tbody>
            {graded.map((subject) => (
              <tr key={subject.subjectId}>
                <th scope="row">{subject.name}</th>
                {data.columns.map((column) => (
                  <td key={column.heading}>{cell(column.subjects.find((s) => s.subjectId === subject.subjectId), card)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <dl className="rc-summary">
        <div>
          <dt>{card.total}</dt>
          <dd>{data.total}</dd>
        </div>
        <div>
          <dt>{card.percentage}</dt>
          <dd>{data.percentage.toFixed(2)}%</dd>
        </div>
        <div>
          <dt>{card.overallGrade}</dt>
          <dd>{data.grade}</dd>
        </div>
        {data.result && (
          <div>
            <dt>{card.result}</dt>
            <dd>{data.result === 'pass' ? card.pass : card.fail}</dd>
          </div>
        )}
        {data.rank !== null && (
          <div>
            <dt>{card.rank}</dt>
            <dd>{data.rank}</dd>
          </div>
        )}
        {data.attendance && (
          <div>
            <dt>{card.attendance}</dt>
            <dd>{card.attendanceDays({ present: data.attendance.present, days: data.attendance.days, from: shortDate(data.attendance.from) ?? '', until: shortDate(data.attendance.until) ?? '' })}</dd>
          </div>
        )}
      </dl>
      {data.note && <p className="rc-note">{data.note}</p>}
      <section className="rc-remark">
        <h3>{card.remark}</h3>
        <p>{data.remark || '\u00a0'}</p>
      </section>
      <footer className="rc-signatures">
        <span>{card.classTeacher}</span>
        <span>{card.parent}</span>
        <span>{card.principal}</span>
      </footer>
    </article>
  );
}
