/**
 * /admin/reportcards: report cards on A4 from the device's copy (so printable offline) for one
 * student or the whole class at once, one page each in one print job: an exam's card, or the
 * term-wise card adding up the term's exams by their weights. The school's details and its "show
 * ranks" setting come from the device's copy of the school (src/kit/school-copy.ts).
 * The class teacher (or an admin) writes a student's remark here.
 */
import { useLanguage } from '../../i18n';
import { useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { MirrorStatus, useStaffAccess, useWriteReport } from '../../kit';
import { useSessionSnapshot } from '../../session/use-session';
import { useSyncEngine } from '../../sync-binding/hooks';
import { useMirrorQuery } from '../../sync-binding/use-mirror-query';
import { PageHeader } from '../../ui/PageHeader';
import { resultsTable } from '../../../sync/modules/exams';
import { useSchoolCopy } from '../../kit/school-copy';
import { usePrintTexts } from '../../kit/print-texts';
import { cardSchool, examCard, termCard } from './cards';
import { ReportCard, type ReportCardData } from './ReportCard';
import { classLabel, classStudents, fullName, readExamsMirror } from './queries';
import { examTexts as text, examTitles } from './texts';
import './exams.css';
import { resultMessages } from '../../../contract/exams';
import { attendanceTable } from '../../../sync/modules/attendance';

const termPrefix = 'term:';

export default function ReportCardsPage() {
  useLanguage();
  const engine = useSyncEngine();
  const report = useWriteReport();
  const access = useStaffAccess();
  const { session } = useSessionSnapshot();
  const mirror = useMirrorQuery(readExamsMirror, []);
  const [params, setParams] = useSearchParams();
  const ids = useId();
  const schoolCopy = useSchoolCopy();
  const sessionSchool = session?.profile?.schoolName ?? '';
  const school = useMemo(() => cardSchool(schoolCopy, sessionSchool), [schoolCopy, sessionSchool]);
  const [remark, setRemark] = useState<string | null>(null);
  const published = useMemo(() => (mirror?.exams ?? []).filter((exam) => Object.keys(exam.published ?? {}).length > 0), [mirror]);
  const terms = [...new Set(published.map((exam) => `${exam.academicYear} ${exam.term}`))];
  const choice = params.get('exam') ?? published[0]?.id ?? '';
  const termExams = useMemo(
    () => (choice.startsWith(termPrefix) ? published.filter((exam) => `${termPrefix}${exam.academicYear} ${exam.term}` === choice) : []),
    [choice, published],
  );
  const exam = published.find((row) => row.id === choice);
  const sitting = (mirror?.classes ?? []).filter((row) => (exam ? exam.classIds : termExams.flatMap((one) => one.classIds)).includes(row.id));
  const classId = params.get('class') ?? sitting[0]?.id ?? '';
  const studentId = params.get('student') ?? '';
  const klass = sitting.find((row) => row.id === classId);

  const examIds = (exam ? [exam.id] : termExams.map((one) => one.id)).join(',');
  const data = useMirrorQuery(
    async (db) => {
      const students = await classStudents(db, classId, exam?.academicYear ?? termExams[0]?.academicYear);
      const results = (await db.tableOf(resultsTable).where('examId').anyOf(examIds ? examIds.split(',') : []).toArray()).filter((row) => row.classId === classId);
      const attendance = await db.tableOf(attendanceTable).where('[classId+date]').between([classId, ''], [classId, '\uffff']).toArray();
      return { students, results, attendance };
    },
    [classId, examIds],
  );

  const print = usePrintTexts(schoolCopy);
  const cards = useMemo<{ studentId: string; card: ReportCardData }[]>(() => {
    if (!mirror || !data || !klass || !print) return [];
    const chosen = data.students.filter((student) => !studentId || student.id === studentId);
    const context = (student: (typeof chosen)[number]) => ({
      school,
      student,
      className: classLabel(klass),
      subjects: mirror.subjects,
      attendance: data.attendance.filter((row) => row.studentId === student.id),
      card: print.t.exams.card,
    });
    return chosen.flatMap((student) => {
      if (exam) {
        const result = data.results.find((row) => row.studentId === student.id && row.examId === exam.id);
        return result ? [{ studentId: student.id, card: examCard(exam, result, context(student)) }] : [];
      }
      const parts = termExams.flatMap((one) => data.results.filter((row) => row.studentId === student.id && row.examId === one.id).map((result) => ({ exam: one, result })));
      const card = parts.length > 0 ? termCard(parts, context(student)) : undefined;
      return card ? [{ studentId: student.id, card }] : [];
    });
  }, [mirror, data, klass, studentId, exam, termExams, school, print]);

  const single = studentId && exam ? data?.results.find((row) => row.studentId === studentId && row.examId === exam.id) : undefined;
  const mayRemark = access.isAdmin || (access.teacherId !== null && klass?.classTeacherId === access.teacherId);
  const set = (patch: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(patch)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
    setRemark(null);
  };

  return (
    <main className="page ex-page rc-screen">
      <PageHeader title={examTitles.reportCards} backTo="/admin" />
      <MirrorStatus engine={engine} loaded={Boolean(mirror)} text={text} />
      {mirror && (
        <div className="panel ex-form-row rc-controls">
          <div className="field">
            <label className="field-label" htmlFor={`${ids}-exam`}>
              {text.chooseExam}
            </label>
            <select id={`${ids}-exam`} className="field-input" value={choice} onChange={(event) => set({ exam: event.target.value, class: '', student: '' })}>
              {published.map((one) => (
                <option key={one.id} value={one.id}>
                  {one.name} ({one.academicYear})
                </option>
              ))}
              {terms.map((term) => (
                <option key={term} value={`${termPrefix}${term}`}>
                  {text.card.termWise}: {term}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field-label" htmlFor={`${ids}-class`}>
              {text.chooseClass}
            </label>
            <select id={`${ids}-class`} className="field-input" value={classId} onChange={(event) => set({ class: event.target.value, student: '' })}>
              {sitting.map((row) => (
                <option key={row.id} value={row.id}>
                  {classLabel(row)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field-label" htmlFor={`${ids}-student`}>
              {text.chooseStudent}
            </label>
            <select id={`${ids}-student`} className="field-input" value={studentId} onChange={(event) => set({ student: event.target.value })}>
              <option value="">{text.wholeClass}</option>
              {(data?.students ?? []).map((row) => (
                <option key={row.id} value={row.id}>
                  {fullName(row)}
                </option>
              ))}
            </select>
          </div>
          {!school.showRanks && <p className="alert alert-info">{text.card.ranksOff({ path: '/admin/schools' })}</p>}
          <button type="button" className="btn btn-primary" disabled={cards.length === 0} aria-label={text.card.printLabel({ count: cards.length })} onClick={() => window.print()}>
            {text.card.print}
          </button>
        </div>
      )}
      {single && mayRemark && engine && (
        <form
          className="panel rc-controls"
          onSubmit={(event) => {
            event.preventDefault();
            void report.attempt(() => engine.mutate('results.remark', { id: single.id, remark: (remark ?? single.remark).trim() }), resultMessages.remarkSaved);
          }}
        >
          <label className="field-label" htmlFor={`${ids}-remark`}>
            {text.card.editRemark}
          </label>
          <textarea id={`${ids}-remark`} className="field-input" rows={2} maxLength={500} value={remark ?? single.remark} onChange={(event) => setRemark(event.target.value)} />
          <button type="submit" className="btn btn-secondary">
            {text.card.saveRemark}
          </button>
        </form>
      )}
      {mirror && data && cards.length === 0 && <p className="panel">{text.card.none}</p>}
      <div className="rc-pages">
        {print && cards.map(({ studentId: id, card }) => <ReportCard key={id} data={card} print={print} />)}
      </div>
    </main>
  );
}
